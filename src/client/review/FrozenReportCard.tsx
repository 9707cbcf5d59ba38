// The signed revision's frozen report: its number, revision and the PDF's SHA-256, the stored PDF and
// Word files (the same bytes every time: a copy checks out 匹配 on the verify page), and the verify page itself.
// Until it is stored, the drawing that follows the last signature: its step with a progress bar, or why it failed
// with 重新生成 (the page reads the review again meanwhile, BuildingReview.tsx).
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { DRAWING_STEPS, DRAWING_TEXTS } from '../../../schemas/signedReport';
import { errorMessage } from '../admin/useConfirmedAction';
import { JobProgress } from '../jobs/JobProgress';
import { download } from '../providers/download';
import { frozenReportUrl, redrawReport, type ReviewAnswer } from './reviewApi';

/**
 * The card while the report is not stored: the drawing's step, or its failure (or its absence) with a button to draw
 * it.
 */
const NotStored = ({ r, refresh }: { r: ReviewAnswer; refresh: () => unknown }) => {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const d = r.drawing;
  if (d?.state === 'running') {
    const steps = DRAWING_STEPS.length;
    return (
      <JobProgress
        job={{ done: d.done, total: steps, message: `第 ${d.done + 1} / ${steps} 步：${d.text}` }}
        prefix={`${DRAWING_TEXTS.running} `}
      />
    );
  }
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      await redrawReport(r.projectId);
      await refresh();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Alert severity={d ? 'error' : 'info'} sx={{ alignSelf: 'stretch' }} data-testid="frozen-drawing-failed">
        {d ? `${DRAWING_TEXTS.failed}：${d.text}` : DRAWING_TEXTS.missing}
      </Alert>
      <Button variant="contained" disabled={busy} onClick={start} sx={{ textTransform: 'none' }}>
        {d ? DRAWING_TEXTS.retry : DRAWING_TEXTS.start}
      </Button>
      {error && (
        <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
          {error}
        </Alert>
      )}
    </Stack>
  );
};

export const FrozenReportCard = ({ r, refresh }: { r: ReviewAnswer; refresh: () => unknown }) => {
  const [busy, setBusy] = useState<'pdf' | 'word' | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (r.state !== 'approved') return null;
  const get = async (type: 'pdf' | 'word') => {
    setBusy(type);
    setError(null);
    try {
      download(await frozenReportUrl(r.projectId, type));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };
  const report = r.report;
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid="frozen-report">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          签署报告
        </Typography>
        {report ? (
          <>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: '9em 1fr' },
                columnGap: 2,
                rowGap: 0.5,
                m: 0,
                mb: 1.5,
                '& dt': { color: 'text.secondary' },
                '& dd': { m: 0, mb: { xs: 1, sm: 0 }, minWidth: 0 },
              }}
            >
              <dt>报告编号</dt>
              <dd>{report.reportNo}</dd>
              <dt>修订版</dt>
              <dd>{report.revision}</dd>
              <dt>PDF 文件 SHA-256</dt>
              <dd style={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid="frozen-sha256">
                {report.sha256}
              </dd>
              <dt>核验页面</dt>
              <dd>
                {/* the full link with the report's check code, as its QR code carries it
                    (the building's readers only) */}
                <Link
                  href={report.verifyPath}
                  target="_blank"
                  rel="noopener"
                  sx={{ wordBreak: 'break-all' }}
                  data-testid="frozen-verify-link"
                >
                  {`${window.location.origin}${report.verifyPath}`}
                </Link>
              </dd>
            </Box>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button
                variant="contained"
                disabled={busy !== null}
                onClick={() => get('pdf')}
                sx={{ textTransform: 'none' }}
              >
                {busy === 'pdf' ? '正在下载…' : '下载 PDF 报告'}
              </Button>
              <Button
                variant="outlined"
                disabled={busy !== null}
                onClick={() => get('word')}
                sx={{ textTransform: 'none' }}
              >
                {busy === 'word' ? '正在下载…' : '下载 Word 报告'}
              </Button>
            </Stack>
          </>
        ) : (
          <NotStored r={r} refresh={refresh} />
        )}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          报告在审定时生成、以本单位签章证书内嵌电子签名并存档，每次下载的都是同一份文件；报告中的二维码指向核验页面（含核验码），持有报告的人可核验一份
          PDF 是否与存档一致，也可在 PDF 阅读器中查看其签名。
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {error}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
};
