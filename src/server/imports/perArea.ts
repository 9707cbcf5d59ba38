// The source-wide half of an import's plausibility review (a model's, a bill's): each
// material family's total per m² of floor area against the ceilings in ./ranges.csv — one per family (aluminium,
// copper, glass, insulation, timber, masonry, mortar, concrete, steel), each with its published typical quantity
// or its physical bound written beside it, and one for any material (a material cannot fill more than the storey
// it stands in). A family's ceiling holds its kinds too (岩棉 is a 保温材料), and its materials are summed: two
// aluminium materials at 60 % of the ceiling each are 120 % of it. Only ceilings: a model may well hold part of a
// building (the architecture without the structure), so a low figure says nothing. The element-level checks (open
// surfaces, volume over the bounding box, …) are the parser's.
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { formatNumber } from '../../calc/format';
import { bulkDensityFor } from './match/bulkDensity';
import { classify, familyById } from './match/taxonomy';
import type { FloorArea } from '../../../schemas/bim';

export interface Ceiling {
  /** taxonomy families (match/taxonomy) it applies to, with their kinds; '*' any material */
  families: string[];
  label: string;
  measure: 'volume' | 'mass';
  max: number;
  /** m³/m² for a volume ceiling, kg/m² for a mass one */
  unit: string;
  /** t/m³, a mass ceiling's: for a total given only as a volume when neither the model nor the bulk table has one */
  density: number | null;
  /** 公开用量 (a published typical quantity, times a margin) or 物理上限 (a bound worked from the building's shape) */
  basis: string;
  source: string;
}

const FILE = 'ranges.csv';
const UNITS = { volume: 'm³/m²', mass: 'kg/m²' } as const;
const BASES = ['公开用量', '物理上限'];

/** What is wrong with a row of the table, in words; null: nothing. */
function problemOf(c: Ceiling): string | null {
  const unknown = c.families.find((f) => f !== '*' && !familyById(f));
  if (!c.families.length) return 'a family is required';
  if (unknown) return `${unknown} is not a family of the taxonomy (match/taxonomy.json)`;
  if (!c.label || !c.source) return 'label and source are required';
  if (!(c.measure in UNITS) || c.unit !== UNITS[c.measure])
    return 'measure volume with unit m³/m², or mass with unit kg/m²';
  if (!(c.max > 0)) return 'max must be > 0';
  if (c.measure === 'mass' && !(c.density !== null && c.density > 0 && c.density < 25))
    return 'a mass ceiling needs a density in t/m³';
  if (c.measure === 'volume' && c.density !== null) return 'only a mass ceiling has a density';
  if (!BASES.includes(c.basis)) return `basis is ${BASES.join(' or ')}`;
  return null;
}

/**
 * The table, checked: a taxonomy family, a positive ceiling in its measure's unit, a mass ceiling's density, a basis
 * and a source.
 */
export function readCeilings(text = readFileSync(new URL(`./${FILE}`, import.meta.url), 'utf8')): Ceiling[] {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
  });
  if (parsed.errors.length) throw new Error(`${FILE}: row ${parsed.errors[0].row ?? '?'}: ${parsed.errors[0].message}`);
  return parsed.data.map((r) => {
    const density = (r.density ?? '').trim();
    const c: Ceiling = {
      families: (r.family ?? '')
        .split('|')
        .map((f) => f.trim())
        .filter(Boolean),
      label: r.label?.trim() ?? '',
      measure: r.measure?.trim() as Ceiling['measure'],
      max: Number(r.max),
      unit: r.unit?.trim() ?? '',
      density: density === '' ? null : Number(density),
      basis: r.basis?.trim() ?? '',
      source: r.source?.trim() ?? '',
    };
    const why = problemOf(c);
    if (why) throw new Error(`${FILE} ${r.family || '(空)'}: ${why}`);
    return c;
  });
}

let table: Ceiling[] | undefined;
export const ceilings = () => (table ??= readCeilings());

/**
 * The ceiling of a material's family: its own family's, else the nearest upper family's (岩棉 → 矿物棉 → 保温材料); null: none.
 */
export function familyCeiling(name: string, list: Ceiling[] = ceilings()): Ceiling | null {
  for (let f = classify(name); f; f = f.parent) {
    const id = f.id;
    const c = list.find((x) => x.families.includes(id));
    if (c) return c;
  }
  return null;
}

