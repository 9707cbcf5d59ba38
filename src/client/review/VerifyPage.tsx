// /verify/:reportNo?c={check code} — the public page a frozen report's QR code leads to, no login: the report's
// number, building, total, intensity, signatures and date as stored at its signature, whether a later revision
// replaced it, and the check of a PDF copy against the stored file (匹配 / 不匹配) and of its embedded signature.
// It shows nothing else of the building or its tenant.
import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useParams, useSearchParams } from 'react-router-dom';
import { formatNumber } from '../../calc/format';
import { supersededText, VERIFY_TEXTS } from '../../../schemas/review';
import { AuthCard, failureText } from '../account/AuthCard';
import { checkCopy, getVerify, type VerifyAnswer, type VerifyCheck } from './reviewApi';

export const VerifyPage = () => {
  const reportNo = useParams().reportNo ?? '';
  const code = useSearchParams()[0].get('c');
  const [info, setInfo] = useState<VerifyAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- another report number clears the last answer
    setInfo(null);
    setError(null);
    getVerify(reportNo, code, ctl.signal).then(
      setInfo,
      (err) => ctl.signal.aborted || setError(failureText(err, VERIFY_TEXTS.unknown)),
    );
    return () => ctl.abort();
  }, [reportNo, code]);
  return (
    <AuthCard
      label="报告核验"
      subtitle="建筑碳排放报告核验"
      width={640}
      alert={error ? { message: error, severity: 'error' } : undefined}
    >
      {!info && !error && <CircularProgress aria-label="正在加载" sx={{ display: 'block', mx: 'auto' }} />}
      {info?.supersededBy && (
        <Alert severity="warning" variant="filled" sx={{ mb: 2, fontSize: 16 }} data-testid="verify-superseded">
          <strong>{supersededText(info.supersededBy)}</strong>
          <Box component="span" sx={{ display: 'block', fontSize: 14, mt: 0.5 }}>
            本报告所载数据已不是该单体的最新审定结果，请以修订版 {info.supersededBy.revision} 的报告为准。
          </Box>
        </Alert>
      )}
      {info && <Summary info={info} />}
      {info && <CopyCheck reportNo={info.reportNo} code={code} />}
    </AuthCard>
  );
};

const Summary = ({ info }: { info: VerifyAnswer }) => (
  <>
    <Box
      component="dl"
      data-testid="verify-summary"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '12em 1fr' },
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
        '& dt': { color: 'text.secondary' },
        '& dd': { m: 0, mb: { xs: 1, sm: 0 }, minWidth: 0, wordBreak: 'break-word' },
      }}
    >
      <dt>报告编号</dt>
      <dd>{info.reportNo}</dd>
      <dt>单体名称</dt>
      <dd>{info.buildingName}</dd>
      <dt>修订版</dt>
      <dd>{info.revision}</dd>
      <dt>碳排放总量（tCO2e）</dt>
      <dd>{formatNumber(info.total, 2, '—')}</dd>
      <dt>单位面积年均碳排放强度（kgCO2e/(m²·a)）</dt>
      <dd>{formatNumber(info.intensity, 2, '—')}</dd>
      <dt>审定日期</dt>
      <dd>{info.approvedAt}</dd>
    </Box>
    <Table size="small" sx={{ my: 2 }} aria-label="签署">
      <TableHead>
        <TableRow>
          <TableCell>职责</TableCell>
          <TableCell>签署人</TableCell>
          <TableCell>日期</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {info.signatures.map((s) => (
          <TableRow key={s.title}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{s.title}</TableCell>
            <TableCell>{s.names || '—'}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{s.date || '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </>
);

const CopyCheck = ({ reportNo, code }: { reportNo: string; code: string | null }) => {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<(VerifyCheck & { file: string }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setResult(null);
    setError(null);
    try {
      setResult({ ...(await checkCopy(reportNo, code, file)), file: file.name });
    } catch (err) {
      setError(failureText(err, '核验失败，请重试'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <section aria-label="核验 PDF 文件">
      <Typography variant="subtitle1" component="h2" gutterBottom>
        核验 PDF 文件
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        上传您收到的报告 PDF，与审定时存档的文件比对（SHA-256），并检查其内嵌的电子签名。
      </Typography>
      <input
        ref={input}
        type="file"
        accept="application/pdf,.pdf"
        hidden
        aria-label="选择 PDF 文件"
        onChange={(e) => void pick(e.target.files?.[0])}
        data-testid="verify-file"
      />
      <Button variant="contained" disabled={busy} onClick={() => input.current?.click()}>
        {busy ? '正在核验…' : '选择 PDF 文件'}
      </Button>
      {result && (
        <Alert severity={result.match ? 'success' : 'error'} sx={{ mt: 2 }} data-testid="verify-result">
          <strong>{result.match ? VERIFY_TEXTS.match : VERIFY_TEXTS.mismatch}</strong>：「{result.file}」
          {result.match ? '与存档的签署报告一致。' : '与存档的签署报告不一致，文件可能已被修改或不是该编号的报告。'}
          <Box
            component="span"
            sx={{ display: 'block', fontFamily: 'monospace', wordBreak: 'break-all', fontSize: 12, mt: 0.5 }}
          >
            SHA-256：{result.sha256}
          </Box>
        </Alert>
      )}
      {result && (
        <Alert
          severity={result.signature === 'valid' ? 'success' : result.signature === 'invalid' ? 'error' : 'info'}
          sx={{ mt: 1 }}
          data-testid="verify-signature"
        >
          <strong>{result.signatureText}</strong>
          {result.signature === 'valid'
            ? '：签名覆盖整个文件，签署后未被修改，签章证书与存档一致。'
            : result.signature === 'invalid'
              ? '：文件在签署后被修改，或签名不是本报告的签章证书所签。'
              : '：该文件没有可核验的内嵌签名。'}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
    </section>
  );
};

export default VerifyPage;
