// Units as dimensions: every row unit and every factor unit is read into a dimension (mass,
// volume, area, length, energy, time, transport work, a counted piece, a machine shift) and a scale to that
// dimension's base (kg, m³, m², m, MJ, a, 台班, …), so a row's quantity is converted to its factor's unit before
// it is multiplied — kg on a per-t factor ÷ 1000, kWh on a per-GJ factor × 0.0036 — and what cannot be
// converted is refused, naming both units, never computed. Across dimensions only what the row knows converts:
// a material's density (t per m³, m², m or piece), a fuel's calorific value and a liquid fuel's density
// (src/calc/fuels.ts). One place for all of it (the unit texts are read in ./unitParse.ts and re-exported here); the
// stage formulas call it through toFactorUnit (formulaFunctions.ts).
import { FUELS } from './fuels';
import { shortNumber } from './format';
import type { EnergyKind } from '../../schemas/factors/kinds';
import { normalizeUnit, parseFactorUnit, parseUnit, remembered } from './unitParse';
import {
  baseText,
  bridgeable,
  densityLink,
  dimKey,
  fuelLinks,
  isMass,
  readSize,
  shortestPath,
  sizeLink,
  walk,
  walkSteps,
  type Edge,
  type Link,
  type OwnCalorific,
  type Unit,
} from './bridges';

export type { Unit } from './bridges';
export { factorInKg, normalizeUnit, parseFactorUnit, parseUnit, shiftEnergyUnit, type FactorUnit } from './unitParse';

/** What a row knows that can bridge two dimensions (src/calc/bridges.ts). */
export interface Bridges {
  /** the material's density, per densityUnit */
  density?: unknown;
  /** what the density is per: 't/m3', 'kg/m3', 't/块' (a bare 'm3': t per it); empty: t per the unit that is not
   * a mass, as written (t/千块 on a row in 千块) */
  densityUnit?: unknown;
  /** a piece's or a sheet's size in mm: 240×115×53, a thickness 20 */
  pieceSize?: unknown;
  /** the row's energy kind (its default calorific value and, for a liquid fuel, its density) */
  energy?: unknown;
  /** the fuel's own calorific value, in ncvUnit (empty: MJ/kg, MJ/m3 for natural gas) */
  ncv?: unknown;
  ncvUnit?: unknown;
}

export type Conversion =
  | { ok: true; value: number; readonly steps: string[] }
  | { ok: false; field: 'unit' | 'factorUnit' | 'density' | 'densityUnit' | 'pieceSize' | 'ncvUnit'; message: string };

const num = (v: number) => shortNumber(v);

/**
 * A conversion done, its steps in words written only when read: a calculation reads the value of thousands of rows,
 * the trace and an import's source the words of a few.
 */
export const converted = (value: number, steps: () => string[]): Conversion => ({
  ok: true,
  value,
  get steps() {
    return steps();
  },
});

/**
 * `amount` in `unitText` converted to the denominator of `factorUnitText`. `strict`: the amount comes from a
 * formula with a fixed unit (kWh of a lighting system) and takes only a factor of that very dimension. An empty
 * factor unit means "per the row's unit" and an empty row unit "in the factor's unit" — said in the steps.
 */
export function convertToFactor(
  amount: number,
  unitText: unknown,
  factorUnitText: unknown,
  bridges: Bridges = {},
  strict = false,
  subject?: string,
): Conversion {
  const fu = normalizeUnit(factorUnitText);
  const u = normalizeUnit(unitText);
  if (!fu) return { ok: true, value: amount, steps: u ? [`因子单位未填写：按每${u}计`] : [] };
  const factor = parseFactorUnit(fu);
  if (!factor)
    return {
      ok: false,
      field: 'factorUnit',
      message: `无法识别排放因子单位「${String(factorUnitText).trim()}」（应为 kgCO2e/单位、tCO2/单位 或 gCO2e/单位）`,
    };
  if (!u) return { ok: true, value: amount, steps: [`用量单位未填写：按因子单位 ${factor.per.text} 计`] };
  if (u === factor.perAsUnit || u === factor.per.text) return { ok: true, value: amount, steps: [] };
  const from = parseUnit(u);
  if (!from) return unitMismatch(unitText, factorUnitText, subject, '且无法识别用量单位');
  const to = factor.per;
  if (dimKey(from.dims) === dimKey(to.dims)) {
    const value = (amount * from.scale) / to.scale;
    return converted(value, () =>
      from.scale === to.scale ? [] : [`${num(amount)} ${from.text} = ${num(value)} ${to.text}`],
    );
  }
  if (strict)
    return unitMismatch(
      unitText,
      factorUnitText,
      subject,
      `只能采用每${String(unitText).trim()}（或同量纲单位）的因子`,
    );
  return (
    bridge(amount, from, to, bridges) ??
    unitMismatch(unitText, factorUnitText, subject, missingBridge(from, to, bridges))
  );
}