/** The ceiling for any material. */
export const anyCeiling = (list: Ceiling[] = ceilings()) => list.find((c) => c.families.includes('*')) ?? null;

/**
 * t/m³ to turn a material's volume into its mass: the model's own, else the bulk table's for its name, else the
 * ceiling's.
 */
export const densityFor = (name: string, c: Ceiling, own?: number | null): number | null =>
  own || bulkDensityFor({ name })?.value || c.density;

/**
 * One material's amount in a ceiling's measure (m³ or kg) and how it was found ('3.00 m³ × 7,850.00 kg/m³ = 23,550.00
 * kg').
 */
export interface Amount {
  name: string;
  amount: number;
  working: string;
}

export interface OverCeiling {
  /** the family's materials over the ceiling, the largest first */
  materials: string[];
  label: string;
  /** the figure and its working against the ceiling, e.g. '「混凝土」 520.00 m³ ÷ 楼面面积 100.00 m² = 5.20 m³/m²，超过…' */
  message: string;
}

const n2 = (x: number) => formatNumber(x, 2, '0.00');

/** The family's amounts against its ceiling: null when within it (or nothing counted). */
export function overCeiling(c: Ceiling, amounts: Amount[], floor: FloorArea): OverCeiling | null {
  const counted = amounts.filter((a) => a.amount > 0).sort((a, b) => b.amount - a.amount);
  if (!counted.length || !(floor.value > 0)) return null;
  const total = counted.reduce((s, a) => s + a.amount, 0);
  const per = total / floor.value;
  if (per <= c.max) return null;
  const base = c.measure === 'volume' ? 'm³' : 'kg';
  const what =
    counted.length === 1
      ? `「${counted[0].name}」${counted[0].working}`
      : `${c.label}：${counted.map((a) => `「${a.name}」${a.working}`).join('，')}，合计 ${n2(total)} ${base}`;
  return {
    materials: counted.map((a) => a.name),
    label: c.label,
    message: `${what} ÷ 楼面面积 ${n2(floor.value)} m²（${floor.basis}）= ${n2(per)} ${c.unit}，超过${c.label}上限 ${n2(c.max)} ${c.unit}（${c.basis}：${c.source}）`,
  };
}

/** What a source knows of a material's quantity: a model's totals, a bill's lines summed. */
export interface MaterialQuantities {
  name: string;
  volume: number;
  /** kg */
  weight: number;
  /** t/m³, the source's own */
  density: number | null;
}

/** A material's amount in the ceiling's measure: its volume; for mass its weight, else volume × density. */
function modelAmount(m: MaterialQuantities, c: Ceiling): Amount | null {
  if (c.measure === 'volume')
    return m.volume > 0 ? { name: m.name, amount: m.volume, working: `${n2(m.volume)} m³` } : null;
  if (m.weight > 0) return { name: m.name, amount: m.weight, working: `${n2(m.weight)} kg` };
  const d = densityFor(m.name, c, m.density);
  if (!(m.volume > 0) || !d) return null;
  const kg = m.volume * d * 1000;
  return { name: m.name, amount: kg, working: `${n2(m.volume)} m³ × ${n2(d * 1000)} kg/m³ = ${n2(kg)} kg` };
}

/**
 * The families over their ceiling and the materials without one over the ceiling for any material, each with the
 * working, in the order their first material comes; none when the floor area is unknown.
 */
export function overCeilings(
  materials: MaterialQuantities[],
  floor: FloorArea | null | undefined,
  list: Ceiling[] = ceilings(),
): OverCeiling[] {
  if (!floor || !(floor.value > 0)) return [];
  const byCeiling = new Map<Ceiling, Amount[]>();
  const order: (Ceiling | Amount)[] = [];
  const any = anyCeiling(list);
  for (const m of materials) {
    const c = familyCeiling(m.name, list);
    if (!c) {
      if (any && m.volume > 0) order.push({ name: m.name, amount: m.volume, working: `${n2(m.volume)} m³` });
      continue;
    }
    if (!byCeiling.has(c)) {
      byCeiling.set(c, []);
      order.push(c);
    }
    const a = modelAmount(m, c);
    if (a) byCeiling.get(c)!.push(a);
  }
  const out: OverCeiling[] = [];
  for (const x of order) {
    const o = 'families' in x ? overCeiling(x, byCeiling.get(x)!, floor) : overCeiling(any!, [x], floor);
    if (o) out.push(o);
  }
  return out;
}
