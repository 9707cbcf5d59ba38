// An element's materials as shares of its volume (issue 12 §2): a layer set splits by layer thickness (an air
// layer without material keeps its share, counted for nothing), a constituent set by its fractions (the rest
// shared equally by constituents without one), a profile set and a material list equally; a single material
// takes all. `single` says whether the element has exactly one material (only then is its weight counted).
import * as W from 'web-ifc';
import { type Line, numOf, ref, textOf } from './lines';

export interface Share {
  material: string;
  share: number;
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

/** Shares by layer thickness; `scale` turns the file's thickness into m (only the ratios matter). */
function layers(get: Get, set: Line | undefined): Share[] {
  const list = (set?.MaterialLayers ?? []).map((l: unknown) => get(ref(l)!)).filter(Boolean) as Line[];
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

/** The shares of a RelatingMaterial line (any of the IFC2X3 / IFC4 material selects). */
export function materialShares(get: Get, id: number): Share[] {
  const m = get(id);
  if (!m) return [];
  switch (m.type) {
    case W.IFCMATERIAL:
      return [{ material: textOf(m.Name).trim() || UNNAMED, share: 1 }];
    case W.IFCMATERIALLAYERSETUSAGE:
      return merged(layers(get, get(ref(m.ForLayerSet)!)));
    case W.IFCMATERIALLAYERSET:
      return merged(layers(get, m));
    case W.IFCMATERIALLAYER:
    case W.IFCMATERIALCONSTITUENT:
    case W.IFCMATERIALPROFILE:
      return equal([nameOf(get, m.Material)]);
    case W.IFCMATERIALCONSTITUENTSET:
      return merged(constituents(get, m));
    case W.IFCMATERIALPROFILESETUSAGE:
      return merged(equal((get(ref(m.ForProfileSet)!)?.MaterialProfiles ?? []).map((p: unknown) => nameOf(get, get(ref(p)!)?.Material))));
    case W.IFCMATERIALPROFILESET:
      return merged(equal((m.MaterialProfiles ?? []).map((p: unknown) => nameOf(get, get(ref(p)!)?.Material))));
    case W.IFCMATERIALLIST:
      return merged(equal((m.Materials ?? []).map((x: unknown) => nameOf(get, x))));
    default:
      return [];
  }
}
