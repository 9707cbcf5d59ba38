// The budget file's plausibility review, the BIM pre-flight's held on a bill: each material family's amount per m²
// of the building's floor area against the same ceilings (imports/ranges.csv, with their sources), a family over
// its ceiling a 待确认 problem naming its lines, their figures and the ceiling; an import mapping any of those lines
// asks for confirmation. A line's amount is its quantity in the ceiling's measure — kg or m³ — converted as the
// import converts it to a factor (./convert.ts): within a dimension by the units (t → kg, L → m³), a brick's size
// (千块 → m³), a sheet's thickness (m² × 6 mm → m³), across by the material's density per m³ (the bulk table's for
// its name, else the ceiling's: 20 m³ of 铝板 at 2.7 t/m³ is 54 000 kg). A line nothing converts (卷, 套, m² without
// a thickness) is not counted: it says nothing of the family's amount.
import type { BudgetReviewProblem } from '../../../schemas/budget';
import { anyCeiling, type Amount, type Ceiling, ceilings, familyCeiling, overCeiling } from '../imports/perArea';
import { bulkDensityFor } from '../imports/match/bulkDensity';
import { convertItem, type ConvertTarget } from './convert';
import type { FloorArea } from '../../../schemas/bim';
import { formatNumber } from '../../calc/format';
import type { BudgetItem } from './preflight';

/** The floor area a bill is held against: the building's 建筑面积; null when it has none. */
export function billFloor(building: Record<string, unknown>): FloorArea | null {
  const value = Number(building.buildArea);
  return Number.isFinite(value) && value > 0 ? { value, basis: '单体建筑面积' } : null;
}

const n2 = (x: number) => formatNumber(x, 2, '0.00');
const label = (i: Pick<BudgetItem, 'name' | 'spec'>) => [i.name, i.spec].filter(Boolean).join(' ');

/** A line's amount in the ceiling's measure, with its working; null when its unit cannot be taken there. */
function lineAmount(item: BudgetItem, c: Ceiling): Amount | null {
  const name = label(item);
  const bulk =
    bulkDensityFor({ name }) ?? (c.density ? { value: c.density, source: `${c.label}合理上限的密度` } : null);
  // a per-kg target takes a volume through the bulk density (t/m³); a per-m³ one takes a mass through its own density
  const target: ConvertTarget =
    c.measure === 'mass'
      ? { unit: 'kg', coUnit: 'kgCO2e/kg', density: null, bulk }
      : { unit: 'm3', coUnit: 'kgCO2e/m3', density: bulk?.value ?? null, bulk: null };
  const conv = convertItem(item, target);
  if (!conv.ok || !item.unit) return null;
  const base = c.measure === 'mass' ? 'kg' : 'm³';
  return {
    name,
    amount: conv.quantity,
    working: conv.steps.length ? conv.steps.join('，') : `${n2(conv.quantity)} ${base}`,
  };
}

/**
 * The families of the bill's material and equipment lines over their ceilings, and single lines without a family
 * ceiling over the one for any material; none without a floor area.
 */
export function reviewItems(
  items: readonly BudgetItem[],
  floor: FloorArea | null,
  list: Ceiling[] = ceilings(),
): BudgetReviewProblem[] {
  if (!floor) return [];
  const groups = new Map<
    Ceiling | BudgetItem,
    { ceiling: Ceiling; items: Map<string, BudgetItem>; amounts: Amount[] }
  >();
  const any = anyCeiling(list);
  for (const item of items) {
    if (item.cls !== 'material' && item.cls !== 'equipment') continue;
    const c = familyCeiling(label(item), list) ?? any;
    if (!c) continue;
    const a = lineAmount(item, c);
    if (!a) continue;
    // (lines without a family are held one by one: one material cannot fill the storey)
    const key = c === any ? item : c;
    const g = groups.get(key) ?? { ceiling: c, items: new Map<string, BudgetItem>(), amounts: [] };
    g.items.set(item.key, item);
    g.amounts.push(a);
    groups.set(key, g);
  }
  const out: BudgetReviewProblem[] = [];
  for (const g of groups.values()) {
    const over = overCeiling(g.ceiling, g.amounts, floor);
    if (!over) continue;
    const counted = [...g.items.values()].filter((i) => over.materials.includes(label(i)));
    out.push({
      label: over.label,
      message: over.message,
      keys: counted.map((i) => i.key),
      names: over.materials,
      sources: counted.flatMap((i) => i.sources),
    });
  }
  return out;
}

/** The review problems touching the mapped items: their count and names, '「铝单板」、「紫铜板 T2」'. */
/** Lines named per family in a refusal or a warning. */
const NAMED = 3;

export function openReview(
  review: readonly BudgetReviewProblem[],
  mapped: Set<string>,
): { count: number; text: string } {
  const open = review.filter((p) => p.keys.some((k) => mapped.has(k)));
  // (a few lines of each family by name: a bill can hold hundreds, and the pre-flight lists them all)
  const names = (all: readonly string[]) =>
    all
      .slice(0, NAMED)
      .map((n) => `「${n}」`)
      .join('、') + (all.length > NAMED ? ` 等 ${all.length} 项` : '');
  return { count: open.length, text: open.map((p) => `${p.label}：${names(p.names)}`).join('；') };
}

export const BILL_UNCONFIRMED = (o: { count: number; text: string }) =>
  `所选清单项有 ${o.count} 个待确认的问题（${o.text}，用量超出单位建筑面积的合理范围），请核对预检报告后确认导入`;
export const BILL_CONFIRMED = (o: { count: number; text: string }) =>
  `已确认导入用量超出单位建筑面积合理范围的清单项：${o.text}，请核对建材生产数据`;
