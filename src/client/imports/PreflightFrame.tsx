// The frame of every import's pre-flight report, shown before anything is saved: the title with the file's name, the
// button that exports the report as a workbook, the grid of counts (a problem count highlighted when above 0), and
// below them what the source alone knows (its units, sheets, groups).
import { useState, type ReactNode } from 'react';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useNotify } from 'react-admin';
import { errorMessage } from '../admin/useConfirmedAction';
import { CountCard } from '../jobs/CountCard';
import { download } from '../providers/download';

export interface PreflightCount {
  id: string;
  label: string;
  value: number;
  /** under the value: 合并为 N 项 */
  note?: string;
  /** a problem: highlighted when above 0 */
  severity?: 'error' | 'warning';
}

/** Counts per row at each breakpoint: the grid's columns. */
type Columns = Partial<Record<'xs' | 'sm' | 'md' | 'lg', number>>;

interface Props {
  fileName: string;
  exportLabel: string;
  /** asks the server for the report's download link */
  excelUrl: () => Promise<string>;
  exportedMessage: string;
  counts: PreflightCount[];
  /** `bim-count` → data-testid `bim-count-<id>` */
  testIdPrefix: string;
  columns: Columns;
  children: ReactNode;
}

export const PreflightFrame = (p: Props) => {
  const notify = useNotify();
  const [exporting, setExporting] = useState(false);
  const exportExcel = async () => {
    setExporting(true);
    try {
      download(await p.excelUrl());
      notify(p.exportedMessage, { type: 'success' });
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setExporting(false);
    }
  };
  const grid = Object.fromEntries(Object.entries(p.columns).map(([k, n]) => [k, `repeat(${n}, minmax(0, 1fr))`]));
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1.5 }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2">
              预检报告
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              {p.fileName}（导入前检查，尚未保存任何数据）
            </Typography>
          </Box>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={exportExcel}
            disabled={exporting}
            sx={{ textTransform: 'none', flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
          >
            {p.exportLabel}
          </Button>
        </Stack>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: grid, mb: 2 }}>
          {p.counts.map((c) => (
            <CountCard
              key={c.id}
              testId={`${p.testIdPrefix}-${c.id}`}
              label={c.label}
              value={c.value}
              note={c.note}
              severity={c.severity}
            />
          ))}
        </Box>
        {p.children}
      </CardContent>
    </Card>
  );
};
