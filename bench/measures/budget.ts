// 14. A budget file end to end: a 5 000-line 人材机汇总表 (.xlsx, written by tests/server/budget/workbooks.ts
// bigRcj) uploaded — read, classified, pre-flighted, stored — then imported with every item's first convertible
// proposal (the mappings prepared once, outside the timing, from GET budgetBill/{jobId}: a person reviews them in
// between): 建材生产, 建材运输 and 建筑建造 rows and the building's recalculation. The floor: the same upload, with the
// same choices and told what ours makes of them, into a bare route that reads the workbook with the same SheetJS and
// inserts the same rows, column for column (建材生产 + 建材运输 per material, 建筑建造 per energy or machine line, with
// their factors' copies, emissions, sources and default traces), then the building's figures (lib/floorBudget.ts).
// Both must write the same number of rows, else the measure fails.
import { createBuilding } from '../data/setup';
import { longCall, multipart, upload } from '../lib/http';
import { compare, type Result } from '../lib/report';
import { fmtMs, interleaved } from '../lib/stats';
import { floorCall, settle, type Ctx } from './context';
import { bigRcj } from '../../tests/server/budget/workbooks';
import type { FloorGrid, FloorMapping } from '../lib/floorBudget';

const LINES = 5000;
const MAX_RATIO = 2;
const BASE = '/api/tpf/v1/tpf/budgetBill';
const TABLES = ['stage_produce', 'stage_trans', 'stage_build'];

interface Item {
  key: string;
  cls: string;
  name: string;
  spec: string;
  unit: string;
  quantity: number;
  energy?: string;
  machine?: { name: string; spec: string; energy: string; energyPerShift: number; energyUnit: string };
  suggestions: { factorId: number | null; quantity: number | null; error: string | null }[];
}

/** What the floor is told of an item ours imports with the suggestion `s`: the row it makes, by name, spec and unit. */
function floorMapping(i: Item, s: Item['suggestions'][number]): FloorMapping[] {
  const kind = i.cls === 'machine' ? 'machine' : i.cls === 'energy' ? 'energy' : 'material';
  if (kind === 'material' && s.factorId === null) return [];
  const scale = i.quantity > 0 && s.quantity !== null && kind === 'material' ? s.quantity / i.quantity : 1;
  const machine = i.machine && {
    energy: i.machine.energy,
    energyPerShift: i.machine.energyPerShift,
    energyPerShiftUnit: i.machine.energyUnit,
    machine: `${i.machine.name} ${i.machine.spec}（附录C）`,
  };
  return [
    { name: i.name, spec: i.spec, unit: i.unit, factorId: s.factorId, kind, scale, energy: i.energy, ...machine },
  ];
}

