// The cells of a stage row that the row leaves empty but its last calculation filled in (e.g. an electricity
// row without its own factor is calculated with the building's 电网排放因子, and its 能源因子 and 因子单位 cells
// were blank). Such a cell shows the default the calculation used — in the unit column of a factor value, that
// value's unit — and the value cell is marked with where it came from. Read from the row's stored trace, so the
// cells say what the emission beside them was calculated with.
import type { DefaultRule, ResourceSchema } from '../../../schemas/index';
import { CONTEXT_TITLES } from '../../calc/trace';
import { factorPicks } from './stageDefs';
import { DEFAULT_LABEL } from './TraceMarks';
import { defaultsOf, type DefaultUsed } from './traceApi';

export interface FilledCell {
  value: unknown;
  used: DefaultUsed;
  /** The value itself (not the unit column beside it): the cell that carries the mark. */
  isValue: boolean;
}

/** For a stage schema: a row → its filled cells by field. */
export function filledCells(schema: ResourceSchema): (row: object) => Map<string, FilledCell> {
  const unitOf = new Map(factorPicks(schema).map((p) => [p.value, p.unit]));
  return (row) => {
    const cells = new Map<string, FilledCell>();
    for (const used of defaultsOf(row)) {
      cells.set(used.field, { value: used.value, used, isValue: true });
      const unit = unitOf.get(used.field);
      if (unit && used.unit) cells.set(unit, { value: used.unit, used, isValue: false });
    }
    return cells;
  };
}

/** What a filled value is called in its cell: the building figure it comes from (电网排放因子), else 默认值. */
export function filledName(schema: ResourceSchema, field: string): string {
  const rules = schema['x-defaults']?.[field];
  const list: readonly DefaultRule[] = rules === undefined ? [] : Array.isArray(rules) ? rules : [rules as DefaultRule];
  const from = [...new Set(list.map((r) => r.from))];
  const title = from.length === 1 && from[0] ? CONTEXT_TITLES[from[0]] : undefined;
  return title ? title.replace(/\(.*$/, '') : DEFAULT_LABEL;
}
