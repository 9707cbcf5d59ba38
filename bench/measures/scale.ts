// scale: 100× the demo on PostgreSQL — 200 tenants (one 10× the others), 20 000 buildings, ~5 M 建材生产 rows, 2 000
// signed revisions (bench/scale/generate.ts) — served by two replicas to 10, then 50 users who never pause, each
// for --load-seconds (default 60): per page its p50, p99, count and failures; goal p99 ≤ 1 s and no failure on
// every page. The floor: the same users sending only the simplest authenticated request (who is logged in), in the
// same run. Then the plans of each page's statements (bench/scale/plans.ts). PostgreSQL only; run with --only scale
// (minutes: not in the default set). With --keep the generated database stays and the next run reuses it.
import { readFileSync } from 'node:fs';
import { load, type Result } from '../lib/report';
import { treeCpuMs } from '../lib/processTree';
import { fmtMs, fmtN, median, round1 } from '../lib/stats';
import { openScaleDb, generatedSeconds } from '../scale/database';
import { generate } from '../scale/generate';
import { logIn, runFloor, runUsers, startReplicas, type Replicas, type Tally } from '../scale/load';
import { PAGE_NAMES } from '../scale/pages';
import { explainPages, PLANS_FILE } from '../scale/plans';
import { scaleUsers, verifyTargets, type ScaleUser } from '../scale/users';
import type { Ctx } from './context';
import { quantile } from './report';
import type { Raw } from '../lib/raw';

const LEVELS = [10, 50];
const GOAL_MS = 1000;
/** The floor runs a third of the time: its figure settles quickly. */
const FLOOR_SHARE = 1 / 3;

