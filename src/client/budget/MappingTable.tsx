// The mapping table: one row per bill item — 类别, 名称, 规格型号, 单位, 数量, 来源 — and its factor
// choice (ProposalChoice). Scrolls sideways inside its box when narrower than the table; on a phone the items are
// cards instead (MappingCards). Controlled: the choices live in MappingStep.
import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { MSG } from '../constants';
import type { BudgetBuildMethod, BudgetItemAnswer, BudgetMachineAnswer, BudgetSuggestionAnswer } from './budgetApi';
import { ClassChip, ItemName } from './ItemParts';
import { ProposalChoice } from './ProposalChoice';
import { num, sourceText, type Choices } from './selection';
import { ScrollX } from '../admin/ScrollX';

export interface MappingViewProps {
  jobId: number;
  items: BudgetItemAnswer[];
  choices: Choices;
  disabled?: boolean;
  onPick: (item: BudgetItemAnswer, index: number | null) => void;
  /** a library factor the server checked for the item (LibraryPick) */
  onFound: (item: BudgetItemAnswer, s: BudgetSuggestionAnswer) => void;
  /** the bill's 表C.0.1 rows by id, and a row the user picked for a machine item (MachinePick) */
  machines: ReadonlyMap<number, BudgetMachineAnswer>;
  onMachine: (item: BudgetItemAnswer, row: BudgetMachineAnswer) => void;
  /** how the building counts 建筑建造 */
  method?: BudgetBuildMethod;
}

/** One item's factor choice, bound to the view's choices and callbacks (the table's cell, a phone card's foot). */
export const ItemChoice = ({
  jobId,
  item,
  choices,
  disabled,
  onPick,
  onFound,
  machines,
  onMachine,
  method,
}: Omit<MappingViewProps, 'items'> & { item: BudgetItemAnswer }) => (
  <ProposalChoice
    jobId={jobId}
    item={item}
    value={choices[item.key] ?? null}
    disabled={disabled}
    onChange={(i) => onPick(item, i)}
    onFound={(s) => onFound(item, s)}
    machines={machines}
    onMachine={(row) => onMachine(item, row)}
    method={method}
  />
);

export const MappingTable = ({ items, ...props }: MappingViewProps) => (
  <ScrollX label="清单映射">
    {/* fixed layout: the columns keep their widths, 对应因子 takes the rest and wraps inside it */}
    <Table
      size="small"
      aria-label="清单映射"
      sx={{ minWidth: 980, tableLayout: 'fixed', '& td': { verticalAlign: 'top' } }}
    >
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 124 }}>类别</TableCell>
          <TableCell sx={{ width: 160 }}>名称</TableCell>
          <TableCell sx={{ width: 112 }}>规格型号</TableCell>
          <TableCell sx={{ width: 64 }}>单位</TableCell>
          <TableCell align="right" sx={{ width: 104 }}>
            数量
          </TableCell>
          <TableCell sx={{ width: 132 }}>来源</TableCell>
          <TableCell>对应因子</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.length === 0 && (
          <TableRow>
            <TableCell colSpan={7} align="center">
              {MSG.noData}
            </TableCell>
          </TableRow>
        )}
        {items.map((item) => (
          <TableRow key={item.key} data-testid="bill-mapping-row">
            <TableCell>
              <ClassChip item={item} />
            </TableCell>
            <TableCell>
              <ItemName item={item} />
            </TableCell>
            <TableCell sx={{ wordBreak: 'break-word' }}>{item.spec}</TableCell>
            <TableCell sx={{ wordBreak: 'break-word' }}>{item.unit}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {num(item.quantity)}
            </TableCell>
            <TableCell sx={{ color: 'text.secondary', fontSize: 'caption.fontSize', wordBreak: 'keep-all' }}>
              {sourceText(item.sources)}
            </TableCell>
            <TableCell>
              <ItemChoice {...props} item={item} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </ScrollX>
);
