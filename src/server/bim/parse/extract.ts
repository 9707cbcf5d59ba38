// One opened model → ParsedModel (issue 12 §2). Relations are read once each, set-based (containment, types,
// material associations, quantity sets, decomposition), then every building element is assembled: its storey,
// its materials as shares (its own, else its type's), its quantities (quantity sets, else the geometry's volume).
// An element decomposed into building elements (a roof into slabs, a stair into flights) is counted through its
// parts only, so nothing is counted twice.
import * as W from 'web-ifc';
import type { IfcAPI } from 'web-ifc';
import type { BimElement, ModelDensities, ParsedModel, ProblemKind } from '../model';
import { meshVolumes } from './geometry';
import { cachedLines, idsOf, numOf, ref, textOf, type Line } from './lines';
import { materialShares } from './materials';
import { readQuantities, type Quantities } from './qto';
import { readUnits, unitScale, unitWords, type Scale } from './units';

/** A parse refusal whose message is shown to the user as is. */
export class ModelRefused extends Error {}

export const NO_STOREY = '（未分层）';
export const NO_ELEMENTS = '模型中没有可识别的建筑构件（墙、板、柱、梁、门窗等），未导入任何数据';

type Progress = (done: number, total: number) => void;

/** related object → relating, for every relation of a type (RelatedObjects / RelatedElements). */
function relations(api: IfcAPI, model: number, type: number, relating: string, related: string, accept?: (relatingId: number) => boolean): Map<number, number> {
  const out = new Map<number, number>();
  for (const id of idsOf(api, model, type)) {
    const rel = api.GetLine(model, id) as Line;
    const target = ref(rel[relating]);
    if (target === undefined || (accept && !accept(target))) continue;
    for (const o of rel[related] ?? []) {
      const r = ref(o);
      if (r !== undefined && !out.has(r)) out.set(r, target);
    }
  }
  return out;
}

/** Quantity sets by object (an object may have several). */
function quantitySets(api: IfcAPI, model: number): Map<number, number[]> {
  const qtos = new Set(idsOf(api, model, W.IFCELEMENTQUANTITY));
  const out = new Map<number, number[]>();
  if (!qtos.size) return out;
  for (const id of idsOf(api, model, W.IFCRELDEFINESBYPROPERTIES)) {
    const rel = api.GetLine(model, id) as Line;
    const def = ref(rel.RelatingPropertyDefinition);
    if (def === undefined || !qtos.has(def)) continue;
    for (const o of rel.RelatedObjects ?? []) {
      const r = ref(o);
      if (r !== undefined) out.set(r, [...(out.get(r) ?? []), def]);
    }
  }
  return out;
}

/** MassDensity (kg/m³ → t/m³) the model declares per material: IFC4 IfcMaterialProperties, IFC2X3 general properties. */
function densities(api: IfcAPI, model: number, get: (id: number) => Line | undefined): ModelDensities {
  const out: ModelDensities = {};
  for (const id of idsOf(api, model, W.IFCMATERIALPROPERTIES, true)) {
    const line = api.GetLine(model, id) as Line;
    const material = textOf(get(ref(line.Material)!)?.Name).trim();
    let kg = numOf(line.MassDensity);
    for (const p of line.Properties ?? []) {
      const prop = get(ref(p)!);
      if (prop && textOf(prop.Name) === 'MassDensity') kg = numOf(prop.NominalValue);
    }
    if (material && kg && kg > 0) out[material] = kg / 1000;
  }
  return out;
}

