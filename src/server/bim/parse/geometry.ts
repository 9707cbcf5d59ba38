// Measures from the geometry: web-ifc triangulates each element (openings cut,
// scaled to metres) and each of its pieces is measured placed — its signed-tetrahedron volume, surface area,
// floor (upward) area and bounding box. A volume is only a volume when the piece is a closed solid (mesh.ts):
// the tetrahedron sum of an open surface depends on where the origin is, so such an element has no volume,
// only its area.
import type { IfcAPI } from 'web-ifc';
import { addPiece, emptyShape } from './mesh';

export interface GeometryMeasure {
  /** m³ — null unless every piece is a closed, consistently oriented solid */
  volume: number | null;
  /** m² — each face once (a double-sided surface counts one side) */
  area: number;
  /**
   * m² — the upward faces projected on the horizontal plane (web-ifc's meshes are y-up): a slab's or a space's floor
   */
  plan: number;
  /** m³ — the axis-aligned bounding box of the placed element */
  box: number;
}

/** The measures of each element (by express ID) web-ifc yields a mesh for. */
export function measureGeometry(
  api: IfcAPI,
  model: number,
  ids: number[],
  onEach?: (done: number) => void,
): Map<number, GeometryMeasure> {
  const out = new Map<number, GeometryMeasure>();
  if (!ids.length) return out;
  let done = 0;
  api.StreamMeshes(model, ids, (mesh) => {
    const shape = emptyShape();
    for (let g = 0; g < mesh.geometries.size(); g++) {
      const placed = mesh.geometries.get(g);
      const geo = api.GetGeometry(model, placed.geometryExpressID);
      addPiece(
        shape,
        api.GetVertexArray(geo.GetVertexData(), geo.GetVertexDataSize()),
        api.GetIndexArray(geo.GetIndexData(), geo.GetIndexDataSize()),
        placed.flatTransformation,
      );
      (geo as { delete?: () => void }).delete?.();
    }
    const { volume, area, plan, lo, hi } = shape;
    const box = lo[0] <= hi[0] ? (hi[0] - lo[0]) * (hi[1] - lo[1]) * (hi[2] - lo[2]) : 0;
    if (area > 0) out.set(mesh.expressID, { volume: volume === null || volume > 0 ? volume : null, area, plan, box });
    onEach?.(++done);
  });
  return out;
}
