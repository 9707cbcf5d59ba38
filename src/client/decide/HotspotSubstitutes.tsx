// The lower-carbon substitutes of one hotspot material row: each factor with its value, source and
// verification mark, the row's emission with it and the saving, and 生成方案 (a variant with the factor swapped).
import {
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatNumber } from '../../calc/format';
import type { Hotspot, Substitute } from './decideApi';
import { VerificationChip } from '../results/referenceParts';
import { tonnes } from './panelParts';

export const NO_SUBSTITUTE = '暂无更低碳的同类因子';
/** Factors show 4 decimals, as everywhere in the project (x-decimals of the factor fields). */
export const FACTOR_DECIMALS = 4;

export interface SubstitutesProps {
  row: Hotspot;
  /** the factor being applied (its button busy), null when idle */
  busy: number | null;
  onApply: (row: Hotspot, sub: Substitute) => void;
}

const ApplyButton = ({ row, sub, busy, onApply }: SubstitutesProps & { sub: Substitute }) => (
  <Button
    size="small"
    variant="outlined"
    disabled={busy != null}
    onClick={() => onApply(row, sub)}
    sx={{ whiteSpace: 'nowrap' }}
  >
    {busy === sub.factorId ? '正在生成…' : '生成方案'}
  </Button>
);

/** A phone's list: one block per substitute, the figures in lines, the button under them. */
const SubstituteList = (props: SubstitutesProps) => (
  <Stack spacing={1} sx={{ py: 1 }} aria-label={`${props.row.label}的低碳替代`}>
    {props.row.substitutes.map((s) => (
      <Box
        key={s.factorId}
        data-testid={`substitute-${s.factorId}`}
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}
      >
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {s.label || s.name}
        </Typography>
        <Typography variant="body2">
          因子值 {formatNumber(s.factorValue, FACTOR_DECIMALS)} {s.factorUnit}
        </Typography>
        <Typography variant="body2">
          替换后排放 {tonnes(s.emission)} tCO2e，可减排 {tonnes(s.saving)} tCO2e（{formatNumber(s.savingPct)}%）
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
          来源：{s.source || '—'}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 0.5 }}>
          <VerificationChip code={s.verification} />
          <ApplyButton {...props} sub={s} />
        </Stack>
      </Box>
    ))}
  </Stack>
);

export const HotspotSubstitutes = ({ compact, ...props }: SubstitutesProps & { compact?: boolean }) => {
  const { row } = props;
  if (!row.substitutes.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {NO_SUBSTITUTE}
      </Typography>
    );
  if (compact) return <SubstituteList {...props} />;
  return (
    <Box sx={{ py: 1 }}>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        「{row.label}」的低碳替代
      </Typography>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={`${row.label}的低碳替代`} sx={{ minWidth: 760 }}>
          <TableHead>
            <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
              <TableCell>名称</TableCell>
              <TableCell align="right">因子值</TableCell>
              <TableCell>来源</TableCell>
              <TableCell>核实标记</TableCell>
              <TableCell align="right">替换后排放(tCO2e)</TableCell>
              <TableCell align="right">可减排(tCO2e)</TableCell>
              <TableCell align="right">可减排(%)</TableCell>
              <TableCell>操作</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {row.substitutes.map((s) => (
              <TableRow key={s.factorId} data-testid={`substitute-${s.factorId}`}>
                <TableCell sx={{ minWidth: 140 }}>{s.label || s.name}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatNumber(s.factorValue, FACTOR_DECIMALS)} {s.factorUnit}
                </TableCell>
                <TableCell sx={{ minWidth: 140, overflowWrap: 'anywhere' }}>{s.source || '—'}</TableCell>
                <TableCell>
                  <VerificationChip code={s.verification} />
                </TableCell>
                <TableCell align="right">{tonnes(s.emission)}</TableCell>
                <TableCell align="right">{tonnes(s.saving)}</TableCell>
                <TableCell align="right">{formatNumber(s.savingPct)}</TableCell>
                <TableCell align="right">
                  <ApplyButton {...props} sub={s} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
};