export function extractModel(api: IfcAPI, model: number, progress: Progress = () => undefined): ParsedModel {
  const get = cachedLines(api, model);
  const readOnce = (id: number) => api.GetLine(model, id) as Line | undefined;
  const schema = api.GetModelSchema(model);
  const scales = readUnits(api, model, idsOf(api, model, W.IFCPROJECT)[0]);
  const unitCache = new Map<number, Scale | null>();
  const unitOf = (id: number) => {
    if (!unitCache.has(id)) unitCache.set(id, unitScale(api, model, id));
    return unitCache.get(id)!;
  };

  const ids = idsOf(api, model, W.IFCBUILDINGELEMENT, true);
  if (!ids.length) throw new ModelRefused(NO_ELEMENTS);
  const isElement = new Set(ids);
  const containedIn = relations(api, model, W.IFCRELCONTAINEDINSPATIALSTRUCTURE, 'RelatingStructure', 'RelatedElements');
  const partOf = relations(api, model, W.IFCRELAGGREGATES, 'RelatingObject', 'RelatedObjects', (p) => isElement.has(p));
  const typeOf = relations(api, model, W.IFCRELDEFINESBYTYPE, 'RelatingType', 'RelatedObjects');
  const materialOf = relations(api, model, W.IFCRELASSOCIATESMATERIAL, 'RelatingMaterial', 'RelatedObjects');
  const qtos = quantitySets(api, model);
  const decomposed = new Set([...partOf.entries()].filter(([child]) => isElement.has(child)).map(([, parent]) => parent));

  const storeyName = (id: number): string => {
    for (let e: number | undefined = id, depth = 0; e !== undefined && depth < 10; e = partOf.get(e), depth++) {
      const s = containedIn.get(e);
      if (s === undefined) continue;
      const line = get(s);
      return line?.type === W.IFCBUILDINGSTOREY ? textOf(line.Name).trim() || textOf(line.LongName).trim() || NO_STOREY : NO_STOREY;
    }
    return NO_STOREY;
  };

  const counted = ids.filter((id) => !decomposed.has(id));
  const total = counted.length;
  const pending: { id: number; element: BimElement; shares: ReturnType<typeof materialShares>; q: Quantities }[] = [];
  const needGeometry: number[] = [];
  const seen = new Map<string, BimElement[]>();
  for (const [i, id] of counted.entries()) {
    const line = get(id)!;
    const globalId = textOf(line.GlobalId);
    const own = materialOf.get(id);
    const typeId = typeOf.get(id);
    const materialId = own ?? (typeId === undefined ? undefined : materialOf.get(typeId));
    const shares = materialId === undefined ? [] : materialShares(get, materialId);
    // (quantity lines are read once each: not cached, unlike the shared materials and storeys)
    const q = readQuantities(readOnce, qtos.get(id) ?? [], scales, unitOf);
    const problems: ProblemKind[] = [];
    if (!shares.length) problems.push('noMaterial');
    if (q.unknownUnit) problems.push('unknownUnit');
    const element: BimElement = { globalId, name: textOf(line.Name), ifcType: api.GetNameFromTypeCode(line.type), storey: storeyName(id), parts: [], problems };
    seen.set(globalId, [...(seen.get(globalId) ?? []), element]);
    if (shares.length && q.volume === null && q.area === null && q.weight === null) needGeometry.push(id);
    pending.push({ id, element, shares, q });
    if (i % 500 === 0) progress(i, total + needGeometry.length);
  }

  const volumes = meshVolumes(api, model, needGeometry, (n) => n % 200 === 0 && progress(total + n, total + needGeometry.length));
  const geometric = new Set(needGeometry);
  const elements = pending.map(({ id, element, shares, q }) => {
    let volume = q.volume;
    const fromGeometry = geometric.has(id) && (volumes.get(id) ?? 0) > 0;
    if (fromGeometry) volume = volumes.get(id)!;
    if (geometric.has(id)) element.problems.push(fromGeometry ? 'fromGeometry' : 'noQuantity');
    const single = shares.length === 1;
    element.parts = shares.map((s) => ({
      material: s.material,
      volume: volume === null ? null : volume * s.share,
      area: q.area,
      weight: single ? q.weight : null,
      fromGeometry,
    }));
    return element;
  });
  for (const list of seen.values()) if (list.length > 1) for (const e of list) e.problems.push('duplicateId');
  progress(total + needGeometry.length, total + needGeometry.length);
  return { schema, units: unitWords(scales), elements, densities: densities(api, model, get) };
}
