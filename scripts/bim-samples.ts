// A dev tool for issue 22: runs the project's IFC parser (extractModel, web-ifc in-process with the worker's
// settings) over a folder of real exports (.ifc, .ifczip) and prints per file what the pre-flight would rest on:
// accepted or refused (the message), elements, problems by kind, volume per material (top ones), the model notes
// and the floor area. The bytes are repaired (omitted.ts) before opening, as the parse worker does. The sample
// files stay outside the repository.
//   npx tsx scripts/bim-samples.ts ../shared/ifc-samples [top=5]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { IfcAPI, LogLevel } from 'web-ifc';
import type { ParsedModel } from '../src/server/bim/model';
import { extractModel } from '../src/server/bim/parse/extract';
import { repairOmitted } from '../src/server/bim/parse/omitted';

const [dir = '../shared/ifc-samples', topArg = '5'] = process.argv.slice(2);
const top = Number(topArg);
const f2 = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

function bytesOf(path: string): Uint8Array {
  const raw = new Uint8Array(readFileSync(path));
  if (!path.endsWith('.ifczip')) return raw;
  const entry = Object.entries(unzipSync(raw)).find(([name]) => name.toLowerCase().endsWith('.ifc'));
  if (!entry) throw new Error('no .ifc entry in the zip');
  return entry[1];
}

function summary(m: ParsedModel): string[] {
  const problems = new Map<string, number>();
  const volume = new Map<string, { volume: number; area: number; weight: number }>();
  for (const e of m.elements) {
    for (const k of e.problems) problems.set(k, (problems.get(k) ?? 0) + 1);
    for (const p of e.parts) {
      const v = volume.get(p.material) ?? { volume: 0, area: 0, weight: 0 };
      v.volume += p.volume ?? 0;
      v.area += p.area ?? 0;
      v.weight += p.weight ?? 0;
      volume.set(p.material, v);
    }
  }
  const materials = [...volume].sort((a, b) => b[1].volume - a[1].volume).slice(0, top);
  return [
    `  schema ${m.schema}; units ${Object.values(m.units).join(' / ')}`,
    `  elements ${m.elements.length}; problems ${[...problems].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`,
    ...materials.map(([name, v]) => `    ${name}: ${f2(v.volume)} m³, ${f2(v.area)} m², ${f2(v.weight)} kg`),
    ...(m.notes ?? []).map((n) => `  note: ${n.text} (${n.elements} 个构件)`),
    `  floorArea ${m.floorArea ? `${f2(m.floorArea.value)} m² (${m.floorArea.basis})` : 'null'}`,
  ];
}

const api = new IfcAPI();
await api.Init();
api.SetLogLevel(LogLevel.LOG_LEVEL_OFF);
for (const name of readdirSync(dir).filter((n) => /\.ifc(zip)?$/i.test(n)).sort()) {
  const t0 = performance.now();
  let lines: string[];
  let model = -1;
  try {
    const bytes = bytesOf(join(dir, name));
    const omitted = repairOmitted(bytes);
    model = api.OpenModel(bytes, { COORDINATE_TO_ORIGIN: false, MEMORY_LIMIT: 3 * 1024 ** 3 });
    lines = model < 0 ? ['  refused: web-ifc could not open it'] : summary(extractModel(api, model, undefined, { omitted }));
  } catch (err) {
    lines = [`  refused: ${(err as Error).message}`];
  } finally {
    if (model >= 0) api.CloseModel(model);
  }
  console.log(`${name} (${((performance.now() - t0) / 1000).toFixed(1)} s)\n${lines.join('\n')}`);
}
api.Dispose();
