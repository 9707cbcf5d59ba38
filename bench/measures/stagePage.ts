// 13. A stage table at 100 000 rows: the page asks the server for one page of the building's rows with
// their count and emission sum (GET stage/produce/?projectId=&pageNum=&pageSize=10&sortField=id, the 合计 and 共 N 条
// included), first page and last page. The floor is the same two statements side by side on the raw driver.
import { createBuilding, insertStageRows, STAGE_PATH, STAGE_TABLE } from '../data/setup';
import { compare, type Result } from '../lib/report';
import { fmtMs, fmtN, interleaved } from '../lib/stats';
import { floorCall, type Ctx } from './context';

/** GOAL: the first rows within 1 s, and no more than 1.5× the floor. */
const MAX_MS = 1000;
const MAX_RATIO = 1.5;
const ROWS = 100_000;
const PAGE_SIZE = 10;

interface Page {
  total: number;
  sums?: { emission?: number };
  dataList: unknown[];
}

async function page(ctx: Ctx, projectId: number, pageNum: number): Promise<Page> {
  const a = await ctx.t.call(
    'GET',
    `${STAGE_PATH}/?projectId=${projectId}&pageNum=${pageNum}&pageSize=${PAGE_SIZE}&sortField=id&sortOrder=ascend`,
  );
  if (a.status !== 200 || a.body?.code !== 1)
    throw new Error(`stage page: HTTP ${a.status} ${JSON.stringify(a.body).slice(0, 200)}`);
  return a.body.data as Page;
}

const floorPage = async (ctx: Ctx, projectId: number, pageNum: number) =>
  (await floorCall(ctx, 'GET', `/floor/stagePage?projectId=${projectId}&pageNum=${pageNum}&pageSize=${PAGE_SIZE}`))
    .data as Page;

export async function stagePageMeasures(ctx: Ctx): Promise<Result[]> {
  const { t, log } = ctx;
  const t0 = performance.now();
  const id = await createBuilding(t, ctx.engineeringId, `基准分页${ROWS}`);
  await insertStageRows(t.raw, id, ROWS, ctx.factors);
  // (the emissions a calculation would have stored, so the sum is a real one)
  await t.raw.query(`update ${STAGE_TABLE} set emission = quantity * factor_value where project_id = $1`, [id]);
  await t.raw.exec(`vacuum analyze ${STAGE_TABLE}`);
  log(
    `  stage page: a building with ${fmtN(ROWS)} rows in ${fmtMs(performance.now() - t0)} ms; ${ctx.opts.listRounds} rounds`,
  );
  const last = Math.ceil(ROWS / PAGE_SIZE);
  const out: Result[] = [];
  for (const [name, at] of [
    ['first', 1],
    ['last', last],
  ] as const) {
    let mine: Page | undefined;
    let theirs: Page | undefined;
    const [ours, floor] = await interleaved(
      ctx.opts.listRounds,
      [async () => void (mine = await page(ctx, id, at)), async () => void (theirs = await floorPage(ctx, id, at))],
      { warmup: 2 },
    );
    const same =
      mine?.total === theirs?.total &&
      mine?.dataList.length === theirs?.dataList.length &&
      Math.abs((mine?.sums?.emission ?? NaN) - (theirs?.sums?.emission ?? NaN)) <
        1e-6 * Math.abs(theirs?.sums?.emission ?? 1);
    const r = compare(
      `stage.page.${name}`,
      `stage table ${fmtN(ROWS)} rows, ${name} page`,
      ctx.db,
      { ours, floor },
      MAX_RATIO,
      same
        ? `共 ${mine?.total} 条, 合计 ${Math.round(mine?.sums?.emission ?? 0)} kg`
        : `answers differ: ours ${mine?.total}/${mine?.sums?.emission}, floor ${theirs?.total}/${theirs?.sums?.emission}`,
    );
    out.push({
      ...r,
      goal: `≤ ${MAX_RATIO}×, ≤ ${MAX_MS} ms`,
      within: !!r.within && r.ours !== null && r.ours <= MAX_MS && same,
    });
  }
  return out;
}
