// The model-wide half of the pre-flight plausibility review (issue 22 §3): each material's total per m² of the
// model's floor area against the ceilings in ./ranges.csv — one for any material (a material cannot fill more
// than the storey it stands in), tighter ones for families with published typical quantities (concrete, steel).
// Only ceilings: a model may well hold part of a building (the architecture without the structure), so a low
// figure says nothing. The element-level checks (open surfaces, volume over the bounding box, …) are the parser's.
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { formatNumber } from '../../../calc/format';
import { materialFamily } from '../match/taxonomy';
import type { FloorArea, MaterialTotal } from '../model';

export interface Ceiling {
  /** taxonomy families (match/taxonomy) it applies to; '*' any material */
  families: string[];
  label: string;
  measure: 'volume' | 'mass';
  max: number;
  unit: string;
  source: string;
}

/** Steel's mass density, t/m³ (GB 50017-2017 §4.4.8: 7 850 kg/m³), for a steel total the model gives as a volume. */
const STEEL_DENSITY = 7.85;

const FILE = 'ranges.csv';

/** The table, checked: every row a family, a positive ceiling, a unit and a source. */
export function readCeilings(text = readFileSync(new URL(`./${FILE}`, import.meta.url), 'utf8')): Ceiling[] {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy' });
  if (parsed.errors.length) throw new Error(`${FILE}: row ${parsed.errors[0].row ?? '?'}: ${parsed.errors[0].message}`);
  return parsed.data.map((r) => {
    const c: Ceiling = { families: (r.family ?? '').split('|').map((f) => f.trim()).filter(Boolean), label: r.label?.trim() ?? '', measure: r.measure?.trim() as Ceiling['measure'], max: Number(r.max), unit: r.unit?.trim() ?? '', source: r.source?.trim() ?? '' };
    if (!c.families.length || !c.label || !['volume', 'mass'].includes(c.measure) || !(c.max > 0) || !c.unit || !c.source) throw new Error(`${FILE} ${r.family || '(空)'}: family, label, measure (volume|mass), max > 0, unit and source are required`);
    return c;
  });
}

let table: Ceiling[] | undefined;
const ceilings = () => (table ??= readCeilings());

export interface OverCeiling {
  material: string;
  /** the ceiling's words, the figure and its working, e.g. '「混凝土」 520.00 m³ ÷ 楼面面积 100.00 m² = 5.20 m³/m²，超过…' */
  message: string;
}

const n2 = (x: number) => formatNumber(x, 2, '0.00');

/** The materials over a ceiling, with the working; none when the floor area is unknown. */
export function overCeilings(materials: MaterialTotal[], floor: FloorArea | null | undefined, list: Ceiling[] = ceilings()): OverCeiling[] {
  if (!floor || !(floor.value > 0)) return [];
  const out: OverCeiling[] = [];
  for (const m of materials) {
    const family = materialFamily(m.name)?.family;
    // the tightest applicable ceiling decides (family ones before the one for any material)
    const applicable = list.filter((c) => c.families.includes('*') || (family !== undefined && c.families.includes(family)));
    for (const c of applicable.sort((a, b) => Number(a.families.includes('*')) - Number(b.families.includes('*')))) {
      const amount = c.measure === 'volume' ? m.volume : m.weight > 0 ? m.weight : m.volume * (m.density ?? STEEL_DENSITY) * 1000;
      if (!(amount > 0)) continue;
      const per = amount / floor.value;
      if (per <= c.max) break;
      const what = c.measure === 'volume' ? `${n2(amount)} m³` : m.weight > 0 ? `${n2(amount)} kg` : `${n2(m.volume)} m³ × ${n2((m.density ?? STEEL_DENSITY) * 1000)} kg/m³ = ${n2(amount)} kg`;
      out.push({ material: m.name, message: `「${m.name}」${what} ÷ 楼面面积 ${n2(floor.value)} m²（${floor.basis}）= ${n2(per)} ${c.unit}，超过${c.label}上限 ${n2(c.max)} ${c.unit}（${c.source}）` });
      break;
    }
  }
  return out;
}
