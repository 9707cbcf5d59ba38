// 14. A budget file end to end (issue 26): a 5 000-line 人材机汇总表 (.xlsx, written by tests/server/budget/workbooks.ts
// bigRcj) uploaded — read, classified, pre-flighted, stored — then imported with every item's first convertible
// proposal (the mappings prepared once, outside the timing, from GET budgetBill/{jobId}: a person reviews them in
// between): 建材生产, 建材运输 and 建筑建造 rows and the building's recalculation. The floor: the same upload, with the
// same choices, into a bare route that reads the workbook with the same SheetJS and inserts the same rows (建材生产 +
// 建材运输 per material, 建筑建造 per energy line) with their factors' copies and emissions, then the building's
// figures (lib/floorBudget.ts).
import { createBuilding } from '../data/setup';
import { longCall, multipart, upload } from '../lib/http';
import { compare, type Result } from '../lib/report';
import { fmtMs, interleaved } from '../lib/stats';
import { floorCall, settle, type Ctx } from './context';
import { bigRcj } from '../../tests/server/budget/workbooks';
import type { FloorMapping } from '../lib/floorBudget';

const LINES = 5000;
const MAX_RATIO = 2;
const BASE = '/api/tpf/v1/tpf/budgetBill';
const TABLES = ['stage_produce', 'stage_trans', 'stage_build'];

interface Item {
  key: string;
  name: string;
  spec: string;
  unit: string;
  suggestions: { factorId: number | null; error: string | null }[];
}

export async function budgetMeasures(ctx: Ctx): Promise<Result[]> {
  const { t, opts, log } = ctx;
  const file = { name: `人材机汇总表_${LINES}.xlsx`, content: await bigRcj(LINES) };
  const id = await createBuilding(t, ctx.engineeringId, `基准预算导入${LINES}`, 'produce,trans,build');
  const clear = async () => {
    for (const table of TABLES) await t.raw.query(`delete from ${table} where project_id = $1`, [id]);
  };

  // once: the items and the choice a person would confirm (each item's first proposal that converts)
  const first = await upload(t, BASE, id, file, ctx.wait.upload ?? '');
  if (!first.ok) throw new Error(`budget upload refused: ${first.status} ${first.message}`);
  const jobId = (first.data as { jobId: number }).jobId;
  const pre = await t.call('GET', `${BASE}/${jobId}`);
  const items = pre.body.data.bill.items as Item[];
  const mappings = items.flatMap((i) => {
    const s = i.suggestions.find((x) => !x.error);
    return s ? [{ key: i.key, factorId: s.factorId }] : [];
  });
  // the floor gets the same choices, by the line's name, specification and unit
  const floorMappings: FloorMapping[] = items.flatMap((i) => {
    const s = i.suggestions.find((x) => !x.error);
    return s?.factorId ? [{ name: i.name, spec: i.spec, unit: i.unit, factorId: s.factorId }] : [];
  });
  log(`  budget: ${LINES} lines → ${items.length} items, ${mappings.length} mapped; ${(file.content.length / 1e6).toFixed(2)} MB`);

  const floorUpload = () => {
    const m = multipart({ projectId: String(id), mappings: JSON.stringify(floorMappings) }, file);
    return floorCall(ctx, 'POST', '/floor/budget', m.body, { 'content-type': m.contentType });
  };
  let refused = '';
  const ours = async () => {
    const up = await upload(t, BASE, id, file, ctx.wait.upload ?? '');
    if (!up.ok) refused = `upload: ${up.message}`;
    const job = (up.data as { jobId: number }).jobId;
    // (the stored file of this upload: its items have the same keys)
    const done = await longCall(t, 'POST', `${BASE}/import${ctx.wait.upload ?? ''}`, { payload: { jobId: job, projectId: id, mode: 'replace', mappings } });
    if (!done.ok) refused = `import: ${done.message} ${JSON.stringify(done.data)?.slice(0, 200)}`;
  };
  const [mine, floor] = await interleaved(opts.rounds, [ours, floorUpload], {
    warmup: 1,
    between: async () => {
      await settle(ctx);
      await clear();
    },
    onRound: (r, ms) => log(`    round ${r + 1}: ours ${fmtMs(ms[0])} ms, floor ${fmtMs(ms[1])} ms`),
  });
  const result = compare('budget.import', `budget file ${LINES} lines: upload → imported rows`, ctx.db, { ours: mine, floor }, MAX_RATIO, `${items.length} items, ${mappings.length} imported into 建材生产/建材运输/建筑建造 with the recalculation; floor: SheetJS read, the chosen factors in one query, the same rows inserted by one unnest per table, the building's figures`);
  if (refused) {
    result.within = false;
    result.note = `refused: ${refused}`;
  }
  return [result];
}