/** A refusal: it names what the user gave, the row's unit or (`subject`) the inputs a formula's amount is made of. */
function unitMismatch(unitText: unknown, factorUnitText: unknown, subject: string | undefined, why: string) {
  return {
    ok: false as const,
    field: 'unit' as const,
    message: `${subject ?? `用量单位「${String(unitText).trim()}」`}与排放因子单位「${String(factorUnitText).trim()}」不一致，${why}`,
  };
}

/** Why two dimensions could not be bridged, in the user's words. */
function missingBridge(from: Unit, to: Unit, b: Bridges): string {
  const fuel = FUELS[String(b.energy ?? '') as EnergyKind];
  const keys = [dimKey(from.dims), dimKey(to.dims)];
  if (keys.includes('E1') && b.energy)
    return fuel || isPositive(b.ncv) ? '且该能源无法按低位发热量换算' : '且该能源没有低位发热量，无法换算';
  const massSide = isMass(from.dims) ? to : isMass(to.dims) ? from : undefined;
  const density = readDensity(b, massSide);
  if (massSide && bridgeable(massSide.dims)) {
    if (!density) return '且该材料没有密度';
    return `且密度 ${num(density.value)} ${density.text} 只能用于 ${baseText(density.per.dims)}，请填写规格尺寸(mm)或按${from.text}计的密度`;
  }
  if (bridgeable(from.dims) && bridgeable(to.dims)) return `请填写规格尺寸(mm)以由${from.text}换算为${to.text}`;
  return '无法换算';
}

/** A number above 0 (a density, a calorific value): '', null and text are not. */
export const isPositive = (v: unknown) =>
  v !== null && v !== undefined && v !== '' && Number.isFinite(Number(v)) && Number(v) > 0;
/** kg per m³ no building material exceeds */
const MAX_KG_PER_M3 = 25_000;
const MASS_KG: Record<string, number> = { t: 1000, 吨: 1000, kg: 1, 千克: 1, 公斤: 1, g: 0.001, 克: 0.001 };
const ENERGY_MJ: Record<string, number> = { kj: 0.001, mj: 1, gj: 1000, tj: 1e6, 千焦: 0.001, 兆焦: 1, 吉焦: 1000 };

/**
 * A density unit: 't/m3', 'kg/m3', 't/块', a bare 'm3' (t per it); undefined when it names no unit a mass can be per.
 */
function readDensityUnit(text: unknown): { massKg: number; per: Unit; text: string } | undefined {
  const t = normalizeUnit(text);
  const m = /^(t|吨|kg|千克|公斤|g|克)\/(.+)$/i.exec(t);
  const per = parseUnit(m ? m[2] : t);
  if (!per || !bridgeable(per.dims)) return undefined;
  return { massKg: m ? (MASS_KG[m[1]] ?? MASS_KG[m[1].toLowerCase()]) : 1000, per, text: m ? t : `t/${t}` };
}

/** The row's density with what it is per; without a density unit, t per the unit that is not a mass, as written
 * (the field is titled 密度(t/单位): 2.6 on a row in 千块 is 2.6 t per 千块). */
