// The queries behind the scale run's pages and their plans at this size. The app is built in this process on the
// scale database (as target.ts builds it) and each page's requests are injected with a user's session; every
// SELECT the pg driver sends meanwhile is captured with its parameters and run again under EXPLAIN (ANALYZE,
// BUFFERS). All go to .tmp/bench/scale-plans.txt; the answer keeps, per page, its slowest statement's time and the
// plan's scans (what grows with the data: a Seq Scan over a big table, or an index scan that reads many rows).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { openPostgres } from '../../src/server/db/database';
import { rawPostgres } from '../lib/raw';
import { BENCH_DIR } from '../lib/target';
import { userPages } from './pages';
import type { ScaleUser } from './users';

export const PLANS_FILE = join(BENCH_DIR, 'scale-plans.txt');

interface Statement {
  text: string;
  values: unknown[];
}

export interface PagePlan {
  user: string;
  page: string;
  /** the slowest statement: its execution time (ms, EXPLAIN ANALYZE) and its plan's scan nodes */
  slowestMs: number;
  scans: string;
  sql: string;
}

/** Captures what pg.Client sends while `fn` runs (one capture at a time: the requests run one by one). */
async function capture(fn: () => Promise<unknown>): Promise<Statement[]> {
  const seen: Statement[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [a, b] = args;
    const text = typeof a === 'string' ? a : (a as { text?: string })?.text;
    if (text)
      seen.push({ text, values: (Array.isArray(b) ? b : ((a as { values?: unknown[] })?.values ?? [])) as unknown[] });
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    proto.query = original;
  }
  return seen;
}

const isRead = (s: Statement) =>
  /^\s*(select|with)\b/i.test(s.text) && !/set_config|pg_advisory|^\s*select 1\s*$/i.test(s.text);

/** Scan nodes of a text plan, each with its actual rows: "Index Scan using x on t (rows=10)". */
export function scansOf(plan: string[]): string {
  const out: string[] = [];
  for (const line of plan) {
    const m =
      /((?:Parallel )?(?:Seq Scan|Index Only Scan|Index Scan|Bitmap Heap Scan|Bitmap Index Scan)(?: Backward)?(?: using \S+)? on \S+|(?:Parallel )?(?:Seq Scan|Bitmap Index Scan) on \S+|Bitmap Index Scan on \S+)/.exec(
        line,
      );
    const rows = /actual time=[\d.]+\.\.[\d.]+ rows=(\d+) loops=(\d+)/.exec(line);
    if (m) out.push(`${m[1]} (rows=${rows ? Number(rows[1]) * Number(rows[2]) : '?'})`);
  }
  return [...new Set(out)].join('; ');
}

/** Plans of every page of `users` (one pass each), written to PLANS_FILE; answers each page's slowest statement. */
export async function explainPages(
  url: string,
  users: ScaleUser[],
  report: () => { no: string; code: string },
): Promise<PagePlan[]> {
  const database = openPostgres(url);
  const raw = rawPostgres(url);
  const dataDir = join(BENCH_DIR, `scale-plans-${process.pid}`);
  mkdirSync(dataDir, { recursive: true });
  const app = await buildApp({ db: database.db, logger: false, clientDir: join(BENCH_DIR, 'no-client'), dataDir });
  const text: string[] = [
    `EXPLAIN (ANALYZE, BUFFERS) of the statements behind each page, ${new Date().toISOString()}\n`,
  ];
  const out: PagePlan[] = [];
  try {
    await app.ready();
    for (const u of users) {
      for (const page of userPages(u, report)) {
        let slowest: PagePlan = { user: u.name, page: page.name, slowestMs: 0, scans: '', sql: '' };
        text.push(`\n######## ${page.name} as ${u.name} (${u.role}${u.k ? `, tenant ${u.k}` : ''})`);
        for (const r of page.requests) {
          const statements = await capture(() =>
            app.inject({ method: 'GET', url: r.url, headers: r.visitor ? {} : { 'access-token': u.token! } }),
          );
          text.push(`\n==== GET ${r.url}: ${statements.length} statements, ${statements.filter(isRead).length} reads`);
          for (const s of statements.filter(isRead)) {
            // (JIT off as in the app's own sessions, db/database.ts)
            const rows = await raw.transaction(async (q) => {
              await q.query('set local jit = off');
              return q.query<Record<string, string>>(`explain (analyze, buffers) ${s.text}`, s.values);
            });
            const plan = rows.map((x) => Object.values(x)[0]);
            const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan.at(-1) ?? '')?.[1] ?? 0);
            text.push(
              `\n-- ${ms.toFixed(2)} ms\n${s.text}\n-- parameters: ${JSON.stringify(s.values).slice(0, 300)}\n${plan.join('\n')}`,
            );
            if (ms >= slowest.slowestMs)
              slowest = {
                user: u.name,
                page: page.name,
                slowestMs: ms,
                scans: scansOf(plan),
                sql: s.text.replace(/\s+/g, ' ').slice(0, 160),
              };
          }
        }
        out.push(slowest);
      }
    }
  } finally {
    await app.close();
    await raw.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    writeFileSync(PLANS_FILE, text.join('\n') + '\n');
  }
  return out;
}
