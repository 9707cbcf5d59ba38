// Reading a resource schema for the generic pages: which properties are columns, how values are shown.
import type { PropertySchema, ResourceSchema } from '../../../schemas/index';
import { sortableFields } from '../../../schemas/index';
import { DECIMALS } from '../../calc/format';
import { DEFAULT_SORT } from '../constants';

export type FieldEntry = [name: string, prop: PropertySchema];

export const typesOf = (p: PropertySchema): string[] =>
  Array.isArray(p.type) ? [...p.type] : p.type ? [p.type as string] : [];
export const isNumeric = (p: PropertySchema) => typesOf(p).some((t) => t === 'number' || t === 'integer');
export const isInteger = (p: PropertySchema) => typesOf(p).includes('integer') && !typesOf(p).includes('number');
export const isDateFormat = (p: PropertySchema) => p.format === 'date' || p.format === 'date-time';

/** Properties shown as list columns: those marked `x-list: true`, in schema order. */
export const listFields = (s: ResourceSchema): FieldEntry[] =>
  Object.entries(s.properties).filter(([, p]) => p['x-list'] === true);

export const isSortable = (s: ResourceSchema, field: string) => sortableFields(s).includes(field);

/** A list's first order: the schema's x-resource.defaultSort as react-admin writes it, else createDate descending. */
export const listSort = (s: ResourceSchema): { field: string; order: 'ASC' | 'DESC' } => {
  const sort = s['x-resource'].defaultSort;
  return sort ? { field: sort.field, order: sort.order === 'ascend' ? 'ASC' : 'DESC' } : DEFAULT_SORT;
};

/** Decimals a number column shows: `x-decimals`, else 2 for numbers and 0 for integers. */
export const decimalsOf = (p: PropertySchema): number => p['x-decimals'] ?? (isInteger(p) ? 0 : DECIMALS);

/** zh-CN date (YYYY/M/D) or date-time (YYYY/M/D HH:mm:ss) for ISO strings and epoch numbers. */
export function formatDate(value: unknown, withTime: boolean): string {
  if (value === null || value === undefined || value === '') return '';
  if (!withTime && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number);
    return new Date(y, m - 1, d).toLocaleDateString('zh-CN');
  }
  const date = new Date(value as string | number);
  if (Number.isNaN(date.getTime())) return String(value);
  return withTime ? date.toLocaleString('zh-CN', { hour12: false }) : date.toLocaleDateString('zh-CN');
}

/** `x-rowWarning`: is this row flagged (e.g. a factor whose materialCo is empty or 0)? */
export function isWarningRow(s: ResourceSchema, record: Record<string, unknown> | undefined): boolean {
  const rule = s['x-rowWarning'];
  if (!rule || !record) return false;
  const v = record[rule.field];
  if (rule.when === 'emptyOrZero') return v === null || v === undefined || v === '' || Number(v) === 0;
  return false;
}
