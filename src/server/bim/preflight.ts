// The pre-flight report of a parsed model, made once when the parse ends and stored with the
// model: counts of elements and of each problem, the table by storey × element type, every problem with the
// element's GlobalId and name, and the quantities per IFC material that mapping and import work on. With them the
// plausibility review — the parser's element checks plus each material family's total per m² of floor area
// (imports/perArea.ts) — counted as 待确认问题, and the parser's notes (which repeated quantity was taken, unit
// conversions) passed on to be shown.
import {
  type BimElement,
  type FloorArea,
  type MaterialTotal,
  type BimNote,
  type ParsedModel,
  PROBLEM_TEXT,
  type ProblemKind,
  REVIEW_KINDS,
  typeTitle,
} from './model';
import { overCeilings } from '../imports/perArea';
import type { BimCounts, BimGroup, BimProblem } from '../../../schemas/bim';

export interface Report {
  counts: BimCounts;
  groups: BimGroup[];
  problems: BimProblem[];
  materials: MaterialTotal[];
  notes: BimNote[];
  floorArea: FloorArea | null;
}

/** The problem's text with its specifics, e.g. '数量集体积与几何体积相差超过 10%：数量集 12.00 m³，几何 8.00 m³'. */
const messageOf = (e: BimElement, kind: ProblemKind) =>
  e.details?.[kind] ? `${PROBLEM_TEXT[kind]}：${e.details[kind]}` : PROBLEM_TEXT[kind];

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;
const has = (e: BimElement, k: ProblemKind) => e.problems.includes(k);
const sum = (e: BimElement, key: 'volume' | 'area' | 'weight') => e.parts.reduce((a, p) => a + (p[key] ?? 0), 0);

export function preflight(model: ParsedModel): Report {
  const groups = new Map<string, BimGroup>();
  const materials = new Map<string, MaterialTotal>();
  const problems: BimProblem[] = [];
  const ids = new Map<string, number>();
  for (const e of model.elements) {
    ids.set(e.globalId, (ids.get(e.globalId) ?? 0) + 1);
    const key = `${e.storey}\u0000${e.ifcType}`;
    const g = groups.get(key) ?? {
      storey: e.storey,
      ifcType: e.ifcType,
      typeTitle: typeTitle(e.ifcType),
      count: 0,
      volume: 0,
      area: 0,
      weight: 0,
    };
    g.count++;
    g.volume += sum(e, 'volume');
    // (a layered element's area is each layer's: the element's own area once)
    g.area += e.parts[0]?.area ?? 0;
    g.weight += sum(e, 'weight');
    groups.set(key, g);
    const names = [...new Set(e.parts.map((p) => p.material))];
    for (const kind of e.problems)
      problems.push({
        globalId: e.globalId,
        name: e.name,
        ifcType: e.ifcType,
        typeTitle: typeTitle(e.ifcType),
        storey: e.storey,
        kind,
        message: messageOf(e, kind),
        materials: names,
      });
    for (const p of e.parts) {
      const m = materials.get(p.material) ?? {
        name: p.material,
        elements: 0,
        volume: 0,
        area: 0,
        weight: 0,
        fromGeometry: 0,
        geometryVolume: 0,
        density: model.densities[p.material] ?? null,
        globalIds: [],
      };
      m.elements++;
      m.volume += p.volume ?? 0;
      m.area += p.area ?? 0;
      m.weight += p.weight ?? 0;
      if (p.fromGeometry) {
        m.fromGeometry++;
        m.geometryVolume! += p.volume ?? 0;
      }
      m.globalIds.push(e.globalId);
      materials.set(p.material, m);
    }
  }
  const elements = model.elements;
  const totals = [...materials.values()].map((m) => ({
    ...m,
    volume: round4(m.volume),
    area: round4(m.area),
    weight: round4(m.weight),
    geometryVolume: round4(m.geometryVolume ?? 0),
  }));
  for (const o of overCeilings(totals, model.floorArea)) {
    // (a family-wide problem is listed under its largest material's largest element, so it too has a GlobalId to
    // look for; it names every material of the family it counted, and each of them asks for confirmation)
    const largest = largestElement(elements, o.materials[0]);
    const name =
      o.materials.length === 1
        ? `材料「${o.materials[0]}」`
        : `${o.label}（${o.materials.map((m) => `「${m}」`).join('、')}）`;
    problems.push({
      globalId: largest?.globalId ?? '',
      name,
      ifcType: largest?.ifcType ?? '',
      typeTitle: largest ? typeTitle(largest.ifcType) : '',
      storey: largest?.storey ?? '',
      kind: 'materialPerArea',
      message: `${PROBLEM_TEXT.materialPerArea}：${o.message}`,
      materials: o.materials,
    });
  }
  const review = new Map<string, number>();
  for (const p of problems)
    if (REVIEW_KINDS.includes(p.kind)) for (const m of p.materials) review.set(m, (review.get(m) ?? 0) + 1);
  for (const m of totals) m.review = review.get(m.name) ?? 0;
  return {
    counts: {
      elements: elements.length,
      withoutMaterial: elements.filter((e) => has(e, 'noMaterial')).length,
      withoutQuantity: elements.filter((e) => has(e, 'noQuantity') || has(e, 'fromGeometry')).length,
      unknownUnits: elements.filter((e) => has(e, 'unknownUnit')).length,
      duplicateGlobalIds: [...ids.values()].filter((n) => n > 1).length,
      fromGeometry: elements.filter((e) => has(e, 'fromGeometry')).length,
      materials: materials.size,
      review: problems.filter((p) => REVIEW_KINDS.includes(p.kind)).length,
    },
    groups: [...groups.values()].sort(
      (a, b) => a.storey.localeCompare(b.storey, 'zh') || a.typeTitle.localeCompare(b.typeTitle, 'zh'),
    ),
    // (the review's problems first: they are the ones an import asks to confirm)
    problems: [...problems].sort(
      (a, b) => Number(!REVIEW_KINDS.includes(a.kind)) - Number(!REVIEW_KINDS.includes(b.kind)),
    ),
    // (rounded once, like the stage rows they become, so the mapping and the row show the same figure)
    materials: totals.sort((a, b) => b.volume - a.volume || a.name.localeCompare(b.name, 'zh')),
    notes: model.notes ?? [],
    floorArea: model.floorArea ?? null,
  };
}

function largestElement(elements: BimElement[], material: string): BimElement | undefined {
  let best: { e: BimElement; v: number } | undefined;
  for (const e of elements) {
    const v = e.parts.reduce((a, p) => a + (p.material === material ? (p.volume ?? 0) : 0), 0);
    if (v > 0 && (!best || v > best.v)) best = { e, v };
  }
  return best?.e;
}
