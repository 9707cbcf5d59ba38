// The mapping table: one row per IFC material with its quantities, the factor-library material it
// maps to (FactorChoice), the quantity that factor takes (计入工程量: value, unit and basis) and 确认. A factor
// that cannot take the quantity is said in red under the row; one that only lacks a density asks for it there
// (DensityPrompt, the family's default offered). A density in use — confirmed, or saved with an earlier import
// (已保存, its source) — is shown with the quantity and may be changed (修改密度). Controlled: the rows live in
// MappingStep.
import { Fragment } from 'react';
import {
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatNumber } from '../../calc/format';
import { MSG } from '../constants';
import { formatCount } from '../jobs/JobProgress';
import { DensityPrompt } from './DensityPrompt';
import { FactorChoice, SuggestionMarks } from './FactorChoice';
import { canConfirm, type MapChoice, type MappingRow } from './mapping';
import { ScrollX } from '../admin/ScrollX';
import { MixedCheckbox } from '../admin/MixedCheckbox';

export interface MappingTableProps {
  rows: MappingRow[];
  disabled?: boolean;
  onPick: (index: number, choice: MapChoice | null) => void;
  /** the user confirmed a density (t/m³) for the row's factor */
  onDensity: (index: number, density: number) => void;
  /** the user wants to change the row's density */
  onEditDensity: (index: number) => void;
  onConfirm: (index: number, confirmed: boolean) => void;
  onConfirmAll: (confirmed: boolean) => void;
}

const num = (v: number | null | undefined) => formatNumber(v ?? 0, 2, '0.00');

const densityText = (row: MappingRow) =>
  row.densitySource
    ? `（密度 ${row.density} t/m³，已保存：${row.densitySource}）`
    : `（密度 ${row.density} t/m³，已确认）`;

const QuantityCell = ({ row, disabled, onEdit }: { row: MappingRow; disabled?: boolean; onEdit: () => void }) => {
  if (row.checking) return <CircularProgress size={16} aria-label="正在校验工程量" />;
  if (!row.choice || row.quantity === null) return <Typography color="text.secondary">—</Typography>;
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
        {num(row.quantity)}
      </Typography>{' '}
      <Typography variant="body2" component="span">
        {row.unit ?? ''}
      </Typography>
      {row.basis && (
        <Typography variant="caption" color="text.secondary" component="div">
          按{row.basis}
          {row.density !== null ? densityText(row) : ''}
        </Typography>
      )}
      {row.density !== null && !row.needsDensity && (
        <Button size="small" disabled={disabled} onClick={onEdit} sx={{ p: 0, minWidth: 0 }}>
          修改密度
        </Button>
      )}
    </Box>
  );
};

export const MappingTable = ({
  rows,
  disabled,
  onPick,
  onDensity,
  onEditDensity,
  onConfirm,
  onConfirmAll,
}: MappingTableProps) => {
  const confirmable = rows.filter(canConfirm);
  const confirmed = rows.filter((r) => r.confirmed);
  const all = confirmable.length > 0 && confirmed.length === confirmable.length;
  return (
    <ScrollX label="材料映射">
      <Table size="small" aria-label="材料映射" sx={{ minWidth: 1040 }}>
        <TableHead>
          <TableRow>
            <TableCell>IFC材料</TableCell>
            <TableCell align="right">构件数</TableCell>
            <TableCell align="right">体积(m³)</TableCell>
            <TableCell align="right">面积(m²)</TableCell>
            <TableCell align="right">质量(kg)</TableCell>
            <TableCell sx={{ minWidth: 320 }}>对应因子库材料</TableCell>
            <TableCell>计入工程量</TableCell>
            <TableCell padding="checkbox" sx={{ whiteSpace: 'nowrap', pr: 2 }}>
              <MixedCheckbox
                size="small"
                checked={all}
                indeterminate={confirmed.length > 0 && !all}
                disabled={disabled || confirmable.length === 0}
                onChange={(e) => onConfirmAll(e.target.checked)}
                slotProps={{ input: { 'aria-label': '全部确认' } }}
              />
              确认
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={8} align="center">
                {MSG.noData}
              </TableCell>
            </TableRow>
          )}
          {rows.map((row, i) => {
            const m = row.material;
            const s = row.choice?.suggestion;
            return (
              <Fragment key={m.name}>
                <TableRow
                  data-testid="bim-mapping-row"
                  sx={row.error || row.needsDensity ? { '& > td': { borderBottom: 0 } } : undefined}
                >
                  <TableCell sx={{ minWidth: 120, wordBreak: 'break-all' }}>
                    {m.name}
                    {m.family && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        类别：{m.family}
                      </Typography>
                    )}
                    {(m.review ?? 0) > 0 && (
                      <Typography variant="caption" color="error.main" component="div">
                        {formatCount(m.review!)} 个待确认问题
                      </Typography>
                    )}
                    {m.fromGeometry > 0 && (
                      <Typography variant="caption" color="warning.dark" component="div">
                        {formatCount(m.fromGeometry)} 个构件由几何计算
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right">{formatCount(m.elements)}</TableCell>
                  <TableCell align="right">{num(m.volume)}</TableCell>
                  <TableCell align="right">{num(m.area)}</TableCell>
                  <TableCell align="right">{num(m.weight)}</TableCell>
                  <TableCell>
                    <FactorChoice
                      material={m.name}
                      suggestions={m.suggestions}
                      value={row.choice}
                      disabled={disabled}
                      onChange={(c) => onPick(i, c)}
                    />
                    {s && (
                      <Box sx={{ mt: 0.5 }}>
                        <SuggestionMarks s={s} />
                      </Box>
                    )}
                    {!row.choice && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {m.matchNote ? `${m.matchNote}；` : ''}未对应因子，不导入
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <QuantityCell row={row} disabled={disabled} onEdit={() => onEditDensity(i)} />
                  </TableCell>
                  <TableCell padding="checkbox">
                    <Checkbox
                      size="small"
                      checked={row.confirmed}
                      disabled={disabled || !canConfirm(row)}
                      onChange={(e) => onConfirm(i, e.target.checked)}
                      slotProps={{ input: { 'aria-label': `确认 ${m.name}` } }}
                    />
                  </TableCell>
                </TableRow>
                {row.needsDensity && row.choice && (
                  <TableRow>
                    <TableCell colSpan={8} sx={{ pt: 0 }}>
                      <DensityPrompt
                        key={row.choice.factorId}
                        material={m.name}
                        reason={row.needsDensity}
                        suggestion={m.densityDefault}
                        value={row.density}
                        disabled={disabled}
                        onConfirm={(d) => onDensity(i, d)}
                      />
                    </TableCell>
                  </TableRow>
                )}
                {row.error && (
                  <TableRow>
                    <TableCell colSpan={8} sx={{ pt: 0, color: 'error.main' }} role="alert">
                      {/* stays in view while the table scrolls sideways on a phone */}
                      <Box
                        sx={{ position: 'sticky', left: 16, display: 'inline-block', maxWidth: 'calc(100vw - 64px)' }}
                      >
                        {row.error}
                      </Box>
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </ScrollX>
  );
};
