// An element's quantities from its quantity sets (IfcElementQuantity: Qto_*BaseQuantities, BaseQuantities …)
// in m³, m², kg (issue 12 §2). Net before gross; the areas a material covers (a slab's, a wall's side, a
// window's) — never a cross-section or the outer surface of a column. A quantity with its own unit that
// cannot be read is left out and the element flagged.
import * as W from 'web-ifc';
import { type Line, numOf, ref, textOf } from './lines';
import type { Scale, Scales } from './units';

export interface Quantities {
  volume: number | null;
  area: number | null;
  weight: number | null;
  /** a quantity had a unit that could not be read */
  unknownUnit: boolean;
}

const VOLUME_NAMES = ['NetVolume', 'GrossVolume'];
const AREA_NAMES = ['NetArea', 'GrossArea', 'NetSideArea', 'GrossSideArea', 'Area'];
const WEIGHT_NAMES = ['NetWeight', 'GrossWeight'];

type Kind = 'volume' | 'area' | 'weight';
const KINDS: Record<number, { kind: Kind; value: string; scale: keyof Scales }> = {
  [W.IFCQUANTITYVOLUME]: { kind: 'volume', value: 'VolumeValue', scale: 'volume' },
  [W.IFCQUANTITYAREA]: { kind: 'area', value: 'AreaValue', scale: 'area' },
  [W.IFCQUANTITYWEIGHT]: { kind: 'weight', value: 'WeightValue', scale: 'mass' },
};

/** The named value first in `names` order; for volume and weight any other of that kind after them. */
function pick(found: Map<string, number>, names: string[], anyName: boolean): number | null {
  for (const n of names) if (found.has(n)) return found.get(n)!;
  if (anyName) for (const v of found.values()) return v;
  return null;
}

export function readQuantities(get: (id: number) => Line | undefined, sets: number[], scales: Scales, unitOf: (id: number) => Scale | null): Quantities {
  const found: Record<Kind, Map<string, number>> = { volume: new Map(), area: new Map(), weight: new Map() };
  let unknownUnit = false;
  for (const setId of sets) {
    for (const q of get(setId)?.Quantities ?? []) {
      const line = get(ref(q)!);
      const k = line && KINDS[line.type];
      if (!k) continue;
      const raw = numOf(line[k.value]);
      if (raw === undefined || !Number.isFinite(raw)) continue;
      const own = ref(line.Unit);
      const scale = own === undefined ? scales[k.scale] : unitOf(own);
      if (!scale) {
        unknownUnit = true;
        continue;
      }
      const name = textOf(line.Name);
      if (!found[k.kind].has(name)) found[k.kind].set(name, raw * scale.factor);
    }
  }
  return {
    volume: pick(found.volume, VOLUME_NAMES, true),
    area: pick(found.area, AREA_NAMES, false),
    weight: pick(found.weight, WEIGHT_NAMES, true),
    unknownUnit,
  };
}
