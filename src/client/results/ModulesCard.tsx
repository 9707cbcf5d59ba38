// EN 15978 模块: the building's result read in EN 15978's modules beside GB/T 51366's stages (src/calc/modules.ts, as
// the calculation stored it): a line per module with its tCO2e or 未计算 (the GB boundary does not cover it — not 0),
// the sink on a line of its own, the 合计 (the building's stored total, as 碳排放总量 shows it), then module D below,
// outside the total. On a phone the 说明 goes under the name, so the table fits 390 px without scrolling.
import { useState, type ReactNode } from 'react';
import { useNotify } from 'react-admin';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  type Theme,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { EN15978_LINES, NOT_CALCULATED } from '../../../schemas/en15978';
import { modulesOf } from '../../calc/modules';
import { ScrollX } from '../admin/ScrollX';
import { Words } from '../admin/Words';
import { usePhone } from '../admin/RecordCards';
import { fixed2, num, stageLabel, type BuildingResult } from './resultModel';
import { exportModules } from './resultApi';
import { download } from '../providers/download';
import { errorMessage } from '../admin/useConfirmedAction';

export const MODULES_TITLE = 'EN 15978 模块';
export const MODULES_CAPTION =
  '按 EN 15978 的模块列出 GB/T 51366 各阶段的结果；GB 边界未覆盖的模块显示为“未计算”，不是 0。';

/** The stage names a line's note uses when the result predates the stored view. */
const titlesOf = (module: string) =>
  Object.fromEntries(EN15978_LINES.flatMap((l) => l.stages).map((c) => [c, stageLabel(module, c)]));

const Value = ({ value }: { value: number | null }) =>
  value === null ? (
    <Typography component="span" variant="body2" color="text.secondary">
      {NOT_CALCULATED}
    </Typography>
  ) : (
    <>{fixed2(value)}</>
  );

const sinkSx = (theme: Theme) => ({ backgroundColor: alpha(theme.palette.success.main, 0.08) });
const boldSx = { fontWeight: 600 } as const;
const noteSx = { color: 'text.secondary', minWidth: 220 } as const;

/** The module result as a file another tool reads (the format is described in docs/calculation.md). */
const ExportButton = ({ id }: { id: number }) => {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      download(await exportModules(id));
      notify('导出成功', { type: 'success' });
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={run} disabled={busy}>
      导出模块结果(JSON)
    </Button>
  );
};

/** One line: 模块, 名称 (with the 说明 under it on a phone), 碳排放, 说明. */
const Line = (p: {
  phone: boolean;
  module: ReactNode;
  title: string;
  value: ReactNode;
  note: ReactNode;
  testId: string;
  sink?: boolean;
}) => (
  <TableRow data-testid={p.testId} sx={p.sink ? sinkSx : undefined}>
    <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{p.module}</TableCell>
    <TableCell sx={{ verticalAlign: 'top' }}>
      <Words text={p.title} />
      {p.phone && (
        <Typography component="div" variant="caption" color="text.secondary">
          {p.note}
        </Typography>
      )}
    </TableCell>
    <TableCell align="right" sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }} data-testid={`${p.testId}-value`}>
      {p.value}
    </TableCell>
    {!p.phone && <TableCell sx={noteSx}>{p.note}</TableCell>}
  </TableRow>
);

export const ModulesCard = ({ module, data }: { module: string; data: BuildingResult }) => {
  const phone = usePhone();
  const total = num(data.total);
  const view = modulesOf(data.resultDetail, total, titlesOf(module));
  const cols = phone ? 3 : 4;
  const d = view.d;
  return (
    <Card variant="outlined" sx={{ mt: 2 }} data-testid="modules">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {MODULES_TITLE}
          </Typography>
          <ExportButton id={data.id} />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {MODULES_CAPTION}
        </Typography>
        <ScrollX label={MODULES_TITLE}>
          {/* (on a phone narrower cell padding and the unit under 碳排放: the three columns fit 390 px) */}
          <Table size="small" aria-label={MODULES_TITLE} sx={phone ? { '& td, & th': { px: 1 } } : undefined}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>模块</TableCell>
                <TableCell>名称</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {phone ? (
                    <>
                      碳排放
                      <Box component="span" sx={{ display: 'block' }}>
                        (tCO2e)
                      </Box>
                    </>
                  ) : (
                    '碳排放(tCO2e)'
                  )}
                </TableCell>
                {!phone && <TableCell>说明</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {view.lines.map((l) => (
                <Line
                  key={l.module}
                  phone={phone}
                  testId={`module-${l.module}`}
                  module={l.sink ? <Chip size="small" color="success" variant="outlined" label={l.module} /> : l.module}
                  title={l.title}
                  value={<Value value={l.value} />}
                  note={<Words text={l.note} />}
                  sink={l.sink}
                />
              ))}
              <TableRow data-testid="module-total">
                <TableCell colSpan={2} sx={boldSx}>
                  合计
                </TableCell>
                <TableCell align="right" sx={{ ...boldSx, whiteSpace: 'nowrap' }} data-testid="module-total-value">
                  {fixed2(total)}
                </TableCell>
                {!phone && <TableCell sx={noteSx}>即碳排放总量：以上各行之和，碳汇按 GB/T 51366 计入</TableCell>}
              </TableRow>
              <TableRow>
                <TableCell colSpan={cols} sx={{ ...boldSx, bgcolor: 'action.hover' }}>
                  D（不计入合计）
                </TableCell>
              </TableRow>
              <Line
                phone={phone}
                testId="module-D"
                module={d.module}
                title={d.title}
                value={<Value value={d.value} />}
                note={
                  <>
                    <Words text={d.note} />
                    {d.notes.map((n) => (
                      <Box key={n} component="span" sx={{ display: 'block' }}>
                        <Words text={n} />
                      </Box>
                    ))}
                  </>
                }
              />
            </TableBody>
          </Table>
        </ScrollX>
      </CardContent>
    </Card>
  );
};
