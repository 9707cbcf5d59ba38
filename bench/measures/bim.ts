// BIM / IFC import (issue 12): the parse of a generated model of ~50 000 elements — parseIfc (web-ifc in a worker
// thread: lines, relations, materials, quantity sets, volumes from the geometry for the ~30 % without one) and the
// pre-flight report — against its floor, web-ifc alone in a worker thread the same way (bench/lib/ifcFloorWorker.ts):
// open the model, read every building element's line, stream the meshes of the elements the parser streams. Time
// and peak RSS growth of the process (the workers are its threads: web-ifc's WASM memory is in its RSS).
// Interleaved after one warm-up pair (its parse tells which meshes the floor streams); at most 3 rounds (a parse
// takes seconds). Uses no database.
import { readFileSync } from 'node:fs';
import type { ParsedModel } from '../../src/server/bim/model';
import { MEMORY_LIMIT, parseIfc } from '../../src/server/bim/parse/run';
import { preflight, type Report } from '../../src/server/bim/preflight';
import { settleOnce, tsWorker } from '../../src/server/jobs/tsWorker';
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

/** The floor: the bytes moved to a worker as parseIfc moves them, web-ifc's unavoidable work there. */
function floorParse(bytes: Uint8Array, stream: string[]): Promise<FloorAnswer> {
  const own = new Uint8Array(bytes);
  // (started as parse/run.ts starts its worker)
  const worker = tsWorker(new URL('../lib/ifcFloorWorker.ts', import.meta.url), {
    workerData: { bytes: own, memoryLimit: MEMORY_LIMIT, stream },
    transferList: [own.buffer],
    resourceLimits: { maxOldGenerationSizeMb: 4096 },
  });
  return new Promise((resolve, reject) => {
    const end = settleOnce(worker);
    worker.on('message', (m: FloorAnswer) => end(() => resolve(m)));
    worker.on('error', (err) => end(() => reject(err)));
    worker.on('exit', (code) => end(() => reject(new Error(`floor worker exited (${code})`))));
  });
}

export async function bimMeasures(ctx: Ctx): Promise<Result[]> {
  const { opts, log, rss } = ctx;
  const file = ctx.files.bim!;
  const bytes = new Uint8Array(readFileSync(file.path));
  const size = `${fmtN(file.amount)} elements, ${(file.size / 1e6).toFixed(1)} MB`;
  log(`  model: ${size}`);

  const ours = async () => {
    const parsed: ParsedModel = await parseIfc(bytes, () => undefined);
    return { parsed, report: preflight(parsed) };
  };
  // what the parser streams: the elements whose volumes come from the geometry (or could not)
  let first: { parsed: ParsedModel; report: Report } | undefined = await ours();
  const stream = first.parsed.elements.filter((e) => e.problems.includes('fromGeometry') || e.problems.includes('noQuantity')).map((e) => e.globalId);
  const counts = first.report.counts;
  log(`  parsed: ${fmtN(counts.elements)} elements, ${fmtN(counts.fromGeometry)} volumes from the geometry, ${fmtN(counts.withoutMaterial)} without material, ${fmtN(counts.materials)} materials`);
  first = undefined;
  await settleRss();
  await floorParse(bytes, stream); // (the warm-up pair's floor)
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
        const m = await rss.measure(() => floorParse(bytes, stream));
        growth.floor.push(m.growth / MiB);
        floorAnswer = m.value;
        return { ms: m.ms };
      },
    ],
    {
      warmup: 0,
      between: settleRss,
      onRound: (r, ms) =>
        log(`    round ${r + 1}: ours ${fmtMs(ms[0])} ms +${growth.ours.at(-1)!.toFixed(0)} MiB, floor ${fmtMs(ms[1])} ms +${growth.floor.at(-1)!.toFixed(0)} MiB`),
    },
  );
  if (floorAnswer!.elements !== counts.elements || floorAnswer!.streamed !== stream.length)
    throw new Error(`the floor read ${floorAnswer!.elements} elements and streamed ${floorAnswer!.streamed}, the parser ${counts.elements} and ${stream.length}`);
  const time = median(oursMs) / median(floorMs);
  const rssOurs = median(growth.ours);
  const rssFloor = median(growth.floor);
  const note = `${size}; floor streams the ${fmtN(stream.length)} meshes the parser streams (${fmtN(floorAnswer!.meshes)} answered); measured once, with the first database (it uses none); RSS medians, max ours ${Math.max(...growth.ours).toFixed(0)} MiB`;
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
