// The BIM parse's floor: web-ifc alone doing the part of the parse nothing can skip, in a child process
// as src/server/bim/parse/worker.ts runs — Init, open the file from disk in chunks (the same openIfcFile and settings),
// the building elements (the parser's elementIds: GetLineIDsWithType of its element types) and GetLine of each, then
// StreamMeshes of the elements the parser measures (the GlobalIds in its data's stream) with each mesh's vertex and
// index arrays (what any measure from the geometry must read). No relations, materials, quantity sets, units or volume
// sums. Loaded through tsx by bench/measures/bim.ts the way parse/run.ts loads its worker.
import { IfcAPI, LogLevel } from 'web-ifc';
import { elementIds } from '../../src/server/bim/parse/elements';
import { openIfcFile } from '../../src/server/bim/parse/openFile';
import { jobData, toParent } from '../../src/server/jobs/tsProcess';

export interface FloorAnswer {
  elements: number;
  streamed: number;
  meshes: number;
}

async function main(): Promise<void> {
  const { path, memoryLimit } = jobData<{ path: string; memoryLimit: number }>();
  const api = new IfcAPI();
  await api.Init();
  api.SetLogLevel(LogLevel.LOG_LEVEL_OFF);
  const { model } = openIfcFile(api, path, { COORDINATE_TO_ORIGIN: false, MEMORY_LIMIT: memoryLimit });
  if (model < 0) throw new Error('web-ifc could not open the model');
  try {
    const ids = elementIds(api, model);
    for (const id of ids) api.GetLine(model, id);
    let meshes = 0;
    if (ids.length)
      api.StreamMeshes(model, ids, (mesh) => {
        for (let g = 0; g < mesh.geometries.size(); g++) {
          const geo = api.GetGeometry(model, mesh.geometries.get(g).geometryExpressID);
          api.GetVertexArray(geo.GetVertexData(), geo.GetVertexDataSize());
          api.GetIndexArray(geo.GetIndexData(), geo.GetIndexDataSize());
          (geo as { delete?: () => void }).delete?.();
        }
        meshes++;
      });
    toParent({ elements: ids.length, streamed: ids.length, meshes } satisfies FloorAnswer);
  } finally {
    api.CloseModel(model);
  }
}

void main();
