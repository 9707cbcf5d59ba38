// 4. and 5. The building list at N buildings (tpf3Project, as the admin sees it: every tenant's), page 1 of 10
// newest first — with a name filter (`name=人才公寓`, one building in 1 000: ilike '%…%' + count(*)) and without.
// The floor is the same SQL on the raw driver: for the filter with index and bitmap scans turned off (today's
// plan, a sequential scan) and, printed too, with indexes allowed; without the filter, as it is.
import { BUILDING_PATH, insertBuildings, NAME_FILTER } from '../data/setup';
import { compare, type Result } from '../lib/report';
import { fmtMs, fmtN, interleaved } from '../lib/stats';
import { floorCall, type Ctx } from './context';

const MAX_FILTER_RATIO = 0.3;
const MAX_LIST_RATIO = 1.2;

const inserted = new WeakSet<object>();

async function ensureBuildings(ctx: Ctx): Promise<void> {
  if (inserted.has(ctx.t)) return;
  const t0 = performance.now();
  const { matching } = await insertBuildings(ctx.t.raw, ctx.opts.buildings, ctx.engineeringId);
  ctx.log(
    `  ${fmtN(ctx.opts.buildings)} buildings inserted in ${fmtMs(performance.now() - t0)} ms (${matching} named …${NAME_FILTER}…)`,
  );
  inserted.add(ctx.t);
}

async function list(ctx: Ctx, query: string): Promise<number> {
  const a = await ctx.t.call('GET', `${BUILDING_PATH}/?${query}`);
  if (a.status !== 200 || a.body?.code !== 1)
    throw new Error(`building list: HTTP ${a.status} ${JSON.stringify(a.body).slice(0, 200)}`);
  return Number(a.body.data.total);
}

const floorTotal = async (ctx: Ctx, query: string) =>
  Number(((await floorCall(ctx, 'GET', `/floor/list?${query}`)).data as { total: number }).total);

export async function listFilterMeasures(ctx: Ctx): Promise<Result[]> {
  await ensureBuildings(ctx);
  const q = `pageNum=1&pageSize=10&name=${encodeURIComponent(NAME_FILTER)}`;
  const totals = { ours: 0, seq: 0, index: 0 };
  ctx.log(`  list with name filter: ${ctx.opts.listRounds} rounds`);
  const [ours, seq, index] = await interleaved(
    ctx.opts.listRounds,
    [
      async () => (totals.ours = await list(ctx, q)),
      async () => (totals.seq = await floorTotal(ctx, `${q}&indexes=0`)),
      async () => (totals.index = await floorTotal(ctx, `${q}&indexes=1`)),
    ],
    { warmup: 2 },
  );
  const label = `list ${fmtN(ctx.opts.buildings)} buildings, name filter`;
  const same =
    totals.ours === totals.seq && totals.seq === totals.index
      ? ''
      : `; totals differ: ours ${totals.ours}, floor ${totals.seq}/${totals.index}`;
  const plan = await countPlan(ctx);
  return [
    compare(
      'list.filter',
      `${label} vs seq scan`,
      ctx.db,
      { ours, floor: seq },
      MAX_FILTER_RATIO,
      `${totals.ours} of ${fmtN(ctx.opts.buildings)} match; count plan with indexes allowed: ${plan}${same}`,
    ),
    {
      ...compare('list.filter.indexed', `${label} vs same SQL, indexes on`, ctx.db, { ours, floor: index }, Infinity),
      goal: '—',
      within: null,
    },
  ];
}

export async function listMeasures(ctx: Ctx): Promise<Result[]> {
  await ensureBuildings(ctx);
  const q = 'pageNum=1&pageSize=10';
  ctx.log(`  list without filter: ${ctx.opts.listRounds} rounds`);
  const [ours, floor] = await interleaved(ctx.opts.listRounds, [() => list(ctx, q), () => floorTotal(ctx, q)], {
    warmup: 2,
  });
  return [
    compare('list', `list ${fmtN(ctx.opts.buildings)} buildings, page 1`, ctx.db, { ours, floor }, MAX_LIST_RATIO),
  ];
}

/** The scan the filtered count(*) gets today, in a few words (e.g. "Seq Scan", "Bitmap Heap Scan"). */
async function countPlan(ctx: Ctx): Promise<string> {
  const rows = await ctx.t.raw.query<Record<string, string>>(
    `explain select count(*)::int from tpf3_project where name ilike $1`,
    [`%${NAME_FILTER}%`],
  );
  const lines = rows.map((r) => Object.values(r)[0]);
  const scans = lines
    .map((l) => /(Seq Scan|Index Only Scan|Index Scan|Bitmap Heap Scan|Bitmap Index Scan)( using \S+)?/.exec(l)?.[0])
    .filter(Boolean);
  return scans.join(' → ') || lines[0] || '?';
}
