// 3. A zip bomb (~600 KB that inflate to ~450 MB, shaped as the import template) sent to POST …/fileUpload: it must be
// refused with 导入文件解压后过大 in under a second, with no memory growth. At most 3 calls, fewer when one takes
// longer than 20 s (what the import does today), so the whole bench stays within its time.
import { readFileSync } from 'node:fs';
import { createBuilding, STAGE_PATH, STAGE_TABLE } from '../data/setup';
import { upload, type Outcome } from '../lib/http';
import type { Result } from '../lib/report';
import { fmtMs, median, round1 } from '../lib/stats';
import type { Ctx } from './context';

export const BOMB_MESSAGE = '导入文件解压后过大';
const MAX_MS = 1000;
/** "no memory growth": what a request with a 600 KB body costs at most */
const MAX_RSS_MIB = 20;
const MiB = 2 ** 20;

export async function zipBombMeasures(ctx: Ctx): Promise<Result[]> {
  const { t, opts, log } = ctx;
  const bomb = ctx.files.bomb!;
  const file = { name: 'bomb.xlsx', content: readFileSync(bomb.path) };
  const id = await createBuilding(t, ctx.engineeringId, '基准压缩炸弹');
  log(`  zip bomb: ${(bomb.size / 1e3).toFixed(0)} KB → ${(bomb.amount / 1e6).toFixed(0)} MB`);
  const runs: { ms: number; growth: number; outcome: Outcome }[] = [];
  const started = performance.now();
  for (let i = 0; i < opts.bombRounds; i++) {
    const m = await ctx.rss.measure(() => upload(t, STAGE_PATH, id, file, ctx.wait.upload ?? ''));
    runs.push({ ms: m.ms, growth: m.growth / MiB, outcome: m.value });
    log(
      `    call ${i + 1}: ${fmtMs(m.ms)} ms, +${(m.growth / MiB).toFixed(0)} MiB, HTTP ${m.value.status} ${m.value.message}`,
    );
    await t.raw.query(`delete from ${STAGE_TABLE} where project_id = $1`, [id]);
    if (m.ms > 20_000 || performance.now() - started > 45_000) break;
  }
  const refusedRight = runs.every((r) => !r.outcome.ok && r.outcome.message.includes(BOMB_MESSAGE));
  const ms = median(runs.map((r) => r.ms));
  const growth = Math.max(...runs.map((r) => r.growth));
  const answer = `HTTP ${runs[0].outcome.status} ${runs[0].outcome.ok ? '(accepted)' : `「${runs[0].outcome.message}」`}`;
  return [
    {
      id: 'zipbomb.time',
      measure: `zip bomb ${(bomb.size / 1e3).toFixed(0)} KB → ${(bomb.amount / 1e6).toFixed(0)} MB: refused`,
      database: ctx.db,
      unit: 'ms',
      ours: ms,
      floor: null,
      ratio: null,
      goal: `< ${MAX_MS} ms, ${BOMB_MESSAGE}`,
      within: refusedRight && ms < MAX_MS,
      samples: { ours: runs.map((r) => round1(r.ms)) },
      note: `answer: ${answer}${runs.length < opts.bombRounds ? `; ${runs.length} call(s) only (slow)` : ''}`,
    },
    {
      id: 'zipbomb.rss',
      measure: 'zip bomb: peak RSS growth',
      database: ctx.db,
      unit: 'MiB',
      ours: growth,
      floor: null,
      ratio: null,
      goal: `≤ ${MAX_RSS_MIB} MiB`,
      within: refusedRight && growth <= MAX_RSS_MIB,
      samples: { ours: runs.map((r) => round1(r.growth)) },
    },
  ];
}