function readDensity(
  b: Bridges,
  massSide: Unit | undefined,
): { value: number; massKg: number; per: Unit; text: string } | undefined {
  if (!isPositive(b.density)) return undefined;
  const value = Number(b.density);
  if (normalizeUnit(b.densityUnit)) {
    const unit = readDensityUnit(b.densityUnit);
    return unit && { value, ...unit };
  }
  if (!massSide || !bridgeable(massSide.dims)) return undefined;
  return { value, massKg: 1000, per: massSide, text: `t/${massSide.text}` };
}

/** The row's own calorific value: 'MJ/kg', 'GJ/t', 'MJ/m3', 'kJ/kg'; empty unit: MJ/kg (MJ/m3 for natural gas). */
function readCalorific(b: Bridges): OwnCalorific | 'bad' | undefined {
  if (!isPositive(b.ncv)) return undefined;
  const t = normalizeUnit(b.ncvUnit) || (b.energy === 'naturalGas' ? 'MJ/m3' : 'MJ/kg');
  const m = /^(kJ|MJ|GJ|TJ|千焦|兆焦|吉焦)\/(.+)$/i.exec(t);
  const per = m && parseUnit(m[2]);
  if (!m || !per || !['M1', 'L3'].includes(dimKey(per.dims))) return 'bad';
  return { mjPer: Number(b.ncv) * ENERGY_MJ[m[1].toLowerCase()], per, text: `${num(Number(b.ncv))} ${t}` };
}

// The chain between two dimensions with one row's data is found once (an import converts thousands of lines over
// the same few chains); null: none within 3 steps.
const paths = new Map<unknown, Edge[] | null>();

/**
 * Converts across dimensions through the row's density, size or fuel data: a shortest chain of at most 3 steps.
 * Undefined when there is none; a refusal when a unit the row gives for them cannot be read.
 */
function bridge(amount: number, from: Unit, to: Unit, b: Bridges): Conversion | undefined {
  const massSide = isMass(from.dims) ? to : isMass(to.dims) ? from : undefined;
  if (normalizeUnit(b.densityUnit) && isPositive(b.density) && !readDensityUnit(b.densityUnit)) {
    return {
      ok: false,
      field: 'densityUnit',
      message: `无法识别密度单位「${String(b.densityUnit).trim()}」（应为 t/m3、t/m2、t/m、t/块 等）`,
    };
  }
  const sizeText = String(b.pieceSize ?? '').trim();
  const sizes = sizeText ? readSize(sizeText) : undefined;
  if (sizeText && !sizes)
    return {
      ok: false,
      field: 'pieceSize',
      message: `无法识别规格尺寸「${sizeText}」（应为 240×115×53 这样的毫米尺寸，板材填厚度如 20）`,
    };
  const own = readCalorific(b);
  if (own === 'bad')
    return {
      ok: false,
      field: 'ncvUnit',
      message: `无法识别发热量单位「${String(b.ncvUnit ?? '').trim()}」（应为 MJ/kg、GJ/t、MJ/m3 等）`,
    };
  const density = readDensity(b, massSide);
  // no building material is denser than 25 t/m³ (steel 7.85, lead 11.3): a density per volume past it is a typo
  if (
    density &&
    dimKey(density.per.dims) === 'L3' &&
    (density.value * density.massKg) / density.per.scale > MAX_KG_PER_M3
  ) {
    return {
      ok: false,
      field: 'density',
      message: `密度 ${num(density.value)} ${density.text} 超出建材的物理范围（不大于 25 t/m3）`,
    };
  }
  const key = `${dimKey(from.dims)}>${dimKey(to.dims)}|${density ? `${density.value}${density.text}` : ''}|${sizeText}|${String(b.energy ?? '')}|${own ? own.text : ''}`;
  const path = remembered(paths, key, () => {
    const links: Link[] = fuelLinks(b.energy, own);
    if (density) links.push(densityLink(density.value, density.per, density.massKg, density.text)!);
    if (sizes) links.push(sizeLink(from, sizes)!);
    return shortestPath(dimKey(from.dims), dimKey(to.dims), links.filter(Boolean));
  });
  return path ? converted(walk(amount, from, to, path), () => walkSteps(amount, from, to, path)) : undefined;
}
