// The budget-file import through the API: upload → pre-flight with proposals → import → the stage
// totals, worked by hand from the bill's quantities and the seeded factors (see each comment); a refused file and a
// refused mapping leave nothing behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers';
import { buildingBody, ENG, engineeringBody, PROJECT } from '../builders';
import { download, upload } from '../files';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { docxText, pdfText } from '../reportFiles';
import { needTools } from '../tools';
import type { BudgetItemAnswer, BudgetPreflightAnswer } from '../../../schemas/budget';
import { gb50500Table22, rcjSummary } from './workbooks';

const BASE = '/api/tpf/v1/tpf/budgetBill';
const SHOTS = resolve(import.meta.dirname, '../../../.tmp/shots-budget');
let t: TestApp;
let user: string;
let b: { id: number };
let bill: NonNullable<BudgetPreflightAnswer['bill']>;

const item = (name: string, spec?: string) =>
  bill.items.find((i) => i.name === name && (spec === undefined || i.spec === spec))!;
const choose = (i: BudgetItemAnswer, label?: RegExp) => ({
  key: i.key,
  factorId: (label ? i.suggestions.find((s) => label.test(s.label)) : i.suggestions[0])!.factorId,
});
const stageData = async () => (await t.call('GET', `/api/tpf/v1/tpf/stage/data?tpf3ProjectId=${b.id}`, user)).body.data;

beforeAll(async () => {
  t = await testApp();
  user = await t.login('demo_user');
  const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody({ name: '预算导入工程', code: 'BUD-1' }))).body
    .data;
  b = (
    await t.call(
      'POST',
      `${PROJECT}/`,
      user,
      buildingBody(eng.id, { name: '预算导入楼', code: 'BUD-B1', menus: 'produce,trans,build' }),
    )
  ).body.data;
  const up = await upload(
    t,
    BASE,
    user,
    { projectId: b.id },
    { name: '某办公楼人材机汇总表.xlsx', content: await rcjSummary() },
  );
  expect(up.body.message).toBe('预算文件读取完成');
  bill = (await t.call('GET', `${BASE}/${up.body.data.jobId}`, user)).body.data.bill;
});
afterAll(() => t.close());

describe('upload and pre-flight', () => {
  it('answers the counts and each item with proposals', () => {
    expect(bill.totalLines).toBe(40);
    expect(bill.items).toHaveLength(34);
    expect(item('商品混凝土', 'C30').suggestions[0]).toMatchObject({ unit: 'm3', quantity: 1284.36 });
  });

  it('a file without a quantity column is refused with what it lacks; the pre-flight workbook downloads', async () => {
    const r = await upload(t, BASE, user, { projectId: b.id }, { name: '表-22.xlsx', content: await gb50500Table22() });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/缺少必需的列：单位、数量/);
    const x = await t.call('GET', `${BASE}/${bill.jobId}/excel`, user);
    expect(x.body.message).toBe('导出成功');
  });
});

describe('a factor picked from the library by hand', () => {
  const check = (key: string, factorId: number, as = user) =>
    t.call('POST', `${BASE}/${bill.jobId}/check`, as, { key, factorId });
  const library = async (type: string) =>
    (await t.call('GET', `/api/tpf/v1/tpf/tpf3BuildMaterial/?pageSize=-1&type=${encodeURIComponent(type)}`, user)).body
      .data.dataList as { id: number; name: string; unit: string }[];

  it("answers the quantity it would import in the factor's unit, marked as picked by hand", async () => {
    const c30 = item('商品混凝土', 'C30');
    const proposed = new Set(c30.suggestions.map((s) => s.factorId));
    const other = (await library('建材')).find((f) => f.unit === 'm3' && !proposed.has(f.id))!;
    const r = await check(c30.key, other.id);
    // 1 284.36 m³ on a per-m³ factor: the same quantity, no conversion
    expect(r.body.data).toMatchObject({
      factorId: other.id,
      unit: 'm3',
      quantity: 1284.36,
      steps: [],
      error: null,
      manual: true,
      reasons: ['从因子库手动选择'],
    });
  });

  it("refuses what cannot be: a unit that does not convert, an energy item, a factor that is no 建材, an item not in the file, another user's file", async () => {
    const rolls = item('防水卷材');
    const perArea = (await library('建材')).find((f) => f.unit === 'm2')!;
    const unconvertible = await check(rolls.key, perArea.id);
    expect(unconvertible.status).toBe(400);
    expect(unconvertible.body.message).toMatch(
      /^「防水卷材 SBS Ⅱ PY 3mm」不能对应「.+」：用量单位「卷」与排放因子单位「kgCO2e\/m2」不一致/,
    );
    const energy = (await library('能源'))[0];
    expect((await check(item('电').key, energy.id)).body.message).toBe('「电」为能源及水，请在推荐的因子中选择');
    expect((await check(item('商品混凝土', 'C30').key, energy.id)).body.message).toBe(
      '「商品混凝土 C30」对应的因子库材料不存在、不是建材或已有新版本',
    );
    expect((await check('material|不存在的材料||m3', energy.id)).body.message).toBe('文件中没有「不存在的材料」');
    const other = await t.login('demo_admin');
    const foreign = await check(item('商品混凝土', 'C30').key, energy.id, other);
    expect([foreign.status, foreign.body.message]).toEqual([400, '预算文件不存在或已过期，请重新上传']);
  });
});

