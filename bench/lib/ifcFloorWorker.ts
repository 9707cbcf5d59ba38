// The BIM parse's floor (issue 12): web-ifc alone doing the part of the parse nothing can skip, in a worker thread
// as src/server/bim/parse/worker.ts runs — Init, OpenModel (the same settings), the building elements
// (GetLineIDsWithType(IFCBUILDINGELEMENT, true)) and GetLine of each, then StreamMeshes of the elements the parser
// takes volumes from the geometry for (the GlobalIds in workerData.stream) with each mesh's vertex and index arrays
// (what any volume from the geometry must read). No relations, materials, quantity sets, units or volume sums.
// Loaded through tsx by bench/measures/bim.ts the way parse/run.ts loads its worker.
import { parentPort, workerData } from 'node:worker_threads';
import { IFCBUILDINGELEMENT, IfcAPI, LogLevel } from 'web-ifc';

export interface FloorAnswer {
  elements: number;
  streamed: number;
  meshes: number;
}

async function main(): Promise<void> {
  const { bytes, memoryLimit, stream } = workerData as { bytes: Uint8Array; memoryLimit: number; stream: string[] };
  const api = new IfcAPI();
  await api.Init();
  api.SetLogLevel(LogLevel.LOG_LEVEL_OFF);
  const model = api.OpenModel(bytes, { COORDINATE_TO_ORIGIN: false, MEMORY_LIMIT: memoryLimit });
  if (model < 0) throw new Error('web-ifc could not open the model');
  try {
    const wanted = new Set(stream);
    const v = api.GetLineIDsWithType(model, IFCBUILDINGELEMENT, true);
    const ids: number[] = [];
    const n = v.size();
    for (let i = 0; i < n; i++) {
      const id = v.get(i);
      const line = api.GetLine(model, id) as { GlobalId?: { value?: string } };
      if (wanted.has(line.GlobalId?.value ?? '')) ids.push(id);
    }
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
    parentPort!.postMessage({ elements: n, streamed: ids.length, meshes } satisfies FloorAnswer);
  } finally {
    api.CloseModel(model);
  }
}

void main();
