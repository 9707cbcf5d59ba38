// A stage table's columns and body on a wide screen: the selection and 序号 columns, the review comments, the
// schema's fields with their trace marks (默认值, values filled by the calculation), 编辑 / 删除 per row, and a body
// that notes under a row why it counts 0, or what to check on a row that counts.
import type { ReactElement } from 'react';
import { Button } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import { useNotify } from 'react-admin';
import type { ReviewComment } from '../../../schemas/review';
import { MSG } from '../constants';
import { fieldColumns } from '../admin/columns';
import { actionsColumn, indexColumn, notedBody, selectColumn } from '../admin/tableParts';
import { errorMessage, useConfirmedAction } from '../admin/useConfirmedAction';
import type { DictMaps } from '../admin/useDicts';
import { defaultsOf, noticesOf, problemsOf } from './traceApi';
import { DefaultsChip, FilledMark, type Props } from './TraceMarks';
import { filledName, type FilledCell } from './filledCells';
import { EMISSION_FIELD, type StageDef } from './stageDefs';
import { deleteStageRow, type StageRow } from './stageApi';
import { commentColumn } from './StageComments';

const isBlank = (v: unknown) => v === null || v === undefined || v === '';

/** Cells stay on one line; a text longer than this is cut with … and shown whole in a tooltip. */
const LONG_TEXT_CHARS = 16;

/**
 * A stored row breaking a save rule says so under itself, in red; a row that counts but has something to check (an EPD
 * factor past its validity) says that in orange.
 */
export const StageBody = notedBody(
  {
    text: (row, n) => {
      const problems = problemsOf(row as StageRow);
      return problems.length ? `第 ${n} 行未计入（计为 0）：${problems.join('；')}` : null;
    },
    color: 'error.main',
    testId: 'row-problems',
  },
  {
    text: (row, n) => {
      const notices = noticesOf(row as StageRow);
      return notices.length ? `第 ${n} 行：${notices.join('；')}` : null;
    },
    color: 'warning.main',
    testId: 'row-notices',
  },
);

const RowDelete = ({ def, row, onDone }: { def: StageDef; row: StageRow; onDone: () => Promise<void> }) => {
  const notify = useNotify();
  const del = useConfirmedAction('删除确认', '确定要删除这条数据吗？', async () => {
    try {
      await deleteStageRow(def.path, row.id);
      notify(MSG.deleted, { type: 'success' });
      await onDone();
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    }
  });
  return (
    <>
      <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={del.ask} disabled={del.busy}>
        删除
      </Button>
      {del.dialog}
    </>
  );
};

export interface StageColumnsOptions {
  dicts: DictMaps;
  comments: ReviewComment[];
  /** The values the row's last calculation filled in, by field. */
  filledOf: (row: object) => Map<string, FilledCell>;
  /** A frozen building's rows have no 操作 column. */
  frozen: boolean;
  onEdit: (row: StageRow) => void;
  /** After a row is deleted. */
  onDone: () => Promise<void>;
}

export function stageColumns(
  def: StageDef,
  { dicts, comments, filledOf, frozen, onEdit, onDone }: StageColumnsOptions,
): ReactElement[] {
  return [
    selectColumn(),
    indexColumn(),
    ...commentColumn(comments),
    ...fieldColumns(def.schema, {
      sortable: true,
      cutAfter: LONG_TEXT_CHARS,
      dicts,
      filled: (field, row) => filledOf(row).get(field)?.value,
      mark: (field, row) => {
        if (field === EMISSION_FIELD)
          return defaultsOf(row).length ? (
            <DefaultsChip defaults={defaultsOf(row)} props={def.schema.properties as Props} />
          ) : null;
        const cell = isBlank(row[field]) ? filledOf(row).get(field) : undefined;
        return cell?.isValue ? (
          <FilledMark name={filledName(def.schema, field)} used={cell.used} props={def.schema.properties as Props} />
        ) : null;
      },
    }),
    ...(frozen
      ? []
      : [
          actionsColumn((row) => (
            <>
              <Button size="small" startIcon={<EditIcon />} onClick={() => onEdit(row as StageRow)}>
                编辑
              </Button>
              <RowDelete def={def} row={row as StageRow} onDone={onDone} />
            </>
          )),
        ]),
  ];
}
