// A machine-shift line (台班) matched to GB/T 51366-2019 表C.0.1 (the 参数表 constructionMachine, issue 26 §2): by the
// machine's name, then its specification's figure against the table's (履带式单斗液压挖掘机 1m3 → 斗容量 1 m3; 载重汽车
// 6t → 装载质量 6 t). The row gives the energy per shift and its carrier (柴油 kg, 汽油 kg, 电 kWh). A line whose
// machine is not in the table gets nothing — its shifts cannot be turned into energy without a figure a person gives.
import type { EnergyKind } from '../../../schemas/factors/kinds';
import { normalizeUnit } from '../../calc/units';

export interface MachineRow {
  id: number;
  name: string;
  /** '斗容量 1 m3' */
  spec: string;
  /** energy per 台班 */
  value: number | null;
  /** '柴油 kg/台班', '电 kWh/台班' */
  unit: string;
}

export interface MachineMatch {
  lookupId: number;
  name: string;
  spec: string;
  energyPerShift: number;
  energy: EnergyKind;
  /** the energy's unit per shift: kg or kWh */
  energyUnit: string;
  confidence: number;
  reasons: string[];
}

const CARRIERS: Record<string, [EnergyKind, string]> = { 柴油: ['diesel', 'kg'], 汽油: ['gasoline', 'kg'], 电: ['electricity', 'kWh'] };

const bare = (s: string) => s.replace(/[\s（）()]/g, '');

/** The figure and unit of a specification: '1m3' → [1, 'm3'], '斗容量 0.6 m3' → [0.6, 'm3'], '直径500mm' → [500, 'mm']. */
export function specFigure(spec: string): [number, string] | undefined {
  const m = /(\d+(?:\.\d+)?)\s*([A-Za-z³]+\d?)?/.exec(spec);
  return m ? [Number(m[1]), normalizeUnit(m[2] ?? '')] : undefined;
}

interface Prepared {
  row: MachineRow;
  bare: string;
}

/** The usable rows with their bare names, once per rows array (a 5 000-line bill asks for a thousand machines). */
const preparedRows = new WeakMap<readonly MachineRow[], Prepared[]>();
function prepared(rows: readonly MachineRow[]): Prepared[] {
  let p = preparedRows.get(rows);
  if (!p) {
    p = rows.filter((r) => r.value !== null && CARRIERS[r.unit.split(' ')[0]]).map((row) => ({ row, bare: bare(row.name) }));
    preparedRows.set(rows, p);
  }
  return p;
}

export function matchMachine(line: { name: string; spec: string }, rows: readonly MachineRow[]): MachineMatch | undefined {
  const name = bare(line.name);
  const candidates = prepared(rows).filter((r) => r.bare === name || name.includes(r.bare) || r.bare.includes(name));
  if (!candidates.length) return undefined;
  const exactName = candidates.some((r) => r.bare === name);
  const pool = (exactName ? candidates.filter((r) => r.bare === name) : candidates).map((r) => r.row);
  const want = specFigure(line.spec);
  let best = pool[0];
  let how: 'same' | 'nearest' | 'none' = 'none';
  if (want) {
    const sameUnit = pool.filter((r) => specFigure(r.spec)?.[1] === want[1]);
    const byDistance = (sameUnit.length ? sameUnit : pool).map((r) => ({ r, d: Math.abs((specFigure(r.spec)?.[0] ?? Infinity) - want[0]) })).sort((a, b) => a.d - b.d);
    best = byDistance[0].r;
    how = byDistance[0].d === 0 ? 'same' : 'nearest';
  }
  const [energy, energyUnit] = CARRIERS[best.unit.split(' ')[0]];
  const reasons = [exactName ? '机械名称相同' : `机械名称相近（${best.name}）`];
  if (how === 'same') reasons.push(`规格相同（${best.spec}）`);
  else if (how === 'nearest') reasons.push(`规格取表中最接近的 ${best.spec}`);
  else if (line.spec || pool.length > 1) reasons.push(`规格未能比对，取 ${best.spec}`);
  const confidence = (exactName ? 0.6 : 0.45) + (how === 'same' ? 0.35 : how === 'nearest' ? 0.15 : 0);
  return { lookupId: best.id, name: best.name, spec: best.spec, energyPerShift: best.value!, energy, energyUnit, confidence: Math.round(confidence * 100) / 100, reasons };
}
