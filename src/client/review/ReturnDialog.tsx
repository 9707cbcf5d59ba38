// 退回: the signer's comments — each on the whole building, a stage, or one row of a stage (its rows listed by 序号
// and name) — sent with the return; the revision goes back to 编制中 and 计算人 hears of it.
import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { errorMessage } from '../admin/useConfirmedAction';
import { buildingStages, stageTitle } from '../buildings/wizard';
import { apiFetch, apiUrl } from '../providers/httpClient';
import type { ListAnswer } from '../providers/dataProvider';
import { useBuildingDetail } from '../stages/stageQueries';
import { returnReview, type ReviewAnswer } from './reviewApi';
import { REVIEW_MSG } from './texts';

interface Draft {
  content: string;
  stage: string;
  rowId: string;
}

const EMPTY: Draft = { content: '', stage: '', rowId: '' };
const ROWS_SHOWN = 500;

/** A stage's rows by 序号 (their order on the stage page) for the row a comment is on. */
function useStageRows(projectId: number, stage: string) {
  return useQuery({
    queryKey: ['review', 'rows', projectId, stage],
    queryFn: ({ signal }) =>
      apiFetch<ListAnswer<Record<string, unknown> & { id: number }>>(
        apiUrl(`tpf/v1/tpf/stage/${stage}/`, { projectId, pageSize: ROWS_SHOWN, sortField: 'id', sortOrder: 'ascend' }),
        { signal },
      ),
    enabled: !!stage,
    retry: false,
  });
}

const CommentFields = ({
  projectId,
  stages,
  module,
  value,
  index,
  onChange,
}: {
  projectId: number;
  stages: string[];
  module: string;
  value: Draft;
  index: number;
  onChange: (d: Draft) => void;
}) => {
  const rows = useStageRows(projectId, value.stage);
  return (
    <Stack spacing={1.5} data-testid="review-comment-draft">
      <TextField
        label={`意见 ${index + 1}`}
        required
        multiline
        minRows={2}
        value={value.content}
        onChange={(e) => onChange({ ...value, content: e.target.value })}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          select
          label="针对"
          size="small"
          value={value.stage}
          onChange={(e) => onChange({ ...value, stage: e.target.value, rowId: '' })}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">整个单体</MenuItem>
          {stages.map((s) => (
            <MenuItem key={s} value={s}>
              {stageTitle(module, s)}
            </MenuItem>
          ))}
        </TextField>
        {value.stage && (
          <TextField
            select
            label="数据行"
            size="small"
            value={value.rowId}
            onChange={(e) => onChange({ ...value, rowId: e.target.value })}
            sx={{ flex: 1, minWidth: 0 }}
          >
            <MenuItem value="">整个阶段</MenuItem>
            {(rows.data?.dataList ?? []).map((r, i) => (
              <MenuItem key={r.id} value={String(r.id)}>
                第 {i + 1} 行 {String(r.materialName ?? r.name ?? '')}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
    </Stack>
  );
};

export const ReturnDialog = ({ r, onClose, onDone }: { r: ReviewAnswer; onClose: () => void; onDone: () => void }) => {
  const notify = useNotify();
  const building = useBuildingDetail(r.projectId);
  const [drafts, setDrafts] = useState<Draft[]>([EMPTY]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const module = String(building.data?.computeMethod ?? '');
  const stages = building.data ? buildingStages(module, building.data.menus as string) : [];
  const ready = drafts.every((d) => d.content.trim());
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await returnReview(
        r.projectId,
        drafts.map((d) => ({
          content: d.content.trim(),
          ...(d.stage ? { stage: d.stage } : {}),
          ...(d.rowId ? { rowId: Number(d.rowId) } : {}),
        })),
      );
      notify('已退回', { type: 'success' });
      onDone();
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="review-return-title">
      <DialogTitle id="review-return-title">退回并提出意见</DialogTitle>
      <DialogContent>
        <Stack spacing={3} sx={{ pt: 1 }}>
          {drafts.map((d, i) => (
            <CommentFields
              key={i}
              index={i}
              projectId={r.projectId}
              stages={stages}
              module={module}
              value={d}
              onChange={(v) => setDrafts(drafts.map((x, j) => (j === i ? v : x)))}
            />
          ))}
          <Button onClick={() => setDrafts([...drafts, EMPTY])} sx={{ alignSelf: 'flex-start' }}>
            添加一条意见
          </Button>
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" color="warning" disabled={busy || !ready} onClick={send}>
          {ready ? REVIEW_MSG.return : REVIEW_MSG.commentNeeded}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
