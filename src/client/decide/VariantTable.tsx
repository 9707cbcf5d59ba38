// The variants of a building as a table (名称, 来源, 基准/当前 chips, total, intensity, calculation time) with one
// row of actions each — on a phone one card each; an action the caller may not take is disabled and says why in
// its tooltip.
import type { ReactNode } from 'react';
import {
  Button,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { formatNumber } from '../../calc/format';
import type { Variant } from './decideApi';
import { DECIDE_MSG } from './texts';
import { ScrollX } from '../admin/ScrollX';

export type VariantAction = 'switch' | 'baseline' | 'rename' | 'calculate' | 'delete';

const ACTIONS: { action: VariantAction; label: string }[] = [
  { action: 'switch', label: '切换为当前方案' },
  { action: 'baseline', label: '设为基准' },
  { action: 'rename', label: '重命名' },
  { action: 'calculate', label: '计算' },
  { action: 'delete', label: '删除' },
];

/** Why an action is not offered for this variant (null: it is). */
function refusal(v: Variant, action: VariantAction, canEdit: boolean): string | null {
  if (!canEdit) return DECIDE_MSG.noEdit;
  if (action === 'switch' && v.isCurrent) return '已是当前方案';
  if (action === 'baseline' && v.isBaseline) return '已是基准方案';
  if (action === 'delete' && v.isCurrent) return DECIDE_MSG.deleteCurrent;
  if (action === 'delete' && v.isBaseline) return DECIDE_MSG.deleteBaseline;
  return null;
}

const Guarded = ({ reason, children }: { reason: string | null; children: ReactNode }) =>
  reason ? (
    <Tooltip title={reason}>
      <span>{children}</span>
    </Tooltip>
  ) : (
    <>{children}</>
  );

const when = (iso: string | null) => (iso ? iso.replace('T', ' ').slice(0, 16) : '');

export interface VariantTableProps {
  variants: Variant[];
  canEdit: boolean;
  busy: boolean;
  onAction: (action: VariantAction, v: Variant) => void;
}

const NameCell = ({ v }: { v: Variant }) => (
  <Stack direction="row" spacing={0.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
    <Typography variant="body2" sx={{ fontWeight: 600 }}>
      {v.name}
    </Typography>
    {v.isBaseline && <Chip size="small" color="primary" label="基准" />}
    {v.isCurrent && <Chip size="small" color="success" variant="outlined" label="当前" />}
  </Stack>
);

const Actions = ({ v, canEdit, busy, onAction }: { v: Variant } & Omit<VariantTableProps, 'variants'>) => (
  <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 0.5 }}>
    {ACTIONS.map(({ action, label }) => {
      const reason = refusal(v, action, canEdit);
      return (
        <Guarded key={action} reason={reason}>
          <Button
            size="small"
            color={action === 'delete' ? 'error' : 'primary'}
            disabled={!!reason || busy}
            onClick={() => onAction(action, v)}
            sx={{ minWidth: 0, whiteSpace: 'nowrap' }}
          >
            {label}
          </Button>
        </Guarded>
      );
    })}
  </Stack>
);

const total = (v: Variant) => (v.total == null ? DECIDE_MSG.uncalculated : formatNumber(v.total));
const intensity = (v: Variant) =>
  v.total == null ? DECIDE_MSG.uncalculated : formatNumber(v.streng3, 2, DECIDE_MSG.uncalculated);

const VariantCards = (props: VariantTableProps) => (
  <Stack spacing={1.5}>
    {props.variants.map((v) => (
      <Paper
        key={v.id}
        variant="outlined"
        data-testid="variant-row"
        sx={{ p: 1.5, bgcolor: v.isCurrent ? 'action.selected' : undefined }}
      >
        <NameCell v={v} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          来源：{v.origin}
        </Typography>
        <Typography variant="body2">
          碳排放总量：{total(v)}
          {v.total == null ? '' : ' tCO2e'}
        </Typography>
        <Typography variant="body2">
          碳排放强度：{intensity(v)}
          {v.total == null ? '' : ' kgCO2e/(m²·a)'}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          计算时间：{when(v.calculatedAt) || DECIDE_MSG.uncalculated}
        </Typography>
        <Actions v={v} canEdit={props.canEdit} busy={props.busy} onAction={props.onAction} />
      </Paper>
    ))}
  </Stack>
);

export const VariantTable = (props: VariantTableProps) => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (phone) return <VariantCards {...props} />;
  const { variants, canEdit, busy, onAction } = props;
  return (
    <ScrollX label="方案列表">
      <Table size="small" aria-label="方案列表" sx={{ minWidth: 960 }}>
        <TableHead>
          <TableRow>
            <TableCell>方案名称</TableCell>
            <TableCell>来源</TableCell>
            <TableCell align="right">碳排放总量(tCO2e)</TableCell>
            <TableCell align="right">碳排放强度(kgCO2e/(m²·a))</TableCell>
            <TableCell>计算时间</TableCell>
            <TableCell sx={{ minWidth: 330 }}>操作</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {variants.map((v) => (
            <TableRow key={v.id} hover data-testid="variant-row" selected={v.isCurrent}>
              <TableCell>
                <NameCell v={v} />
              </TableCell>
              <TableCell sx={{ maxWidth: 260 }}>{v.origin}</TableCell>
              <TableCell align="right">{total(v)}</TableCell>
              <TableCell align="right">{intensity(v)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(v.calculatedAt) || DECIDE_MSG.uncalculated}</TableCell>
              <TableCell>
                <Actions v={v} canEdit={canEdit} busy={busy} onAction={onAction} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollX>
  );
};
