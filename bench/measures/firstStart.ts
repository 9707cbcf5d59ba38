// Memory after a first start, as a user runs it: `npm start` (npm itself, its shell and the server, through npm's
// own CLI) on a new, empty data dir — the client and server builds if stale, the database created and seeded — then
// IDLE_MS idle after the first 200 of GET /api/health, and the RSS of the whole process tree then (VmRSS summed
// over npm and everything under it). The floor: a bare node process opening the same PGlite data dir and answering
// one query (bench/lib/startFloor.mjs), as long idle. Goal ≤ 1.3×. Each round on its own fresh data dir, the floor
// right after on that dir (npm start, floor, npm start, floor …). PGlite only: a first start on PostgreSQL would need
// an empty database of its own.
import { dirname, join } from 'node:path';
import { IDLE_MS, idleTree, type Idle } from '../lib/idleTree';
import type { Result } from '../lib/report';
import { serverSetup } from '../lib/spawnServer';
import { fmtMs, median, round1 } from '../lib/stats';
import type { Ctx } from './context';

const MAX_RATIO = 1.3;
const FIRST_START_MS = 600_000;
const MAX_ROUNDS = 3;

/** npm's CLI: the one `npm run bench` runs under, or the one beside this node. */
const npmCli = () =>
  process.env.npm_execpath ?? join(dirname(process.execPath), '../lib/node_modules/npm/bin/npm-cli.js');

export async function firstStartMeasures(ctx: Ctx): Promise<Result[]> {
  const { opts, log, db } = ctx;
  if (ctx.t.kind !== 'pglite') {
    log('  (memory after a first start: PGlite only)');
    return [];
  }
  const rounds = { ours: [] as Idle[], floor: [] as Idle[] };
  for (let i = 0; i < Math.min(opts.rounds, MAX_ROUNDS); i++) {
    const { env, remove } = serverSetup(`first-start-${i}`);
    try {
      const ours = await idleTree([npmCli(), 'start'], env, FIRST_START_MS);
      const floor = await idleTree(['bench/lib/startFloor.mjs'], env);
      rounds.ours.push(ours);
      rounds.floor.push(floor);
      log(
        `    round ${i + 1}: npm start ${ours.rssMiB.toFixed(0)} MiB (${ours.parts}; first answer after ${fmtMs(ours.ms)} ms), floor ${floor.rssMiB.toFixed(0)} MiB`,
      );
    } finally {
      remove();
    }
  }
  const ours = rounds.ours.map((r) => r.rssMiB);
  const floor = rounds.floor.map((r) => r.rssMiB);
  const ratio = median(ours) / median(floor);
  return [
    {
      id: 'firstStart.rss',
      measure: `memory after a first start (npm start, ${IDLE_MS / 1000} s idle)`,
      database: db,
      unit: 'MiB',
      ours: median(ours),
      floor: median(floor),
      ratio,
      goal: `≤ ${MAX_RATIO}×`,
      within: ratio <= MAX_RATIO,
      samples: { ours: ours.map(round1), floor: floor.map(round1) },
      note: `npm start on a new data dir, RSS of npm and every process under it ${IDLE_MS / 1000} s after the first answer (last round: ${rounds.ours.at(-1)?.parts}), against node opening the same PGlite data dir as long`,
    },
  ];
}
