// One opened model → ParsedModel. Relations are read once each, set-based (containment,
// types, material associations, quantity sets, decomposition), the counted elements are chosen (elements.ts),
// every one is measured from its geometry (and the spaces without a floor-area quantity), then each element is
// assembled: its storey, its materials as shares (its own, else its type's), its quantities and their review
// (quantify.ts), and the model's notes and floor area.
import * as W from 'web-ifc';
import type { IfcAPI } from 'web-ifc';
import type { BimElement, ModelDensities, ParsedModel, ProblemKind } from '../model';
import { decompose, elementIds } from './elements';
import { choose } from './evidence';
import { floorArea, type Slab, slabArea, spaceArea } from './floorArea';
import { measureGeometry } from './geometry';
import { cachedLines, enumOf, idsOf, numOf, ref, textOf, type Line } from './lines';
import { materials, type Materials } from './materials';
import { Notes } from './notes';
import { quantify } from './quantify';
import { FLOOR_AREA_NAMES, type LineReader, preferred, readQuantities } from './qto';
import { conversionNote, readUnits, unitScale, unitWords, type Scale } from './units';

/** A parse refusal whose message is shown to the user as is. */
export class ModelRefused extends Error {}

export const NO_STOREY = '（未分层）';
export const NO_ELEMENTS = '模型中没有可识别的建筑构件（墙、板、柱、梁、门窗等），未导入任何数据';

type Progress = (done: number, total: number) => void;

/** What opening the bytes already did to them (omitted.ts): said in the notes. */
export interface Opened {
  /** ordinary attributes the file wrote `*`, read as `$` */
  omitted?: number;
}

const FLOOR_SLABS = new Set(['FLOOR', 'BASESLAB']);