/** CPU time of the database server (its postmaster's tree and its reaped backends), when it runs on this machine. */
async function dbCpuMs(raw: Raw): Promise<number | null> {
  try {
    const [{ pid }] = await raw.query<{ pid: number }>('select pg_backend_pid() as pid');
    const ppid = Number(
      readFileSync(`/proc/${pid}/stat`, 'utf8')
        .replace(/^.*\) /, '')
        .split(' ')[1],
    );
    const f = readFileSync(`/proc/${ppid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return treeCpuMs(ppid) + ((Number(f[13]) + Number(f[14])) * 1000) / 100;
  } catch {
    return null;
  }
}

interface Phase {
  users: number;
  tally: Tally;
  floor: Tally;
  seconds: number;
  load: [number, number];
  /** CPU seconds per second of the replicas (both) and of the database server */
  cpu: { replicas: number; db: number | null };
}

async function phase(
  ctx: Ctx,
  raw: Raw,
  replicas: Replicas,
  users: ScaleUser[],
  seconds: number,
  report: () => { no: string; code: string },
): Promise<Phase> {
  const loadBefore = load();
  const [r0, d0] = [replicas.cpuMs(), await dbCpuMs(raw)];
  const tally = await runUsers(replicas.ports, users, seconds * 1000, report);
  const [r1, d1] = [replicas.cpuMs(), await dbCpuMs(raw)];
  const floor = await runFloor(replicas.ports, users, seconds * FLOOR_SHARE * 1000);
  const cpu = {
    replicas: (r1 - r0) / 1000 / seconds,
    db: d0 === null || d1 === null ? null : (d1 - d0) / 1000 / seconds,
  };
  const p: Phase = { users: users.length, tally, floor, seconds, load: [loadBefore, load()], cpu };
  const f = floor.get('floor')!;
  ctx.log(
    `  ${users.length} users × ${seconds} s (load average ${p.load[0]} → ${p.load[1]}; CPU s/s: replicas ${cpu.replicas.toFixed(2)}, database ${cpu.db?.toFixed(2) ?? '?'}):`,
  );
  for (const name of PAGE_NAMES) {
    const s = tally.get(name);
    if (!s) continue;
    ctx.log(
      `    ${name.padEnd(12)} p50 ${fmtMs(median(s.ms)).padStart(6)} ms  p99 ${fmtMs(quantile(s.ms, 0.99)).padStart(6)} ms  ${String(s.ms.length).padStart(5)} loads  ${s.errors} failed  ${(s.bytes / 1024).toFixed(1)} KB${s.failures.length ? `  (${s.failures.join('; ')})` : ''}`,
    );
  }
  ctx.log(
    `    ${'floor'.padEnd(12)} p50 ${fmtMs(median(f.ms)).padStart(6)} ms  p99 ${fmtMs(quantile(f.ms, 0.99)).padStart(6)} ms  ${String(f.ms.length).padStart(5)} calls  ${f.errors} failed (GET currentUser, ${fmtMs(seconds * FLOOR_SHARE)} s)`,
  );
  return p;
}

function results(ctx: Ctx, p: Phase, facts: string): Result[] {
  const f = p.floor.get('floor')!;
  const floorP99 = quantile(f.ms, 0.99);
  return PAGE_NAMES.filter((n) => p.tally.has(n)).map((name) => {
    const s = p.tally.get(name)!;
    const p99 = quantile(s.ms, 0.99);
    return {
      id: `scale.${p.users}.${name}`,
      measure: `scale: ${name} at ${p.users} users (p99)`,
      database: ctx.db,
      unit: 'ms',
      ours: p99,
      floor: floorP99,
      ratio: p99 / floorP99,
      goal: `≤ ${GOAL_MS} ms, 0 failed`,
      within: p99 <= GOAL_MS && s.errors === 0,
      samples: { ours: s.ms.map(round1) },
      note: `p50 ${fmtMs(median(s.ms))} ms, ${s.ms.length} loads, ${s.errors} failed, ${(s.bytes / 1024).toFixed(1)} KB; floor (currentUser) p50 ${fmtMs(median(f.ms))} ms; load average ${p.load[0]} → ${p.load[1]}; CPU s/s replicas ${p.cpu.replicas.toFixed(2)}, database ${p.cpu.db?.toFixed(2) ?? '?'}; ${facts}`,
    } satisfies Result;
  });
}

export async function scaleMeasures(ctx: Ctx): Promise<Result[]> {
  if (ctx.t.kind !== 'postgres' || !ctx.t.url) {
    ctx.log('  skipped: the scale run is for PostgreSQL (two replicas on one database server)');
    return [
      {
        id: 'scale',
        measure: 'scale run (PostgreSQL only)',
        database: ctx.db,
        unit: 'ms',
        ours: null,
        floor: null,
        ratio: null,
        goal: '—',
        within: null,
        note: 'skipped: PostgreSQL only',
      },
    ];
  }
  const seconds = ctx.opts.loadSeconds;
  const db = await openScaleDb(ctx.t.url, {
    keep: ctx.opts.keep,
    log: ctx.log,
    generate: (raw) => generate(raw, ctx.log),
  });
  let replicas: Replicas | undefined;
  try {
    const genS = await generatedSeconds(db.raw);
    const [size] = await db.raw.query<{ bytes: string; rows: string }>(
      `select pg_database_size(current_database())::bigint as bytes, (select count(*) from stage_produce)::bigint as rows`,
    );
    const [b] = await db.raw.query<{ buildings: string; signed: string }>(
      `select count(*) filter (where id < 100000) as buildings, count(*) filter (where review_state = 'approved') as signed from tpf3_project where id > 1000`,
    );
    const mib = Number(size.bytes) / 2 ** 20;
    const facts = `${fmtN(Number(b.buildings))} buildings, ${fmtN(Number(size.rows))} rows, ${fmtN(Number(b.signed))} signed, ${mib.toFixed(0)} MiB`;
    ctx.log(`  data: ${facts}; generated in ${fmtMs(genS)} s${db.fresh ? '' : ' (by an earlier run, kept)'}`);
    const reports = await verifyTargets(db.raw);
    let r = 0;
    const report = () => reports[r++ % reports.length];

    const t0 = performance.now();
    replicas = await startReplicas(db.url);
    ctx.log(
      `  two replicas on ports ${replicas.ports.join(', ')}, answering in ${fmtMs((performance.now() - t0) / 1000)} s`,
    );
    const groups = await Promise.all(LEVELS.map((n) => scaleUsers(db.raw, n)));
    for (const g of groups) await logIn(replicas.ports, g);
    await runUsers(replicas.ports, groups[0], 10_000, report); // warm-up: caches, JIT, pools
    const out: Result[] = [];
    for (const g of groups) {
      const p = await phase(ctx, db.raw, replicas, g, seconds, report);
      out.push(...results(ctx, p, facts));
    }
    await replicas.stop();
    replicas = undefined;
    const plans = await explainPages(db.url, groups[0].slice(0, 2), report);
    ctx.log(`  plans (${PLANS_FILE}): each page's slowest statement`);
    for (const pl of plans)
      ctx.log(`    ${pl.page.padEnd(12)} ${pl.user.padEnd(9)} ${fmtMs(pl.slowestMs).padStart(6)} ms  ${pl.scans}`);
    out.push({
      id: 'scale.size',
      measure: 'scale: database size',
      database: ctx.db,
      unit: 'MiB',
      ours: mib,
      floor: null,
      ratio: null,
      goal: '—',
      within: null,
      note: `${facts}; generated in ${fmtMs(genS)} s`,
    });
    return out;
  } finally {
    await replicas?.stop();
    await db.close();
  }
}
