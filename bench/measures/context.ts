// What every measure gets: the target (app + raw driver), the floor app, options, the shared setup.
import type { FastifyInstance } from 'fastify';
import type { Factor } from '../data/setup';
import type { Template } from '../data/workbook';
import type { Options } from '../lib/options';
import type { RssSampler } from '../lib/rss';
import type { Target } from '../lib/target';

export interface GeneratedFile {
  path: string;
  size: number;
  /** data rows (workbook), inflated bytes (zip bomb) or elements (BIM model) */
  amount: number;
}

export interface Ctx {
  t: Target;
  floor: FastifyInstance;
  opts: Options;
  rss: RssSampler;
  log: (line: string) => void;
  /** 'PGlite' or 'PostgreSQL' (the table's database column) */
  db: string;
  engineeringId: number;
  factors: Factor[];
  template: Template;
  /** made once per run, shared by the databases */
  files: { workbook?: GeneratedFile; probe?: GeneratedFile; bomb?: GeneratedFile; bim?: GeneratedFile };
  /** the `wait` query parameter long routes take, '' while they do not */
  wait: { calculate?: string; upload?: string };
}

/** The floor app's answer, which must be a success. */
export async function floorCall(
  ctx: Ctx,
  method: 'GET' | 'POST',
  url: string,
  payload?: Buffer,
  headers?: Record<string, string>,
) {
  const res = await ctx.floor.inject({ method, url, payload, headers });
  if (res.statusCode !== 200) throw new Error(`floor ${url}: HTTP ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json() as { code: number; data: unknown };
}

/**
 * Waits until work the app left running after its answer (VACUUM on PGlite after a bulk write, progress writes)
 * has ended, so that it is not counted in the floor's time that follows; answers how long that took (ms). On
 * PGlite a query waits for every query queued before it.
 */
export async function settle(ctx: Ctx): Promise<number> {
  const PAUSE_MS = 5; // for work started with setImmediate or a short timer to be queued
  const t0 = performance.now();
  await new Promise((r) => setImmediate(r));
  await new Promise((r) => setTimeout(r, PAUSE_MS));
  await ctx.t.raw.query('select 1');
  return Math.max(0, performance.now() - t0 - PAUSE_MS);
}
