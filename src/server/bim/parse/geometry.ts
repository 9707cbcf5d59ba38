// Volumes from the geometry for elements without quantity sets (issue 12 §2; reference/components.md §1): web-ifc
// triangulates each element (openings cut, scaled to metres) and the volume is the sum of the signed tetrahedra
// of its closed mesh with the origin — exact for the closed solids design tools export.
import type { IfcAPI } from 'web-ifc';

export function meshVolumes(api: IfcAPI, model: number, ids: number[], onEach?: (done: number) => void): Map<number, number> {
  const out = new Map<number, number>();
  if (!ids.length) return out;
  let done = 0;
  api.StreamMeshes(model, ids, (mesh) => {
    let vol = 0;
    for (let g = 0; g < mesh.geometries.size(); g++) {
      const placed = mesh.geometries.get(g);
      const geo = api.GetGeometry(model, placed.geometryExpressID);
      const v = api.GetVertexArray(geo.GetVertexData(), geo.GetVertexDataSize());
      const idx = api.GetIndexArray(geo.GetIndexData(), geo.GetIndexDataSize());
      const t = placed.flatTransformation;
      // vertices are (x, y, z, nx, ny, nz); place them with the column-major 4×4 transformation
      const px = (k: number) => t[0] * v[k * 6] + t[4] * v[k * 6 + 1] + t[8] * v[k * 6 + 2] + t[12];
      const py = (k: number) => t[1] * v[k * 6] + t[5] * v[k * 6 + 1] + t[9] * v[k * 6 + 2] + t[13];
      const pz = (k: number) => t[2] * v[k * 6] + t[6] * v[k * 6 + 1] + t[10] * v[k * 6 + 2] + t[14];
      for (let i = 0; i + 2 < idx.length; i += 3) {
        const [a, b, c] = [idx[i], idx[i + 1], idx[i + 2]];
        const ax = px(a), ay = py(a), az = pz(a), bx = px(b), by = py(b), bz = pz(b), cx = px(c), cy = py(c), cz = pz(c);
        vol += (ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx)) / 6;
      }
      (geo as { delete?: () => void }).delete?.();
    }
    out.set(mesh.expressID, (out.get(mesh.expressID) ?? 0) + Math.abs(vol));
    onEach?.(++done);
  });
  return out;
}
