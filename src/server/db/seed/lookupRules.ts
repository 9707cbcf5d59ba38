// How a lookup-table cell becomes a seed row (tpf3Lookup, 参数表管理) — never present an invented number as official:
// - A plain number in the table is stored as it is, with the table's verification mark (an M stays M).
// - A range or a bound becomes the single number a calculation can use without flattering the building
//   (`conservative()`): the LOWER bound of an efficiency, COP, solar fraction or any "at least" value; the UPPER
//   bound of a loss or degradation rate and of an "at most" class limit. '≥x' and '≤x' give x. An open bound
//   ('>4.20', class G) gives no number. The table's own text is always kept in remarks ('原表取值：…').
// - Two numbers of one row ('89 / 85' = η1 / η2; cooling and heating efficiency; travel and standby) go to
//   value and value2, and spec says which is which.
// - A row the table gives no number for (empty cell, a formula, a method name, an open bound) keeps value null
//   and is marked U with a remark saying no authoritative value is known, whatever mark the table gave its text
//   (that mark is kept in remarks). So a null value is never shown as verified, and U < M < D < V.
// - Rows that are pointers, citations or design suggestions rather than parameters are not seeded (see
//   ./lookupData.ts).
import type { LookupTable } from '../../../../schemas/factors/tpf3Lookup';
import { clip, num, str, type Verification } from './factors';
import { type Direction, LOOKUP_LABELS } from './lookupData';

export interface SeedLookup {
  table: LookupTable;
  name: string;
  spec: string;
  value: number | null;
  unit: string;
  value2: number | null;
  unit2: string;
  source: string;
  verification: Verification;
  remarks: string;
}

export const join = (...parts: string[]): string =>
  parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join('；');

const NO_VALUE = '暂无权威数值，请按标准原文或设计/铭牌/实测值填写';

/**
 * The single number a calculation uses from a table cell (see the rules at the top): '4.10' → 4.1;
 * '86–88' → 86 (low) or 88 (high); '≥60' → 60; '≤50' → 50; '>1600' and '' → null. Any other text is a data
 * error, so a new kind of cell is looked at rather than silently dropped.
 */
export function conservative(text: string | undefined, dir: Direction): number | null {
  const s = str(text);
  if (s === '') return null;
  if (/^-?\d+(\.\d+)?$/.test(s)) return num(s);
  const bound = /^[≥≤]\s*(\d+(?:\.\d+)?)$/.exec(s);
  if (bound) return num(bound[1]);
  if (/^>\s*\d+(\.\d+)?$/.test(s)) return null;
  const range = /^(\d+(?:\.\d+)?)\s*[–~-]\s*(\d+(?:\.\d+)?)$/.exec(s);
  if (range) {
    const [a, b] = [num(range[1])!, num(range[2])!];
    return dir === 'low' ? Math.min(a, b) : Math.max(a, b);
  }
  throw new Error(`seed lookup: cannot read a number from ${JSON.stringify(s)}`);
}

/** '89 / 85' → ['89', '85']; a single cell → [cell]. */
export const pair = (text: string | undefined): string[] => str(text).split(/\s+\/\s+/);

/** The table's cell text for remarks when it is not the plain number stored. */
export const original = (text: string | undefined): string => {
  const s = str(text);
  return s === '' || /^-?\d+(\.\d+)?$/.test(s) ? '' : `原表取值：${s}`;
};

/** The row's source: 'same' / 'same page' repeat the row above's; a few generic words in Chinese; never empty. */
export function sourceReader(): (raw: string | undefined) => string {
  let last = '';
  return (raw) => {
    const s = str(raw);
    const resolved = /^same( page)?$/i.test(s) ? last : (LOOKUP_LABELS.sourceWords[s] ?? s);
    if (resolved) last = resolved;
    return resolved || '暂无来源';
  };
}

/**
 * A number the research itself calls a placeholder (e.g. a template's pre-filled 0.9 boiler efficiency) is not a
 * value: it is kept in remarks only, and the row has no value (U) like any row without an authoritative one.
 */
const PLACEHOLDER = /placeholder/i;

function withoutPlaceholder(r: SeedLookup): SeedLookup {
  if (!PLACEHOLDER.test(`${r.remarks} ${r.source}`) || (r.value === null && r.value2 === null)) return r;
  const kept = [r.value, r.value2].filter((v) => v !== null).join(' / ');
  return { ...r, value: null, value2: null, remarks: join(r.remarks, `原表数值 ${kept} 为模板占位值，不作为参数值`) };
}

/** The row as stored: no value → U with the reason in remarks; fields cut to the columns' lengths. */
export function lookup(row: SeedLookup): SeedLookup {
  const r = withoutPlaceholder(row);
  const noValue = r.value === null && r.value2 === null;
  const verification: Verification = noValue ? 'U' : r.verification;
  const remarks = noValue
    ? join(
        r.remarks,
        r.verification !== 'U' ? `原表核实标记 ${r.verification}（针对文字说明，不是数值）` : '',
        NO_VALUE,
      )
    : r.remarks;
  return {
    table: r.table,
    name: clip(r.name, 100),
    spec: clip(r.spec, 200),
    value: r.value,
    unit: clip(r.unit, 30),
    value2: r.value2,
    unit2: clip(r.unit2, 30),
    source: clip(r.source, 500),
    verification,
    remarks: clip(remarks, 1000),
  };
}

/** Labels of value / value2 for a two-number cell. */
function pairLabels(metric: string, name: string): [string, string] {
  if (metric.includes('η1')) return ['η1 额定负荷', 'η2 部分负荷'];
  if (name.includes('普通型/低温型')) return ['普通型', '低温型'];
  throw new Error(`seed lookup: two values but no labels for ${JSON.stringify(name)} / ${JSON.stringify(metric)}`);
}

/** value/value2 from a cell that may hold 'a / b', with spec text naming which is which. */
export function twoValues(cell: string | undefined, dir: Direction, metric: string, name: string) {
  const parts = pair(cell);
  if (parts.length === 1) return { value: conservative(parts[0], dir), value2: null, which: '' };
  if (parts.length !== 2) throw new Error(`seed lookup: expected one or two values in ${JSON.stringify(cell)}`);
  const [a, b] = pairLabels(metric, name);
  return {
    value: conservative(parts[0], dir),
    value2: conservative(parts[1], dir),
    which: `参数值=${a}，参数值2=${b}`,
  };
}
