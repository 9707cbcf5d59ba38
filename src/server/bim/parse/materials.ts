// An element's materials as shares of its volume: a layer set splits by layer thickness (an air
// layer without material keeps its share, counted for nothing), a constituent set by its fractions (the rest
// shared equally by constituents without one), a profile set and a material list equally; a single material
// takes all. A layered material also answers its layers' thicknesses: the element's thickness (area × thickness is
// evidence for a volume) and a layer over 2 m is implausible.
import * as W from 'web-ifc';
import { type Line, numOf, ref, textOf } from './lines';

export interface Share {
  material: string;
  share: number;
}

export interface Layer {
  material: string;
  /** in the file's length unit */
  thickness: number;
}

export interface Materials {
  shares: Share[];
  /** the layers of a layer set (empty for other material forms) */
  layers: Layer[];
}

const UNNAMED = '（未命名材料）';

type Get = (id: number) => Line | undefined;

const nameOf = (get: Get, x: unknown): string | undefined => {
  const id = ref(x);
  const m = id === undefined ? undefined : get(id);
  return m ? textOf(m.Name).trim() || UNNAMED : undefined;
};

/** Equal shares of the named materials (missing ones skipped). */
const equal = (names: (string | undefined)[]): Share[] => {
  const n = names.filter((x): x is string => !!x);
  return n.map((material) => ({ material, share: 1 / n.length }));
};

const layerLines = (get: Get, set: Line | undefined) =>
  (set?.MaterialLayers ?? []).map((l: unknown) => get(ref(l)!)).filter(Boolean) as Line[];

/** The layers with their thickness (an air layer without material named as unnamed). */
const layerList = (get: Get, list: Line[]): Layer[] =>
  list.map((l) => ({ material: nameOf(get, l.Material) ?? UNNAMED, thickness: numOf(l.LayerThickness) ?? 0 }));

/** Shares by layer thickness (only the ratios matter, so the file's length unit does). */
function layerShares(get: Get, list: Line[]): Share[] {
  const thick = list.map((l) => Math.max(0, numOf(l.LayerThickness) ?? 0));
  const total = thick.reduce((a, b) => a + b, 0);
  if (!(total > 0)) return equal(list.map((l) => nameOf(get, l.Material)));
  return list.flatMap((l, i) => {
    const material = nameOf(get, l.Material);
    return material && thick[i] > 0 ? [{ material, share: thick[i] / total }] : [];
  });
}

function constituents(get: Get, set: Line | undefined): Share[] {
  const list = (set?.MaterialConstituents ?? []).map((c: unknown) => get(ref(c)!)).filter(Boolean) as Line[];
  const given = list.map((c) => numOf(c.Fraction));
  const known = given.reduce<number>((a, f) => a + (f && f > 0 ? f : 0), 0);
  const missing = given.filter((f) => !(f && f > 0)).length;
  const rest = missing ? Math.max(0, 1 - known) / missing : 0;
  const norm = known + rest * missing || 1;
  return list.flatMap((c, i) => {
    const material = nameOf(get, c.Material);
    const f = given[i] && given[i]! > 0 ? given[i]! : rest;
    return material && f > 0 ? [{ material, share: f / norm }] : [];
  });
}

/** Sums shares of the same material (a set may name one material twice). */
function merged(shares: Share[]): Share[] {
  const by = new Map<string, number>();
  for (const s of shares) by.set(s.material, (by.get(s.material) ?? 0) + s.share);
  return [...by].map(([material, share]) => ({ material, share }));
}

/** The shares and layers of a RelatingMaterial line (any of the IFC2X3 / IFC4 material selects). */
export function materials(get: Get, id: number): Materials {
  const m = get(id);
  const set =
    m?.type === W.IFCMATERIALLAYERSETUSAGE
      ? get(ref(m.ForLayerSet)!)
      : m?.type === W.IFCMATERIALLAYERSET
        ? m
        : undefined;
  if (set) {
    const list = layerLines(get, set);
    return { shares: merged(layerShares(get, list)), layers: layerList(get, list) };
  }
  if (m?.type === W.IFCMATERIALLAYER) return { shares: equal([nameOf(get, m.Material)]), layers: layerList(get, [m]) };
  return { shares: m ? otherShares(get, m) : [], layers: [] };
}

/** The shares of the material forms without layers. */
function otherShares(get: Get, m: Line): Share[] {
  switch (m.type) {
    case W.IFCMATERIAL:
      return [{ material: textOf(m.Name).trim() || UNNAMED, share: 1 }];
    case W.IFCMATERIALCONSTITUENT:
    case W.IFCMATERIALPROFILE:
      return equal([nameOf(get, m.Material)]);
    case W.IFCMATERIALCONSTITUENTSET:
      return merged(constituents(get, m));
    case W.IFCMATERIALPROFILESETUSAGE:
      return merged(
        equal(
          (get(ref(m.ForProfileSet)!)?.MaterialProfiles ?? []).map((p: unknown) => nameOf(get, get(ref(p)!)?.Material)),
        ),
      );
    case W.IFCMATERIALPROFILESET:
      return merged(equal((m.MaterialProfiles ?? []).map((p: unknown) => nameOf(get, get(ref(p)!)?.Material))));
    case W.IFCMATERIALLIST:
      return merged(equal((m.Materials ?? []).map((x: unknown) => nameOf(get, x))));
    default:
      return [];
  }
}
