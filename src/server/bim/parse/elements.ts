// Which lines of a model are its counted building elements. Building elements are
// IfcBuildingElement's subtypes (IfcBuiltElement's in IFC4X3) and IfcBuildingElementPart, which IFC4 moved under
// IfcElementComponent. Each is counted once: an element decomposed (IfcRelAggregates / IfcRelNests, through
// any IfcElementAssembly between) into building elements is counted through its parts only, and the parts that
// decompose a type object (an IfcWallType's template panels) are the type's definition, not occurrences.
import * as W from 'web-ifc';
import { type Api, idsOf, ref, type Line } from './lines';

/** The entity types (with their subtypes) read as building elements. */
const ELEMENT_TYPES = [W.IFCBUILDINGELEMENT, W.IFCBUILTELEMENT, W.IFCBUILDINGELEMENTPART];

export interface Decomposition {
  /** the counted elements, in file order */
  counted: number[];
  /** part → whole, over every aggregation and nesting (for the storey of a part) */
  parentOf: Map<number, number>;
}

/** Every building element line of the model (deduplicated, in file order). */
export function elementIds(api: Api, model: number): number[] {
  return [...new Set(ELEMENT_TYPES.flatMap((t) => idsOf(api, model, t, true)))].sort((a, b) => a - b);
}

export function decompose(api: Api, model: number, ids: number[]): Decomposition {
  const parentOf = new Map<number, number>();
  for (const type of [W.IFCRELAGGREGATES, W.IFCRELNESTS]) {
    for (const id of idsOf(api, model, type)) {
      const rel = api.GetLine(model, id) as Line;
      const whole = ref(rel.RelatingObject);
      if (whole === undefined) continue;
      for (const o of rel.RelatedObjects ?? []) {
        const part = ref(o);
        if (part !== undefined && !parentOf.has(part)) parentOf.set(part, whole);
      }
    }
  }
  const types = new Set(idsOf(api, model, W.IFCTYPEOBJECT, true));
  const ancestors = (id: number) => {
    const out: number[] = [];
    for (let p = parentOf.get(id); p !== undefined && out.length < 32 && !out.includes(p); p = parentOf.get(p))
      out.push(p);
    return out;
  };
  const occurrences = ids.filter((id) => !ancestors(id).some((a) => types.has(a)));
  const decomposed = new Set(occurrences.flatMap(ancestors));
  return { counted: occurrences.filter((id) => !decomposed.has(id)), parentOf };
}