export async function budgetMeasures(ctx: Ctx): Promise<Result[]> {
  const { t, opts, log } = ctx;
  const file = { name: `人材机汇总表_${LINES}.xlsx`, content: await bigRcj(LINES) };
  const id = await createBuilding(t, ctx.engineeringId, `基准预算导入${LINES}`, 'produce,trans,build');
  // 建筑建造 by machines: the bill's 1 125 machine items are imported, its energy lines left out (the larger kind)
  const method = await t.call('PUT', '/api/tpf/v1/tpf/stage/build/method', {
    payload: { projectId: id, method: 'machine' },
  });
  if (method.body?.code !== 1) throw new Error(`budget bench: method not set: ${JSON.stringify(method.body)}`);
  const clear = async () => {
    for (const table of TABLES) await t.raw.query(`delete from ${table} where project_id = $1`, [id]);
  };

  // once: the items and the choice a person would confirm (each item's first proposal that converts)
  const first = await upload(t, BASE, id, file, ctx.wait.upload ?? '');
  if (!first.ok) throw new Error(`budget upload refused: ${first.status} ${first.message}`);
  const jobId = (first.data as { jobId: number }).jobId;
  const pre = await t.call('GET', `${BASE}/${jobId}`);
  // the building counts 建筑建造 by machines (set above): its energy lines are not importable, as on the page
  const counted = (i: Item) => i.cls !== (pre.body.data.bill.buildMethod?.value === 'machine' ? 'energy' : 'machine');
  const items = (pre.body.data.bill.items as Item[]).filter(counted);
  const mappings = items.flatMap((i) => {
    const s = i.suggestions.find((x) => !x.error);
    return s ? [{ key: i.key, factorId: s.factorId }] : [];
  });
  // the floor is told the same choices and what ours makes of them, by the line's name, specification and unit
  const floorMappings = items.flatMap((i) => {
    const s = i.suggestions.find((x) => !x.error);
    return s ? floorMapping(i, s) : [];
  });
  // and the building's grid factor, as ours names it in the trace of an electricity line without a factor
  // (the generated bill's quantities on one building are past the family ceilings of the review: confirmed, as a user
  // would)
  const once = await longCall(t, 'POST', `${BASE}/import`, {
    payload: { jobId, projectId: id, mode: 'replace', mappings, confirmProblems: true },
  });
  if (!once.ok) throw new Error(`budget import refused: ${once.message}`);
  const [traced] = await t.raw.query<{ trace: { defaults: FloorGrid[] } }>(
    "select trace from stage_build where project_id = $1 and factor_id is null and method = 'energy' and trace is not null limit 1",
    [id],
  );
  const grid: FloorGrid = traced?.trace.defaults[0] ?? { value: 0, unit: 'kgCO2/kWh', source: '' };
  await clear();
  log(
    `  budget: ${LINES} lines → ${items.length} items, ${mappings.length} mapped; ${(file.content.length / 1e6).toFixed(2)} MB`,
  );

  // the rows each writes, compared after the run: a floor writing fewer rows would not be the floor of this work
  const written = { ours: 0, floor: 0 };
  const floorUpload = async () => {
    const m = multipart(
      { projectId: String(id), mappings: JSON.stringify(floorMappings), grid: JSON.stringify(grid) },
      file,
    );
    written.floor = (
      (await floorCall(ctx, 'POST', '/floor/budget', m.body, { 'content-type': m.contentType })).data as {
        count: number;
      }
    ).count;
  };
  let refused = '';
  const ours = async () => {
    const up = await upload(t, BASE, id, file, ctx.wait.upload ?? '');
    if (!up.ok) refused = `upload: ${up.message}`;
    const job = (up.data as { jobId: number }).jobId;
    // (the stored file of this upload: its items have the same keys)
    const done = await longCall(t, 'POST', `${BASE}/import${ctx.wait.upload ?? ''}`, {
      payload: { jobId: job, projectId: id, mode: 'replace', mappings, confirmProblems: true },
    });
    if (!done.ok) refused = `import: ${done.message} ${JSON.stringify(done.data)?.slice(0, 200)}`;
    else written.ours = Object.values((done.data as { rows: Record<string, number> }).rows).reduce((a, n) => a + n, 0);
  };
  const [mine, floor] = await interleaved(opts.rounds, [ours, floorUpload], {
    warmup: 1,
    between: async () => {
      await settle(ctx);
      await clear();
    },
    onRound: (r, ms) => log(`    round ${r + 1}: ours ${fmtMs(ms[0])} ms, floor ${fmtMs(ms[1])} ms`),
  });
  const result = compare(
    'budget.import',
    `budget file ${LINES} lines: upload → imported rows`,
    ctx.db,
    { ours: mine, floor },
    MAX_RATIO,
    `${items.length} items, ${mappings.length} imported: ${written.ours} rows of 建材生产/建材运输/建筑建造 with the recalculation; floor: SheetJS read, the chosen factors in one query, the same ${written.floor} rows inserted by one unnest per table, the building's figures`,
  );
  if (written.ours !== written.floor)
    refused ||= `ours wrote ${written.ours} rows, the floor ${written.floor}: not the same work`;
  if (refused) {
    result.within = false;
    result.note = `refused: ${refused}`;
  }
  return [result];
}
