// Start: `npm start`'s process (node scripts/start.mjs, which runs the compiled server in itself) restarted on a
// database that is already migrated and seeded, against the floor: plain node opening the same database and
// answering (bench/lib/startFloor.mjs). Each round times spawn to the first 200 of GET /api/health (goal ≤ 2 s) and
// the CPU used by then, and stops the process. Then, once each, the idle RSS of the process tree at rest — IDLE_MS
// after the first answer, when the work a start schedules (the manual's drawing) is done — goal ≤ 1.3× the floor's.
// The first start (builds, migration, seed) is not measured here (firstStart.ts measures its memory).
import { IDLE_MS, idleTree } from '../lib/idleTree';
import { treeCpuMs } from '../lib/processTree';
import type { Result } from '../lib/report';
import { serverSetup, spawnServer } from '../lib/spawnServer';
import { fmtMs, interleaved, median, round1 } from '../lib/stats';
import type { Ctx } from './context';

const GOAL_MS = 2000;
const MAX_RSS_RATIO = 1.3;
const FIRST_START_MS = 600_000;

interface Run {
  ms: number;
  cpuMs: number;
}

/** Spawns the command, times its first answer and the CPU used by then, stops the process. */
async function startOnce(args: string[], env: NodeJS.ProcessEnv, limitMs?: number): Promise<Run> {
  const server = await spawnServer(args, env, limitMs);
  try {
    return { ms: server.ms, cpuMs: treeCpuMs(server.child.pid!) };
  } finally {
    await server.stop();
  }
}

export async function serverStartMeasures(ctx: Ctx): Promise<Result[]> {
  const { opts, log, db } = ctx;
  const { env, remove } = serverSetup('start', ctx.t.url);
  try {
    const first = await startOnce(['scripts/start.mjs'], env, FIRST_START_MS);
    log(`  first start (builds when stale, migration, seed): ${fmtMs(first.ms)} ms`);
    const runs = { ours: [] as Run[], floor: [] as Run[] };
    const [ours, floor] = await interleaved(
      opts.rounds,
      [
        async () => {
          const r = await startOnce(['scripts/start.mjs'], env);
          runs.ours.push(r);
          return { ms: r.ms };
        },
        async () => {
          const r = await startOnce(['bench/lib/startFloor.mjs'], env);
          runs.floor.push(r);
          return { ms: r.ms };
        },
      ],
      { onRound: (i, ms) => log(`    round ${i + 1}: ours ${fmtMs(ms[0])} ms, floor ${fmtMs(ms[1])} ms`) },
    );
    const idle = {
      ours: await idleTree(['scripts/start.mjs'], env),
      floor: await idleTree(['bench/lib/startFloor.mjs'], env),
    };
    log(
      `    at rest ${IDLE_MS / 1000} s after the first answer: ours ${idle.ours.rssMiB.toFixed(0)} MiB (${idle.ours.parts}), floor ${idle.floor.rssMiB.toFixed(0)} MiB`,
    );
    // (the warm-up round is not counted)
    runs.ours = runs.ours.slice(-opts.rounds);
    runs.floor = runs.floor.slice(-opts.rounds);
    const cpu = (rs: Run[]) => fmtMs(median(rs.map((r) => r.cpuMs)));
    const rss = { ours: [idle.ours.rssMiB], floor: [idle.floor.rssMiB] };
    const restart: Result = {
      id: 'start.restart',
      measure: 'restart to the first answer',
      database: db,
      unit: 'ms',
      ours: median(ours),
      floor: median(floor),
      ratio: median(ours) / median(floor),
      goal: `≤ ${GOAL_MS} ms`,
      within: median(ours) <= GOAL_MS,
      samples: { ours: ours.map(round1), floor: floor.map(round1) },
      note: `spawn to the first 200 of GET /api/health; CPU time used by then (median): ours ${cpu(runs.ours)} ms, floor ${cpu(runs.floor)} ms — on a busy machine wall time grows, CPU time much less`,
    };
    const ratio = median(rss.ours) / median(rss.floor);
    const embedded = ctx.t.kind === 'pglite';
    const atRest: Result = {
      id: 'start.rss',
      measure: 'idle RSS of what npm start runs',
      database: db,
      unit: 'MiB',
      ours: median(rss.ours),
      floor: median(rss.floor),
      ratio,
      // the goal is against node opening the same PGlite folder, where the database lives in the
      // process; on PostgreSQL the floor is a bare pg client (~57 MiB), so the figure is shown without a goal
      goal: embedded ? `≤ ${MAX_RSS_RATIO}×` : '—',
      within: embedded ? ratio <= MAX_RSS_RATIO : null,
      samples: { ours: rss.ours.map(round1), floor: rss.floor.map(round1) },
      note: `the process tree of node scripts/start.mjs (npm itself not counted; memory after a first start counts it) ${IDLE_MS / 1000} s after its first answer, against node opening the same database as long${embedded ? '' : ' (the memory of the database server is in neither)'}`,
    };
    return [restart, atRest];
  } finally {
    remove();
  }
}
