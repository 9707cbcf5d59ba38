// BIM / IFC import: the parse of a generated model of ~50 000 elements — parseIfc (web-ifc in a child
// process: lines, relations, materials, quantity sets, every element measured from its geometry, and the
// pre-flight report) — against its floor, web-ifc alone in a child process the same way (bench/lib/ifcFloorWorker.ts):
// open the model, read every building element's line, stream every element's meshes. Time and peak RSS growth of
// the process and its children (bench/lib/rss.ts: web-ifc's WASM memory is in the child's RSS). Interleaved after
// one warm-up pair; at most 3 rounds (a parse takes seconds). Uses no database.
import { MEMORY_LIMIT, parseIfc } from '../../src/server/bim/parse/run';
import { settleOnce, tsProcess } from '../../src/server/jobs/tsProcess';
import type { FloorAnswer } from '../lib/ifcFloorWorker';
import type { Result } from '../lib/report';
import { fmtMs, fmtN, gc, interleaved, median, round1 } from '../lib/stats';
import type { Ctx } from './context';

const MAX_RATIO = 2;
const MAX_RSS_MIB = 1536;
const MiB = 2 ** 20;

/**
 * Waits (untimed) until the last worker's memory is gone: parseIfc does not wait for its worker's termination, so
 * RSS just after a call still holds that worker's heap and WASM memory, which would lower the next call's
 * "before" and so its growth. Polls RSS until it has not fallen for 300 ms (at most 5 s).
 */
async function settleRss(): Promise<void> {
  const t0 = performance.now();
  let low = Infinity;
  let since = performance.now();
  while (performance.now() - t0 < 5000) {
    gc();
    const r = process.memoryUsage.rss();
    if (r < low - MiB) {
      low = r;
      since = performance.now();
    } else if (performance.now() - since >= 300) return;
    await new Promise((res) => setTimeout(res, 50));
  }
}

/** The floor: the file's path to a child process as parseIfc gives it, web-ifc's unavoidable work there. */
function floorParse(path: string): Promise<FloorAnswer> {
  // (started as parse/run.ts starts its process)
  const child = tsProcess(new URL('../lib/ifcFloorWorker.ts', import.meta.url), { path, memoryLimit: MEMORY_LIMIT });
  return new Promise((resolve, reject) => {
    const end = settleOnce(child);
    child.on('message', (m: FloorAnswer) => end(() => resolve(m)));
    child.on('error', (err) => end(() => reject(err)));
    child.on('exit', (code) => end(() => reject(new Error(`floor process exited (${code})`))));
  });
}

export async function bimMeasures(ctx: Ctx): Promise<Result[]> {
  const { opts, log, rss } = ctx;
  const file = ctx.files.bim!;
  const size = `${fmtN(file.amount)} elements, ${(file.size / 1e6).toFixed(1)} MB`;
  log(`  model: ${size}`);

  // (the parse answers its pre-flight report, made in the parsing process)
  const ours = () => parseIfc(file.path, () => undefined);
  // the parser streams every counted element (quantity sets are checked against the geometry too; the
  // spaces without a floor-area quantity as well, and the generated model has none), so the floor streams them all
  const { counts } = (await ours()).summary;
  log(
    `  parsed: ${fmtN(counts.elements)} elements, ${fmtN(counts.fromGeometry)} volumes from the geometry, ${fmtN(counts.withoutMaterial)} without material, ${fmtN(counts.materials)} materials`,
  );
  await settleRss();
  await floorParse(file.path); // (the warm-up pair's floor)
  await settleRss();

  const growth: { ours: number[]; floor: number[] } = { ours: [], floor: [] };
  let floorAnswer: FloorAnswer | undefined;
  const [oursMs, floorMs] = await interleaved(
    opts.bimRounds,
    [
      async () => {
        const m = await rss.measure(ours);
        growth.ours.push(m.growth / MiB);
        return { ms: m.ms };
      },
      async () => {
        const m = await rss.measure(() => floorParse(file.path));
        growth.floor.push(m.growth / MiB);
        floorAnswer = m.value;
        return { ms: m.ms };
      },
    ],
    {
      warmup: 0,
      between: settleRss,
      onRound: (r, ms) =>
        log(
          `    round ${r + 1}: ours ${fmtMs(ms[0])} ms +${growth.ours.at(-1)!.toFixed(0)} MiB, floor ${fmtMs(ms[1])} ms +${growth.floor.at(-1)!.toFixed(0)} MiB`,
        ),
    },
  );
  if (floorAnswer!.elements !== counts.elements)
    throw new Error(`the floor read ${floorAnswer!.elements} elements, the parser counted ${counts.elements}`);
  const time = median(oursMs) / median(floorMs);
  const rssOurs = median(growth.ours);
  const rssFloor = median(growth.floor);
  const note = `${size}; floor streams the ${fmtN(counts.elements)} meshes the parser streams (${fmtN(floorAnswer!.meshes)} answered); measured once, with the first database (it uses none); RSS medians, max ours ${Math.max(...growth.ours).toFixed(0)} MiB`;
  return [
    {
      id: 'bim.time',
      measure: `BIM parse ${fmtN(file.amount)} elements + preflight`,
      database: ctx.db,
      unit: 'ms',
      ours: median(oursMs),
      floor: median(floorMs),
      ratio: time,
      goal: `≤ ${MAX_RATIO}×`,
      within: time <= MAX_RATIO,
      samples: { ours: oursMs.map(round1), floor: floorMs.map(round1) },
      note,
    },
    {
      id: 'bim.rss',
      measure: 'BIM parse: peak RSS growth',
      database: ctx.db,
      unit: 'MiB',
      ours: rssOurs,
      floor: rssFloor,
      ratio: rssOurs / rssFloor,
      goal: `≤ 1.5 GiB (${MAX_RSS_MIB} MiB), every round`,
      within: Math.max(...growth.ours) <= MAX_RSS_MIB,
      samples: { ours: growth.ours.map(round1), floor: growth.floor.map(round1) },
    },
  ];
}