/** related object → relating, for every relation of a type (RelatedObjects / RelatedElements). */
function relations(api: IfcAPI, model: number, type: number, relating: string, related: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const id of idsOf(api, model, type)) {
    const rel = api.GetLine(model, id) as Line;
    const target = ref(rel[relating]);
    if (target === undefined) continue;
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

/**
 * MassDensity (kg/m³ → t/m³) the model declares per material: IFC4 IfcMaterialProperties, IFC2X3 general properties.
 */
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

export function extractModel(
  api: IfcAPI,
  model: number,
  progress: Progress = () => undefined,
  opened: Opened = {},
): ParsedModel {
  const get = cachedLines(api, model);
  // (lines read once — elements, quantities — are not cached, unlike the shared materials, types and storeys)
  const readOnce = (id: number) => api.GetLine(model, id) as Line | undefined;
  const quantityLines: LineReader = { line: readOnce, type: (id) => api.GetLineType(model, id) };
  const schema = api.GetModelSchema(model);
  const notes = new Notes();
  const { scales, foundAt } = readUnits(api, model, idsOf(api, model, W.IFCPROJECT)[0]);
  const unitCache = new Map<number, Scale | null>();
  const unitOf = (id: number) => {
    if (!unitCache.has(id)) unitCache.set(id, unitScale(api, model, id));
    return unitCache.get(id)!;
  };

  const all = elementIds(api, model);
  const { counted, parentOf } = decompose(api, model, all);
  if (!counted.length) throw new ModelRefused(NO_ELEMENTS);
  const containedIn = relations(
    api,
    model,
    W.IFCRELCONTAINEDINSPATIALSTRUCTURE,
    'RelatingStructure',
    'RelatedElements',
  );
  const typeOf = relations(api, model, W.IFCRELDEFINESBYTYPE, 'RelatingType', 'RelatedObjects');
  const materialOf = relations(api, model, W.IFCRELASSOCIATESMATERIAL, 'RelatingMaterial', 'RelatedObjects');
  const qtos = quantitySets(api, model);
  const materialCache = new Map<number, Materials>();
  const materialsOf = (id: number) => {
    if (!materialCache.has(id)) materialCache.set(id, materials(get, id));
    return materialCache.get(id)!;
  };

  const storeyName = (id: number): string => {
    for (let e: number | undefined = id, depth = 0; e !== undefined && depth < 10; e = parentOf.get(e), depth++) {
      const s = containedIn.get(e);
      if (s === undefined) continue;
      const line = get(s);
      return line?.type === W.IFCBUILDINGSTOREY
        ? textOf(line.Name).trim() || textOf(line.LongName).trim() || NO_STOREY
        : NO_STOREY;
    }
    return NO_STOREY;
  };
  /** The occurrence's PredefinedType, else its type's */
  const predefined = (own: string | undefined, id: number) => {
    const typeId = typeOf.get(id);
    return own && own !== 'NOTDEFINED' && own !== 'USERDEFINED'
      ? own
      : typeId === undefined
        ? own
        : enumOf(get(typeId)?.PredefinedType);
  };

  const spaces = idsOf(api, model, W.IFCSPACE).map((id) => {
    const floor = choose(
      'area',
      preferred(readQuantities(quantityLines, qtos.get(id) ?? [], scales, unitOf).area, FLOOR_AREA_NAMES, false),
      null,
    );
    return { id, area: floor && floor.value > 0 ? floor.value : null };
  });

  const total = counted.length;
  const read = counted.map((id, i) => {
    const line = readOnce(id)!;
    const materialId = materialOf.get(id) ?? (typeOf.has(id) ? materialOf.get(typeOf.get(id)!) : undefined);
    const m = materialId === undefined ? { shares: [], layers: [] } : materialsOf(materialId);
    const raw = readQuantities(quantityLines, qtos.get(id) ?? [], scales, unitOf);
    if (i % 500 === 0) progress(i, 2 * total);
    const { GlobalId, Name, PredefinedType, type } = line;
    return {
      id,
      globalId: textOf(GlobalId),
      name: textOf(Name),
      predefinedType: enumOf(PredefinedType),
      type: type as number,
      m,
      raw,
    };
  });

  const meshed = [...counted, ...spaces.filter((s) => s.area === null).map((s) => s.id)];
  const geometry = measureGeometry(
    api,
    model,
    meshed,
    (n) => n % 200 === 0 && progress(total + Math.round((n * total) / meshed.length), 2 * total),
  );

  const seen = new Map<string, BimElement[]>();
  const slabs: Slab[] = [];
  const elements = read.map(({ id, globalId, name, predefinedType, type, m, raw }) => {
    const ifcType = api.GetNameFromTypeCode(type);
    const layers = m.layers.map((l) => ({ material: l.material, thickness: l.thickness * scales.length.factor }));
    const q = quantify(raw, geometry.get(id), layers);
    const problems: ProblemKind[] = [];
    const element: BimElement = { globalId, name, ifcType, storey: storeyName(id), parts: [], problems };
    if (!m.shares.length) problems.push('noMaterial');
    if (raw.unknownUnit) problems.push('unknownUnit');
    if (m.shares.length) {
      problems.push(...q.problems);
      if (Object.keys(q.details).length) element.details = q.details;
      for (const n of q.notes) notes.add(n);
      const single = m.shares.length === 1;
      element.parts = m.shares.map((s) => ({
        material: s.material,
        volume: q.volume === null ? null : q.volume * s.share,
        area: q.area,
        weight: single ? q.weight : null,
        fromGeometry: q.fromGeometry,
      }));
    }
    if (ifcType.startsWith('IfcSlab'))
      slabs.push({
        floor: FLOOR_SLABS.has(predefined(predefinedType, id) ?? ''),
        ...slabArea(q.area, geometry.get(id), layers),
      });
    seen.set(globalId, [...(seen.get(globalId) ?? []), element]);
    return element;
  });
  for (const list of seen.values()) if (list.length > 1) for (const e of list) e.problems.push('duplicateId');

  notes.add(conversionNote('length', scales.length), total);
  if (foundAt !== undefined)
    notes.add(`IfcProject 的单位引用无法读取，单位取自文件中的 IfcUnitAssignment（#${foundAt}）`, total);
  if (opened.omitted)
    notes.add(`文件有 ${opened.omitted} 处普通属性写作 *（仅派生属性可写 *），已按空值 $ 读取`, total);
  const plans = counted.reduce((a, id) => a + (geometry.get(id)?.plan ?? 0), 0);
  const floor = floorArea(
    spaces.map((s) => spaceArea(s.area, geometry.get(s.id))),
    slabs,
    plans,
    notes,
  );
  progress(2 * total, 2 * total);
  return {
    schema,
    units: unitWords(scales),
    elements,
    densities: densities(api, model, get),
    notes: notes.list(),
    floorArea: floor,
  };
}
