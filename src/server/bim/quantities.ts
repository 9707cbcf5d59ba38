// Which of an IFC material's quantities feeds a library factor, by the factor's unit: a per-m³
// factor takes the volume, a per-m² factor the area, a per-t or per-kg factor the weight — or the volume
// through a density (t/m³: the model's own, else the bulk density table) — a per-piece factor the element
// count. Anything else cannot take the quantity and is refused naming the material. A volume that needs a density
// nobody gave is refused with `needsDensity`: the mapping page asks for one in place (the family's default offered,
// match/familyDensity.csv), and the density the user confirms comes back with the mapping (`typed`).
import type { MaterialTotal } from './model';
import { unitKind, type Density } from '../imports/units';

export type Basis = 'volume' | 'area' | 'weight' | 'volumeByDensity' | 'count';

export const BASIS_TEXT: Record<Basis, string> = {
  volume: '体积',
  area: '面积',
  weight: '质量',
  volumeByDensity: '体积×密度',
  count: '构件数量',
};

export interface Fit {
  /** in the factor's unit */
  quantity: number;
  basis: Basis;
  /** t/m³ used for volumeByDensity, with where it came from */
  density?: number;
  densitySource?: string;
}

/** Why a quantity cannot be had; `needsDensity` when a density would make it (asked for on the mapping page). */
export interface Refusal {
  error: string;
  needsDensity?: true;
}

/**
 * The quantity of `m` in the factor's `unit`, or a Chinese reason naming the material why it cannot be had.
 * A per-mass factor takes the weight, else the volume × a density: the one the user confirmed for this mapping
 * (`typed`), else the model's own, else `bulk` — the bulk table's for the factor's material.
 */
export function quantityFor(
  m: Pick<MaterialTotal, 'name' | 'volume' | 'area' | 'weight' | 'elements' | 'density'>,
  unit: string,
  bulk?: Density | null,
  typed?: Density | null,
): Fit | Refusal {
  const k = unitKind(unit);
  const name = `「${m.name}」`;
  if (!k) return { error: `${name}的工程量无法换算为因子单位「${unit}」` };
  if (k.kind === 'volume')
    return m.volume > 0
      ? { quantity: m.volume, basis: 'volume' }
      : { error: `${name}没有体积，不能对应单位为「${unit}」的因子` };
  if (k.kind === 'area')
    return m.area > 0
      ? { quantity: m.area, basis: 'area' }
      : { error: `${name}没有面积，不能对应单位为「${unit}」的因子` };
  if (k.kind === 'count')
    return m.elements > 0
      ? { quantity: m.elements, basis: 'count' }
      : { error: `${name}没有构件数量，不能对应单位为「${unit}」的因子` };
  // mass: the weight when the model gives one, else volume × density
  if (m.weight > 0) return { quantity: (m.weight / 1000) * k.perTonne, basis: 'weight' };
  if (!(m.volume > 0)) return { error: `${name}没有质量或体积，不能对应单位为「${unit}」的因子` };
  const density = typed ?? (m.density ? { value: m.density, source: '模型材料属性' } : bulk);
  if (!density)
    return {
      error: `${name}只有体积，对应单位为「${unit}」的因子需要${name}的密度(t/m³)，请填写或确认密度`,
      needsDensity: true,
    };
  return {
    quantity: m.volume * density.value * k.perTonne,
    basis: 'volumeByDensity',
    density: density.value,
    densitySource: density.source,
  };
}
