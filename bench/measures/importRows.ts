// 2. Importing the N-row workbook end to end: POST stage/produce/fileUpload (multipart: projectId, file) through the
// app, against the floor: the same multipart upload into a bare route that streams it through exceljs's
// streaming reader and bulk-inserts the rows on the raw driver (INSERT … SELECT FROM unnest, or COPY — the faster
// of the two on this database, tried first). Peak RSS growth of each call, sampled every 20 ms.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { createBuilding, STAGE_PATH, STAGE_TABLE } from '../data/setup';
import { multipart, upload, type Outcome } from '../lib/http';
import { compare, type Result } from '../lib/report';
import { fmtMs, fmtN, interleaved, median, round1 } from '../lib/stats';
import { floorCall, settle, type Ctx } from './context';

const MAX_RATIO = 2;
const MAX_RSS_MIB = 250;
const MiB = 2 ** 20;

export async function importMeasures(ctx: Ctx): Promise<Result[]> {
  const { t, opts, log } = ctx;
  const wb = ctx.files.workbook!;
  const file = { name: basename(wb.path), content: readFileSync(wb.path) };
  const n = wb.amount;
  const id = await createBuilding(t, ctx.engineeringId, `基准导入${n}`);
  const count = async () =>
    Number(
      (await t.raw.query<{ n: number }>(`select count(*)::int as n from ${STAGE_TABLE} where project_id = $1`, [id]))[0]
        .n,
    );
  const clear = async () => {
    await t.raw.query(`delete from ${STAGE_TABLE} where project_id = $1`, [id]);
    await t.raw.exec(`vacuum ${STAGE_TABLE}`);
  };

  if (ctx.wait.upload === undefined) {
    // fileUpload may take ?wait=; a small file of the same rows tells, and that the rows are valid
    const probe = { name: 'probe.xlsx', content: readFileSync(ctx.files.probe!.path) };
    let small = await upload(t, STAGE_PATH, id, probe, '?wait=600000');
    ctx.wait.upload = '?wait=600000';
    if (!small.ok && small.status === 400 && /wait|查询参数/.test(small.message)) {
      ctx.wait.upload = '';
      small = await upload(t, STAGE_PATH, id, probe);
    }
    if (!small.ok)
      throw new Error(
        `importing ${ctx.files.probe!.amount} generated rows failed: ${small.status} ${small.message} ${JSON.stringify(small.data)?.slice(0, 300)}`,
      );
    await clear();
  }

  const floorUpload = (insert: string) => {
    const m = multipart({ projectId: String(id) }, file);
    return floorCall(ctx, 'POST', `/floor/import?insert=${insert}`, m.body, { 'content-type': m.contentType });
  };

  // the floor's insert: whichever is faster here (one call each, after one of each to warm up)
  log(`  import: ${fmtN(n)} rows, ${(wb.size / 1e6).toFixed(2)} MB — choosing the floor's insert`);
  const tries: Record<string, number> = {};
  for (const how of ['unnest', 'copy', 'unnest', 'copy']) {
    const t0 = performance.now();
    await floorUpload(how);
    tries[how] = performance.now() - t0;
    if ((await count()) !== n) throw new Error(`the floor (${how}) inserted ${await count()} rows, not ${n}`);
    await clear();
  }
  const insert = tries.copy < tries.unnest ? 'copy' : 'unnest';
  log(`    floor: unnest ${fmtMs(tries.unnest)} ms, copy ${fmtMs(tries.copy)} ms → ${insert}`);

  const outcomes: Outcome[] = [];
  const rss = { ours: [] as number[], floor: [] as number[] };
  const counts: number[] = [];
  const after: number[] = [];
  const [ours, floor] = await interleaved(
    opts.rounds,
    [
      async () => {
        const m = await ctx.rss.measure(() => upload(t, STAGE_PATH, id, file, ctx.wait.upload));
        outcomes.push(m.value);
        rss.ours.push(m.growth / MiB);
        return { ms: m.ms };
      },
      async () => {
        const m = await ctx.rss.measure(() => floorUpload(insert));
        rss.floor.push(m.growth / MiB);
        return { ms: m.ms };
      },
    ],
    {
      between: async (k) => {
        const ms = await settle(ctx);
        if (k === 0) {
          after.push(ms);
          counts.push(await count());
        }
        await clear();
      },
      onRound: (r, ms) =>
        log(
          `    round ${r + 1}: ours ${fmtMs(ms[0])} ms (${outcomes.at(-1)?.ok ? 'imported' : `refused: ${outcomes.at(-1)?.message}`}), floor ${fmtMs(ms[1])} ms`,
        ),
    },
  );

  const refused = outcomes.find((o) => !o.ok);
  const wrongCount = outcomes.some((o, i) => o.ok && counts[i] !== n);
  const what = `import ${fmtN(n)} rows (${(wb.size / 1e6).toFixed(1)} MB)`;
  const time = compare(
    'import',
    what,
    ctx.db,
    { ours, floor },
    MAX_RATIO,
    `floor: exceljs streaming reader + ${insert === 'copy' ? 'COPY' : 'INSERT … SELECT FROM unnest'}; work left running after ours' answer (waited for, counted in neither): median ${fmtMs(median(after))} ms`,
  );
  if (refused) {
    time.ratio = null;
    time.within = false;
    time.measure = `${what} → refused`;
    time.note = `the route refused (HTTP ${refused.status}): ${refused.message}${refused.data ? ` ${JSON.stringify(refused.data).slice(0, 200)}` : ''}; ${time.note}`;
  } else if (wrongCount) {
    time.within = false;
    time.note = `rows stored after the route's import: ${counts.join(', ')} (expected ${n})`;
  }
  const maxOurs = Math.max(...rss.ours);
  const memory: Result = {
    id: 'import.rss',
    measure: `import ${fmtN(n)} rows: peak RSS growth`,
    database: ctx.db,
    unit: 'MiB',
    ours: maxOurs,
    floor: Math.max(...rss.floor),
    ratio: null,
    goal: `≤ ${MAX_RSS_MIB} MiB`,
    within: !refused && maxOurs <= MAX_RSS_MIB,
    samples: { ours: rss.ours.map(round1), floor: rss.floor.map(round1) },
    note: `largest of ${rss.ours.length} calls (median ${median(rss.ours).toFixed(0)} MiB); RSS sampled every 20 ms from a worker thread${refused ? '; the route refused the file' : ''}`,
  };
  return [time, memory];
}
