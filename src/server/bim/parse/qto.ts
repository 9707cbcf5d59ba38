// An element's quantities from its quantity sets (IfcElementQuantity: Qto_*BaseQuantities, BaseQuantities …)
// in m³, m², kg. Net before gross; the areas a material covers (a slab's, a wall's side, a
// window's) — never a cross-section or the outer surface of a column. A quantity with its own unit that
// cannot be read is left out and the element flagged. Every value of a name is kept (Revit writes
// a quantity twice, in two units); which one counts is chosen by evidence (evidence.ts).
import * as W from 'web-ifc';
import { type Line, numOf, ref, textOf } from './lines';
import type { Kind, Scale, Scales } from './units';

/** One value of a quantity as written, normalised by its declared unit. */
export interface Candidate {
  name: string;
  /** the quantity set's name */
  set: string;
  /** m³, m², kg or m */
  value: number;
  scale: Scale;
  /** the quantity declared its own unit (IfcQuantity.Unit) */
  own: boolean;
}

export type QuantityKind = 'volume' | 'area' | 'weight';

export interface RawQuantities {
  /** every value of each kind, in the order written (IfcQuantityCount and others left out) */
  volume: Candidate[];
  area: Candidate[];
  weight: Candidate[];
  /** length quantities by name (m), the first of each: evidence for the others, read only when a name repeats */
  lengths: Record<string, number>;
  /** a quantity had a unit that could not be read */
  unknownUnit: boolean;
}

export const VOLUME_NAMES = ['NetVolume', 'GrossVolume'];
export const AREA_NAMES = ['NetArea', 'GrossArea', 'NetSideArea', 'GrossSideArea', 'Area'];
export const WEIGHT_NAMES = ['NetWeight', 'GrossWeight'];
export const FLOOR_AREA_NAMES = ['NetFloorArea', 'GrossFloorArea'];

const KINDS: Record<number, { kind: QuantityKind | 'length'; value: string; scale: Kind }> = {
  [W.IFCQUANTITYVOLUME]: { kind: 'volume', value: 'VolumeValue', scale: 'volume' },
  [W.IFCQUANTITYAREA]: { kind: 'area', value: 'AreaValue', scale: 'area' },
  [W.IFCQUANTITYWEIGHT]: { kind: 'weight', value: 'WeightValue', scale: 'mass' },
  [W.IFCQUANTITYLENGTH]: { kind: 'length', value: 'LengthValue', scale: 'length' },
};

export const hasQuantities = (q: RawQuantities) => q.volume.length + q.area.length + q.weight.length > 0;

/** How the quantity lines are read: the line, and (cheaply, without reading it) its entity type. */
export interface LineReader {
  line: (id: number) => Line | undefined;
  type: (id: number) => number;
}

export function readQuantities(
  read: LineReader,
  sets: number[],
  scales: Scales,
  unitOf: (id: number) => Scale | null,
): RawQuantities {
  const q: RawQuantities = { volume: [], area: [], weight: [], lengths: Object.create(null), unknownUnit: false };
  // (lengths are only evidence when a name repeats: read after the others, and only then — a line read is dear)
  const lengths: number[] = [];
  const add = (id: number, setName: string) => {
    const line = read.line(id);
    const k = line && KINDS[line.type];
    if (!k) return;
    const raw = numOf(line[k.value]);
    if (raw === undefined || !Number.isFinite(raw)) return;
    const own = ref(line.Unit);
    const scale = own === undefined ? scales[k.scale] : unitOf(own);
    if (!scale) {
      q.unknownUnit = true;
      return;
    }
    const name = textOf(line.Name);
    const value = raw * scale.factor;
    if (k.kind !== 'length') q[k.kind].push({ name, set: setName, value, scale, own: own !== undefined });
    else if (!(name in q.lengths)) q.lengths[name] = value;
  };
  for (const setId of sets) {
    const set = read.line(setId);
    const setName = textOf(set?.Name);
    for (const item of set?.Quantities ?? []) {
      const id = ref(item);
      const type = id === undefined ? undefined : read.type(id);
      if (type === W.IFCQUANTITYLENGTH) lengths.push(id!, setId);
      else if (type !== undefined && KINDS[type]) add(id!, setName);
    }
  }
  if (repeats(q.volume) || repeats(q.area) || repeats(q.weight))
    for (let i = 0; i < lengths.length; i += 2) add(lengths[i], textOf(read.line(lengths[i + 1])?.Name));
  return q;
}

/** A name written more than once. */
function repeats(list: Candidate[]): boolean {
  for (let i = 1; i < list.length; i++) for (let j = 0; j < i; j++) if (list[i].name === list[j].name) return true;
  return false;
}

/**
 * The values of the first name present in `names` order; for volume and weight, failing those, of the first name
 * written.
 */
export function preferred(list: Candidate[], names: string[], anyName: boolean): Candidate[] {
  for (const n of names) {
    const found = list.filter((c) => c.name === n);
    if (found.length) return found;
  }
  return anyName && list.length ? list.filter((c) => c.name === list[0].name) : [];
}

/** The first value written under `name`. */
export const firstOf = (list: Candidate[], name: string) => list.find((c) => c.name === name)?.value;
