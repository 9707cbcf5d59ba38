// The hotspot table: the ten largest emitting rows with rank, stage, quantity, factor, emission (t),
// share and cumulative share; a material row with substitutes opens them under itself (低碳替代). On a phone the
// rows are blocks instead of a table wider than the screen.
import { Fragment, useState } from 'react';
import {
  Box,
  Button,
  Collapse,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { stageOfRole } from '../../../schemas/stageMeta';
import { formatNumber } from '../../calc/format';
import type { Hotspot } from './decideApi';
import { FACTOR_DECIMALS, HotspotSubstitutes, NO_SUBSTITUTE, type SubstitutesProps } from './HotspotSubstitutes';
import { DASH } from '../results/referenceParts';
import { tonnes } from './panelParts';

const MATERIAL_STAGE = stageOfRole('materials');
const COLUMNS = 9;

export const rowKey = (r: Pick<Hotspot, 'stage' | 'rowId'>) => `${r.stage}-${r.rowId}`;

const factorText = (r: Hotspot) =>
  r.factorValue == null
    ? (r.factorName ?? DASH)
    : `${r.factorName ? `${r.factorName} ` : ''}${formatNumber(r.factorValue, FACTOR_DECIMALS)}${r.factorUnit ? ` ${r.factorUnit}` : ''}`;

const SubstituteCell = ({ row, open, onToggle }: { row: Hotspot; open: boolean; onToggle: () => void }) => {
  if (row.substitutes.length)
    return (
      <Button
        size="small"
        onClick={onToggle}
        endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        aria-expanded={open}
        sx={{ whiteSpace: 'nowrap' }}
      >
        低碳替代（{row.substitutes.length}）
      </Button>
    );
  if (row.stage === MATERIAL_STAGE)
    return (
      <Typography variant="caption" color="text.secondary">
        {NO_SUBSTITUTE}
      </Typography>
    );
  return <>{DASH}</>;
};

type TableProps = { rows: Hotspot[] } & Omit<SubstitutesProps, 'row'>;
type OpenState = { open: Record<string, boolean>; toggle: (key: string) => void };

const HotspotList = ({ rows, busy, onApply, open, toggle }: TableProps & OpenState) => (
  <Stack spacing={1} component="ol" sx={{ m: 0, p: 0 }} aria-label="碳排放热点">
    {rows.map((r, i) => {
      const key = rowKey(r);
      return (
        <Box
          component="li"
          key={key}
          data-testid={`hotspot-${key}`}
          sx={{ listStyle: 'none', borderBottom: 1, borderColor: 'divider', pb: 1 }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {i + 1}. {r.label}（{r.stageTitle}）
          </Typography>
          <Typography variant="body2">
            碳排放 {tonnes(r.emission)} tCO2e，占比 {formatNumber(r.share)}%，累计 {formatNumber(r.cumulative)}%
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            用量 {r.quantity == null ? DASH : `${formatNumber(r.quantity)} ${r.unit}`}；排放因子 {factorText(r)}
          </Typography>
          <SubstituteCell row={r} open={!!open[key]} onToggle={() => toggle(key)} />
          {r.substitutes.length > 0 && (
            <Collapse in={!!open[key]} unmountOnExit>
              <HotspotSubstitutes compact row={r} busy={busy} onApply={onApply} />
            </Collapse>
          )}
        </Box>
      );
    })}
  </Stack>
);

export const HotspotTable = ({ rows, busy, onApply }: TableProps) => {
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const toggle = (key: string) => setOpen((o) => ({ ...o, [key]: !o[key] }));
  if (narrow) return <HotspotList rows={rows} busy={busy} onApply={onApply} open={open} toggle={toggle} />;
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="碳排放热点" sx={{ minWidth: 900 }}>
        <TableHead>
          <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
            <TableCell>排名</TableCell>
            <TableCell>阶段</TableCell>
            <TableCell>名称</TableCell>
            <TableCell align="right">用量</TableCell>
            <TableCell>排放因子</TableCell>
            <TableCell align="right">碳排放(tCO2e)</TableCell>
            <TableCell align="right">占比(%)</TableCell>
            <TableCell align="right">累计占比(%)</TableCell>
            <TableCell>低碳替代</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r, i) => {
            const key = rowKey(r);
            const expanded = !!open[key];
            return (
              <Fragment key={key}>
                <TableRow
                  data-testid={`hotspot-${key}`}
                  sx={{ '& > td': { borderBottom: expanded ? 'none' : undefined } }}
                >
                  <TableCell>{i + 1}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.stageTitle}</TableCell>
                  <TableCell sx={{ minWidth: 120 }}>{r.label}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {r.quantity == null ? DASH : `${formatNumber(r.quantity)} ${r.unit}`}
                  </TableCell>
                  <TableCell sx={{ minWidth: 140 }}>{factorText(r)}</TableCell>
                  <TableCell align="right">{tonnes(r.emission)}</TableCell>
                  <TableCell align="right">{formatNumber(r.share)}</TableCell>
                  <TableCell align="right">{formatNumber(r.cumulative)}</TableCell>
                  <TableCell>
                    <SubstituteCell row={r} open={expanded} onToggle={() => toggle(key)} />
                  </TableCell>
                </TableRow>
                {r.substitutes.length > 0 && (
                  <TableRow>
                    <TableCell colSpan={COLUMNS} sx={{ py: 0, ...(expanded ? {} : { borderBottom: 'none' }) }}>
                      <Collapse in={expanded} unmountOnExit>
                        <HotspotSubstitutes row={r} busy={busy} onApply={onApply} />
                      </Collapse>
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
