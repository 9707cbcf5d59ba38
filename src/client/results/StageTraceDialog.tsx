// '<阶段> 计算过程': how a stage figure of the result page was made — the stage total and method,
// its formula in words, 建筑运行's parts with their totals, the stage's notes (e.g. the renewables cap) and
// warnings and 合理性检查's flags of the figures it adds to, then its rows a page at a time (50, as the
// trace endpoint pages), each with its working, defaults and problems (TraceRowItem). Full screen below 600 px.
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TablePagination,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatNumber } from '../../calc/format';
import { NoData } from '../admin/NoData';
import { errorMessage } from '../admin/useConfirmedAction';
import { useDicts, type DictMaps } from '../admin/useDicts';
import { usePaginationLabels } from '../i18n/pagination';
import { stageDef } from '../stages/stageDefs';
import { getStageTrace, TRACE_PAGE_SIZE, type StageTrace } from '../stages/traceApi';
import type { Props } from '../stages/TraceMarks';
import { TraceRowItem } from './TraceRowItem';
import { PlausibilityTrace } from './PlausibilityCard';

export const TRACE_DICTS = ['verification', 'dataQuality', 'energyKind', 'runtimePart'];

export const traceTitle = (stageLabel: string) => `${stageLabel} 计算过程`;

/** The stage's formula: the one the server gives, else the distinct formulas of the rows on this page. */
export function stageFormulas(t: StageTrace): string[] {
  if (t.formula) return [t.formula];
  return [...new Set(t.rows.dataList.map((r) => r.trace?.formula).filter((f): f is string => !!f))];
}

const Parts = ({ t, dicts }: { t: StageTrace; dicts: DictMaps }) => {
  const entries = Object.entries(t.parts ?? {});
  if (!entries.length) return null;
  return (
    <Table size="small" aria-label="各用能系统碳排放" sx={{ mb: 1 }}>
      <TableHead>
        <TableRow>
          <TableCell>用能系统</TableCell>
          <TableCell align="right">碳排放(tCO2e)</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map(([part, v]) => (
          <TableRow key={part}>
            <TableCell>{t.partLabels?.[part] ?? dicts.runtimePart?.[part] ?? part}</TableCell>
            <TableCell align="right">{formatNumber(v)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

const Summary = ({ t, dicts }: { t: StageTrace; dicts: DictMaps }) => {
  const formulas = stageFormulas(t);
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography data-testid="trace-total">
          本阶段碳排放：
          <Box component="strong" sx={{ fontWeight: 600 }}>
            {formatNumber(t.total ?? 0)}
          </Box>{' '}
          tCO2e
        </Typography>
        {t.methodLabel && <Typography color="text.secondary">计算方式：{t.methodLabel}</Typography>}
        {t.outsideBoundary && <Chip size="small" color="warning" label={t.outsideBoundary} />}
      </Stack>
      {formulas.length > 0 && (
        <Box data-testid="trace-formula">
          <Typography variant="body2" color="text.secondary">
            计算公式（碳排放 kgCO2e）：
          </Typography>
          {formulas.map((f) => (
            <Typography key={f} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {f}
            </Typography>
          ))}
        </Box>
      )}
      <Parts t={t} dicts={dicts} />
      {t.warnings.map((w) => (
        <Alert key={w} severity="warning">
          {w}
        </Alert>
      ))}
      {t.notes.map((n) => (
        <Alert key={n} severity="info">
          {n}
        </Alert>
      ))}
      <PlausibilityTrace flags={t.plausibility?.flags ?? []} workings={t.plausibility?.workings ?? []} />
    </Stack>
  );
};

export interface StageTraceDialogProps {
  code: string;
  label: string;
  projectId: number;
  onClose: () => void;
}

export const StageTraceDialog = ({ code, label, projectId, onClose }: StageTraceDialogProps) => {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [page, setPage] = useState(0);
  const dicts = useDicts(TRACE_DICTS);
  const paginationLabels = usePaginationLabels();
  const { data, error, isPending, isFetching } = useQuery({
    queryKey: ['stageTrace', projectId, code, page],
    queryFn: ({ signal }) => getStageTrace(code, projectId, page + 1, TRACE_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const title = traceTitle(label);
  const rows = data?.rows.dataList ?? [];
  const formulas = data ? stageFormulas(data) : [];
  const props = (stageDef(code)?.schema.properties ?? {}) as Props;

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby="stage-trace-title"
      data-testid="stage-trace"
    >
      <DialogTitle id="stage-trace-title">{title}</DialogTitle>
      <DialogContent dividers>
        {isFetching && <LinearProgress sx={{ mb: 1 }} aria-label="正在加载" />}
        {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        {!isPending && data && <Summary t={data} dicts={dicts} />}
        {!isPending && !error && rows.length === 0 && <NoData />}
        {rows.length > 0 && (
          <Box component="ol" sx={{ m: 0, p: 0 }} aria-label={`${label}数据行`}>
            {rows.map((r, i) => (
              <TraceRowItem
                key={r.id}
                row={r}
                index={page * TRACE_PAGE_SIZE + i + 1}
                dicts={dicts}
                props={props}
                stageFormula={formulas.length === 1 ? formulas[0] : undefined}
              />
            ))}
          </Box>
        )}
      </DialogContent>
      {data && data.rows.total > 0 && (
        <TablePagination
          component="div"
          count={data.rows.total}
          page={page}
          onPageChange={(_, p) => setPage(p)}
          rowsPerPage={TRACE_PAGE_SIZE}
          rowsPerPageOptions={[TRACE_PAGE_SIZE]}
          {...paginationLabels}
        />
      )}
      <DialogActions>
        <Button onClick={onClose}>关闭</Button>
      </DialogActions>
    </Dialog>
  );
};

export default StageTraceDialog;
