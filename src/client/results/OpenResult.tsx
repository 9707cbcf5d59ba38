// /factors/result?projectId= — where a 因子已更新 notification leads: the result page works on the session's
// current building, so this page selects the building first (as the building list does), then opens
// /{module}/result, where the chip and 重新计算 are.
import { useEffect, useState } from 'react';
import { Alert } from '@mui/material';
import { Loading } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../admin/useConfirmedAction';
import { apiFetch, apiUrl } from '../providers/httpClient';
import { setCurrentBuilding, type CurrentBuilding } from '../session/currentBuilding';
import { stageRoute } from '../buildings/wizard';

export default function OpenResult() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const id = Number(params.get('projectId'));

  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the address itself names no building
      setError('缺少单体建筑');
      return;
    }
    const ctrl = new AbortController();
    apiFetch<CurrentBuilding & Record<string, unknown>>(apiUrl(`tpf/v1/tpf/tpf3Project/${id}`), { signal: ctrl.signal })
      .then((b) => {
        setCurrentBuilding(b);
        navigate(stageRoute(b.computeMethod, 'result'), { replace: true });
      })
      .catch((err) => !ctrl.signal.aborted && setError(errorMessage(err)));
    return () => ctrl.abort();
  }, [id, navigate]);

  return error ? (
    <Alert severity="error" sx={{ m: 2 }}>
      {error}
    </Alert>
  ) : (
    <Loading loadingPrimary="正在打开计算结果…" loadingSecondary="" />
  );
}
