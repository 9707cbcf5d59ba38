// The building list's columns: which a page offers in its column picker,
// which it shows by default, their titles (the schema's `title`) and how their values are shown. Result
// figures show 2 decimals and 0.00 when empty.
import { resourceSchema } from '../../../schemas/index';
import { resultColumns } from '../../../schemas/results';
import { moduleDef, STANDARD_NAMES } from '../../../schemas/standards';
import { formatNumber } from '../../calc/format';
import { isNumeric } from '../admin/schemaFields';
import { STATE_LABELS, type ReviewState } from '../../../schemas/review';

const props = resourceSchema('tpf3Project')!.properties;

const RESULTS = new Set<string>(resultColumns());

/**
 * Columns in their display order; computeMethod only on /project/list; the result fields of the module's stages
 * (schemas/results.ts).
 */
export function availableColumns(module: string | undefined): string[] {
  return [
    'engineeringName',
    ...(module ? [] : ['computeMethod']),
    'standard',
    'stage',
    'buildType',
    'structureType',
    'site',
    'useDateLimit',
    'buildYear',
    'buildArea',
    'reviewState',
    'revision',
    ...resultColumns(module),
  ];
}

/** The result column that carries the 结果已过期 mark: 碳排放总量 when shown, else the first result column shown. */
export const staleMarkColumn = (visible: readonly string[]) =>
  visible.includes('total') ? 'total' : visible.find((c) => RESULTS.has(c));

/** Shown until the user picks: 所属项目 (and 计算方式 on /project/list) plus the spec's default columns. */
export function defaultColumns(module: string | undefined): string[] {
  const spec = [
    'stage',
    'site',
    'buildType',
    'structureType',
    'buildArea',
    'useDateLimit',
    'reviewState',
    'streng3',
    'total',
  ];
  return availableColumns(module).filter((c) => c === 'engineeringName' || c === 'computeMethod' || spec.includes(c));
}

/** The local-storage key of a page's column choice. */
export const columnsStorageKey = (module: string | undefined) => `tansuan.columns.buildingList.${module ?? 'all'}`;

export const columnTitle = (key: string) => props[key]?.title ?? key;

/** '碳排放强度(kgCO2e/(m²·a))' → ['碳排放强度', '(kgCO2e/(m²·a))']; a title without a unit → [title, '']. */
export function splitUnit(title: string): [string, string] {
  const m = /^([^(]+)(\(.+\))$/.exec(title);
  return m ? [m[1], m[2]] : [title, ''];
}

export const isResultColumn = (key: string) => RESULTS.has(key);
export const isNumericColumn = (key: string) => !!props[key] && isNumeric(props[key]);

export interface Labels {
  standard: Record<string, string>;
  computeMethod: Record<string, string>;
}

/** The text of one cell. */
export function cellText(key: string, value: unknown, labels: Labels): string {
  if (isResultColumn(key)) return formatNumber(value === null || value === undefined || value === '' ? 0 : value);
  if (value === null || value === undefined || value === '') return '';
  if (key === 'standard')
    return labels.standard[String(value)] ?? STANDARD_NAMES[value as keyof typeof STANDARD_NAMES] ?? String(value);
  if (key === 'computeMethod')
    return labels.computeMethod[String(value)] ?? moduleDef(String(value))?.label ?? String(value);
  if (key === 'buildArea') return formatNumber(value);
  if (key === 'reviewState') return STATE_LABELS[value as ReviewState] ?? String(value);
  return String(value);
}