describe('import', () => {
  it('a mapping whose unit does not convert is refused naming the item; nothing is saved', async () => {
    const rolls = item('防水卷材');
    const panel = item('复合模板').suggestions.find((s) => s.unit === 'm2')!;
    const r = await t.call('POST', `${BASE}/import`, user, {
      jobId: bill.jobId,
      projectId: b.id,
      mode: 'append',
      mappings: [choose(item('商品混凝土', 'C30')), { key: rolls.key, factorId: panel.factorId }],
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^「防水卷材 SBS Ⅱ PY 3mm」：用量单位「卷」与排放因子单位「kgCO2e\/m2」不一致/);
    expect((await stageData()).produce).toMatchObject({ rows: 0 });
  });

  it('the chosen lines become rows; stage totals worked by hand', async () => {
    const grid = (
      await t.call('GET', `/api/tpf/v1/tpf/tpf3BuildMaterial/?pageSize=-1&type=${encodeURIComponent('能源')}`, user)
    ).body.data.dataList.find(
      (f: { name: string; materialCo: number }) => f.name.includes('华东') && f.materialCo === 0.7035,
    ); // the 2012 regional average
    const mappings = [
      choose(item('商品混凝土', 'C30'), /^C30混凝土/), // 1 284.36 m³ × 295 = 378 886.2 kg
      choose(item('螺纹钢筋'), /^热轧碳钢钢筋/), // 86.245 t × 2 340 = 201 813.3 kg
      choose(item('标准砖'), /^烧结粉煤灰实心砖/), // 142.65 千块 × 0.0014628 m³ = 208.66842 m³ × 134 = 27 961.56828 kg
      choose(item('水泥'), /^普通硅酸盐水泥/), // 71.14 t (58.734 + 12.406) × 735 = 52 287.9 kg
      { key: item('电').key, factorId: grid.id }, // 18 652.3 kWh × 0.7035 = 13 121.89305 kg
      choose(item('柴油'), /^柴油/), // 2 356.4 kg × 3.096 = 7 295.4144 kg
    ];
    // the building has not chosen its 建造 method: counted by energy, as the calculation does
    expect(bill.buildMethod).toEqual({ value: 'energy', label: '按总能源用量计算', chosen: false });
    const r = await t.call('POST', `${BASE}/import`, user, {
      jobId: bill.jobId,
      projectId: b.id,
      mode: 'append',
      mappings,
    });
    expect(r.body.message).toBe('导入成功，生成 10 条数据');
    expect(r.body.data.rows).toEqual({ materials: 4, transport: 4, construction: 2 });
    const data = await stageData();
    // 378 886.2 + 201 813.3 + 27 961.56828 + 52 287.9 = 660 948.96828 kg = 660.95 t
    expect(data.produce.total).toBe(660.949); // 660.9490 in t to 4 decimals
    // by energy (the building's method): 13 121.89305 + 7 295.4144 = 20 417.30745 kg = 20.42 t
    expect(data.build.total).toBe(20.4173);
    const rows = (await t.call('GET', `/api/tpf/v1/tpf/stage/produce/?projectId=${b.id}&pageSize=10`, user)).body.data
      .dataList;
    const cement = rows.find((x: { materialName: string }) => x.materialName.startsWith('普通硅酸盐水泥'));
    expect(cement.remarks).toBe('预算文件 某办公楼人材机汇总表.xlsx：人材机汇总表 第14行、第26行');
    expect(cement.billSource).toMatchObject({
      fileName: '某办公楼人材机汇总表.xlsx',
      sources: [
        { sheet: '人材机汇总表', row: 14 },
        { sheet: '人材机汇总表', row: 26 },
      ],
    });
    // the trace (计算过程) says where each quantity came from, and how it was converted
    const trace = (await t.call('GET', `/api/tpf/v1/tpf/stage/produce/trace?projectId=${b.id}&pageSize=50`, user)).body
      .data.rows.dataList;
    const bricks = trace.find((x: { name: string }) => x.name.startsWith('烧结粉煤灰实心砖'));
    // row 13: header on row 3, 一、人工 4, two labour lines, 小计 7, 二、材料 8, then C30, C15, 螺纹钢筋, 圆钢, 标准砖
    expect(bricks.source).toBe(
      '预算文件 某办公楼人材机汇总表.xlsx：人材机汇总表 第13行；换算：142.65 千块 = 142,650 块 × 240×115×53 mm（0.001463 m3/块）= 208.6684 m3',
    );
  });

  it('machine shifts only under the machine method, on the 表C.0.1 row the user chose; the other kind is refused', async () => {
    const imp = (mappings: object[]) =>
      t.call('POST', `${BASE}/import`, user, { jobId: bill.jobId, projectId: b.id, mode: 'append', mappings });
    const truck = choose(item('载重汽车'), /^柴油/);
    const leftOut = await imp([truck]);
    expect([leftOut.status, leftOut.body.message]).toEqual([
      400,
      '「载重汽车 6t」为机械台班，本单体建筑建造未选择计算方式，默认按「按总能源用量计算」计算，机械台班不计入；请不导入该项，或先在建筑建造页面将计算方式改为「按施工机械和临时设施计算」',
    ]);
    await t.call('PUT', '/api/tpf/v1/tpf/stage/build/method', user, { projectId: b.id, method: 'machine' });
    const again = (await t.call('GET', `${BASE}/${bill.jobId}`, user)).body.data.bill as typeof bill;
    expect(again.buildMethod).toEqual({ value: 'machine', label: '按施工机械和临时设施计算', chosen: true });
    const energyOut = await imp([choose(item('柴油'), /^柴油/)]);
    expect(energyOut.body.message).toBe(
      '「柴油 0#」为能源用量，本单体建筑建造按「按施工机械和临时设施计算」计算，能源用量不计入；请不导入该项，或先在建筑建造页面将计算方式改为「按总能源用量计算」',
    );
    // the user's row: 载重汽车 装载质量 8 t (35.49 kg/台班) among the truck's rows, instead of the matched 6 t
    const truckItem = again.items.find((i) => i.key === truck.key)!;
    const eight = again.machines!.find((m) => m.name === '载重汽车' && m.spec === '装载质量 8 t')!;
    expect([truckItem.machine!.spec, truckItem.machineOptions!.includes(eight.lookupId)]).toEqual([
      '装载质量 6 t',
      true,
    ]);
    // a row that is no 表C.0.1 row of the caller's (another tenant's copy, a 拆除 parameter) is refused naming the item
    const db = t.database.db;
    const own = await db
      .selectFrom('tpf3_lookup')
      .selectAll()
      .where('id', '=', eight.lookupId)
      .executeTakeFirstOrThrow();
    const foreign = await db
      .insertInto('tpf3_lookup')
      .values({ ...own, id: undefined, tenant_id: 987654 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const demolition = await db
      .selectFrom('tpf3_lookup')
      .select('id')
      .where('table', '=', 'demolition')
      .executeTakeFirstOrThrow();
    for (const id of [Number(foreign.id), Number(demolition.id)]) {
      const r = await imp([{ ...truck, machineId: id }]);
      expect([r.status, r.body.message]).toEqual([
        400,
        `「载重汽车 6t」所选的附录C 施工机械（编号 ${id}）不存在或没有台班能耗，请重新选择`,
      ]);
    }
    const r = await imp([{ ...truck, machineId: eight.lookupId }, choose(item('自卸汽车'), /^柴油/)]);
    expect(r.body.data.rows).toEqual({ materials: 0, transport: 0, construction: 2 });
    // 载重汽车 on the user's row: 24.38 台班 × 35.49 kg/台班 = 865.2462 kg × 3.096 = 2 678.8022352 kg
    // 自卸汽车 matched (no row given): 36.72 台班 × 52.93 kg/台班 (装载质量 15 t) = 1 943.5896 kg × 3.096 = 6 017.3534016 kg
    // 2 678.8022352 + 6 017.3534016 = 8 696.1556368 kg = 8.6962 t (the energy rows of before are 未计入 now)
    expect((await stageData()).build.total).toBe(8.6962);
    const build = (await t.call('GET', `/api/tpf/v1/tpf/stage/build/trace?projectId=${b.id}&pageSize=50`, user)).body
      .data.rows.dataList;
    const truckRow = build.find((x: { name: string }) => x.name.startsWith('载重汽车'));
    expect(truckRow.source).toMatch(
      /^预算文件 某办公楼人材机汇总表\.xlsx：人材机汇总表 第\d+行；台班能耗取 载重汽车 装载质量 8 t（附录C）$/,
    );
    // the row states 附录C's per-shift unit (柴油 kg/台班), and its trace says it
    expect(truckRow.trace.conversions).toEqual(['24.38 台班 × 35.49 kg/台班 = 865.2462 kg']);
    const machines = (
      await t.call('GET', `/api/tpf/v1/tpf/stage/build/?projectId=${b.id}&method=machine&pageSize=10`, user)
    ).body.data.dataList;
    expect(
      machines.map((x: { energyPerShift: number; energyPerShiftUnit: string }) => [
        x.energyPerShift,
        x.energyPerShiftUnit,
      ]),
    ).toEqual([
      [35.49, 'kg'],
      [52.93, 'kg'],
    ]);
  });

  it("the report's 计算过程 (PDF, Word, workbook) says where each imported row came from", async (ctx) => {
    needTools(ctx, 'pdftotext');
    expect((await t.call('PUT', `${PROJECT}/status`, user, { id: b.id, status: '1' })).body.code).toBe(1);
    const file = async (type: 'pdf' | 'word') => {
      const r = await t.call('GET', `${PROJECT}/exportPdf?projectId=${b.id}&type=${type}`, user);
      expect(r.body.message).toBe('导出成功');
      return (await t.app.inject({ method: 'GET', url: r.body.data })).rawPayload;
    };
    const bytes = await file('pdf');
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(join(SHOTS, 'budget-report.pdf'), bytes); // to look at (pdftoppm)
    // (pdftotext breaks long lines: the words are compared without the breaks)
    const pdf = pdfText(SHOTS, bytes, '-raw').replace(/\s+/g, '');
    const brick =
      '数据来源：预算文件某办公楼人材机汇总表.xlsx：人材机汇总表第13行；换算：142.65千块=142,650块×240×115×53mm（0.001463m3/块）=208.6684m3';
    expect(pdf).toContain(brick);
    expect(pdf).toContain('数据来源：预算文件某办公楼人材机汇总表.xlsx：人材机汇总表第14行、第26行');
    expect(docxText(await file('word')).replace(/\s+/g, '')).toContain(brick);
    const x = await t.call('GET', `${PROJECT}/getExcelByID?projectID=${b.id}`, user);
    const ws = (await download(t, x.body.data)).getWorksheet('计算过程')!;
    const header = (ws.getRow(1).values as unknown[]).indexOf('数据来源');
    const sources = ws.getColumn(header).values.map(String);
    expect(sources).toContain('预算文件 某办公楼人材机汇总表.xlsx：人材机汇总表 第14行、第26行');
    expect((await t.call('PUT', `${PROJECT}/status`, user, { id: b.id, status: '0' })).body.code).toBe(1);
  });

  it('replace takes out the rows of the same file first', async () => {
    const r = await t.call('POST', `${BASE}/import`, user, {
      jobId: bill.jobId,
      projectId: b.id,
      mode: 'replace',
      mappings: [choose(item('商品混凝土', 'C30'), /^C30混凝土/)],
    });
    expect(r.body.data.rows).toEqual({ materials: 1, transport: 1, construction: 0 });
    const data = await stageData();
    expect(data.produce.total).toBe(378.8862); // (stage totals in t to 4 decimals)
    expect(data.build.rows).toBe(0);
  });
});
