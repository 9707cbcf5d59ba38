// The pre-flight report of a parsed model (issue 12 §3), made once when the parse ends and stored with the
// model: counts of elements and of each problem, the table by storey × element type, every problem with the
// element's GlobalId and name, and the quantities per IFC material that mapping and import work on.
import { type BimElement, type MaterialTotal, type ParsedModel, PROBLEM_TEXT, type ProblemKind, typeTitle } from './model';

export interface Counts {
  elements: number;
  withoutMaterial: number;
  /** no quantity set: volumes from the geometry, or nothing */
  withoutQuantity: number;
  unknownUnits: number;
  /** GlobalIds used by more than one element */
  duplicateGlobalIds: number;
  fromGeometry: number;
  materials: number;
}

export interface Group {
  storey: string;
  ifcType: string;
  typeTitle: string;
  count: number;
  volume: number;
  area: number;
  weight: number;
}

export interface Problem {
  globalId: string;
  name: string;
  ifcType: string;
  typeTitle: string;
  storey: string;
  kind: ProblemKind;
  message: string;
}

export interface Report {
  counts: Counts;
  groups: Group[];
  problems: Problem[];
  materials: MaterialTotal[];
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;
const has = (e: BimElement, k: ProblemKind) => e.problems.includes(k);
const sum = (e: BimElement, key: 'volume' | 'area' | 'weight') => e.parts.reduce((a, p) => a + (p[key] ?? 0), 0);

export function preflight(model: ParsedModel): Report {
  const groups = new Map<string, Group>();
  const materials = new Map<string, MaterialTotal>();
  const problems: Problem[] = [];
  const ids = new Map<string, number>();
  for (const e of model.elements) {
    ids.set(e.globalId, (ids.get(e.globalId) ?? 0) + 1);
    const key = `${e.storey}\u0000${e.ifcType}`;
    const g = groups.get(key) ?? { storey: e.storey, ifcType: e.ifcType, typeTitle: typeTitle(e.ifcType), count: 0, volume: 0, area: 0, weight: 0 };
    g.count++;
    g.volume += sum(e, 'volume');
    // (a layered element's area is each layer's: the element's own area once)
    g.area += e.parts[0]?.area ?? 0;
    g.weight += sum(e, 'weight');
    groups.set(key, g);
    for (const kind of e.problems) problems.push({ globalId: e.globalId, name: e.name, ifcType: e.ifcType, typeTitle: typeTitle(e.ifcType), storey: e.storey, kind, message: PROBLEM_TEXT[kind] });
    for (const p of e.parts) {
      const m = materials.get(p.material) ?? { name: p.material, elements: 0, volume: 0, area: 0, weight: 0, fromGeometry: 0, density: model.densities[p.material] ?? null, globalIds: [] };
      m.elements++;
      m.volume += p.volume ?? 0;
      m.area += p.area ?? 0;
      m.weight += p.weight ?? 0;
      if (p.fromGeometry) m.fromGeometry++;
      m.globalIds.push(e.globalId);
      materials.set(p.material, m);
    }
  }
  const elements = model.elements;
  return {
    counts: {
      elements: elements.length,
      withoutMaterial: elements.filter((e) => has(e, 'noMaterial')).length,
      withoutQuantity: elements.filter((e) => has(e, 'noQuantity') || has(e, 'fromGeometry')).length,
      unknownUnits: elements.filter((e) => has(e, 'unknownUnit')).length,
      duplicateGlobalIds: [...ids.values()].filter((n) => n > 1).length,
      fromGeometry: elements.filter((e) => has(e, 'fromGeometry')).length,
      materials: materials.size,
    },
    groups: [...groups.values()].sort((a, b) => a.storey.localeCompare(b.storey, 'zh') || a.typeTitle.localeCompare(b.typeTitle, 'zh')),
    problems,
    // (rounded once, like the stage rows they become, so the mapping and the row show the same figure)
    materials: [...materials.values()].map((m) => ({ ...m, volume: round4(m.volume), area: round4(m.area), weight: round4(m.weight) })).sort((a, b) => b.volume - a.volume || a.name.localeCompare(b.name, 'zh')),
  };
}
