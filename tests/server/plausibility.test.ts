// 合理性检查 through the API: a building calculated with absurd quantities is answered
// 计算完成，有 N 条提示, the flags are stored with the result and shown in the stage's 计算过程, and no figure changes;
// the same building with plausible quantities is 计算成功!. A database seeded before the material lines gets them
// once at start.
// Residential (居住建筑/住宅), A = 1 000 m², y = 50 a, stages 建材生产 and 建筑运行 (no operation rows yet).
// Library factors: C30混凝土 295 kgCO2e/m³, 热轧碳钢钢筋 2 340 kgCO2e/t, 页岩空心砖 204 kgCO2e/m³ (GB/T 51366 附录D).
// Seeded 参考值库 lines for 居住建筑: 混凝土 0.30–0.47 m³/m², 钢筋 30–75 kg/m² (土木在线), 隐含碳 372.4–525.9
// (Sustainability 2023, 15 residential buildings) and 350–550 kgCO2e/m² (indicative, derived).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testApp, type TestApp } from './helpers';
import { buildingBody, ENG, engineeringBody, libraryFactor, PROJECT } from './builders';
import { MATERIAL_LINES_MARKER, upgradeBenchmarks } from '../../src/server/db/seed/benchmarkUpgrade';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { docxText, hasPoppler, pdfText } from './reportFiles';

let t: TestApp;
let user: string;
let b: { id: number };
const STAGE = '/api/tpf/v1/tpf/stage';
const factor = (name: string) => libraryFactor(t, user, name);

beforeAll(async () => {
  t = await testApp();
  user = await t.login('demo_user');
  const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody({ name: '合理性检查工程', code: 'PL-1' }))).body
    .data;
  b = (
    await t.call(
      'POST',
      `${PROJECT}/`,
      user,
      buildingBody(eng.id, {
        name: '合理性楼',
        buildType: '居住建筑/住宅',
        buildArea: 1000,
        useDateLimit: 50,
        menus: 'produce,runtime',
      }),
    )
  ).body.data;
});
afterAll(() => t?.close());

describe('a building held against the published ranges', () => {
  let rows: Record<string, unknown>[] = [];

  it('absurd quantities: 计算完成，有 4 条提示, the flags stored, every figure as calculated', async () => {
    const [c30, rebar] = [await factor('C30混凝土'), await factor('热轧碳钢钢筋')];
    const r = await t.call('POST', `${STAGE}/produce/batch`, user, [
      { projectId: b.id, materialName: 'C30混凝土', unit: 'm3', quantity: 500, factorId: c30.id }, // 500 × 295 = 147 500 kg
      { projectId: b.id, materialName: '热轧碳钢钢筋', unit: 't', quantity: 180, factorId: rebar.id }, // 180 × 2 340 = 421 200 kg
    ]);
    // concrete 500 m³ ÷ 1 000 m² = 0.50 > 0.47; steel 180 000 kg ÷ 1 000 m² = 180.00 > 75;
    // embodied (147 500 + 421 200) kg ÷ 1 000 m² = 568.70 > 525.9 and > 550 → 4 flags; operation and life cycle are
    // not checked (建筑运行 has no rows)
    expect(r.body).toMatchObject({ code: 1, message: '计算完成，有 4 条提示' });
    const warnings = r.body.data.warnings as string[];
    expect(warnings).toHaveLength(4);
    expect(warnings).toContain(
      '合理性检查：钢材用量 180.00 kg/m² 高于参考范围 30.00–75.00 kg/m²（参考值库「住宅钢筋用量（多层砌体至 30 层高层，抗震 7 度区）」，来源：土木在线《普通住宅建筑混凝土用量和用钢量》，civilcn.com/zaojia/zjlw/1417243797251538.html）',
    );
    expect(warnings.some((w) => w.startsWith('合理性检查：混凝土用量 0.50 m³/m² 高于参考范围 0.30–0.47 m³/m²'))).toBe(
      true,
    );
    const embodied = warnings.filter((w) => w.startsWith('合理性检查：隐含碳排放强度 568.70 kgCO2e/m² 高于参考范围'));
    expect(embodied).toHaveLength(2);
    // each names what drives it: the rebar, 421 200 ÷ (147 500 + 421 200) = 74.06 % of 建材生产
    for (const w of embodied) expect(w.endsWith('；主要来源：热轧碳钢钢筋（180.00 t）占建材生产 74%')).toBe(true);
    // the numbers themselves are what the formula gives
    rows = r.body.data.rows.map((x: Record<string, unknown>) => ({
      id: x.id,
      projectId: b.id,
      materialName: x.materialName,
      unit: x.unit,
      factorId: x.factorId,
    }));
    expect(r.body.data.rows.map((x: { emission: number; quantity: number }) => [x.quantity, x.emission])).toEqual([
      [500, 147500],
      [180, 421200],
    ]);
    expect(r.body.data.result).toMatchObject({ produce: 568.7, total: 568.7, streng3: 11.37 });

    const stored = (await t.call('GET', `${PROJECT}/${b.id}`, user)).body.data;
    expect(stored).toMatchObject({ produce: 568.7, total: 568.7, streng3: 11.37 });
    const review = stored.resultDetail.plausibility;
    expect(
      review.flags.map((f: { metric: string; value: number; direction: string }) => [f.metric, f.value, f.direction]),
    ).toEqual([
      ['embodied', 568.7, 'high'],
      ['embodied', 568.7, 'high'],
      ['concrete', 0.5, 'high'],
      ['steel', 180, 'high'],
    ]);
    // the stages' own warnings stay apart from the review's flags
    expect(stored.resultDetail.warnings).toEqual([]);
    expect(review.figures.find((f: { metric: string }) => f.metric === 'operation')).toMatchObject({
      unchecked: '建筑运行尚无数据，未检查',
    });
    // nobody published a life-cycle range for a 住宅
    expect(review.missing.map((m: { metric: string; text: string }) => [m.metric, m.text])).toEqual([
      ['lifecycle', '暂无公开范围'],
    ]);
  });

  it('the 建材生产 计算过程 shows its flags and how the material figures were found', async () => {
    const r = await t.call('GET', `${STAGE}/produce/trace?projectId=${b.id}`, user);
    expect(r.body.data.plausibility.flags).toHaveLength(4);
    expect(r.body.data.plausibility.workings).toEqual([
      '混凝土 500.00 m³（1 行）÷ 建筑面积 1,000.00 m² = 0.50 m³/m²',
      '钢材 180,000.00 kg（1 行）÷ 建筑面积 1,000.00 m² = 180.00 kg/m²',
    ]);
    // 建筑运行's figure was not flagged
    const runtime = await t.call('GET', `${STAGE}/runtime/trace?projectId=${b.id}`, user);
    expect(runtime.body.data.plausibility).toEqual({ flags: [], workings: [] });
  });

  it('the PDF and Word reports have a 合理性检查 section after 说明 and before 参考线; the workbook lists the flags', async () => {
    expect((await t.call('PUT', `${PROJECT}/status`, user, { id: b.id, status: '1' })).body.code).toBe(1);
    const file = async (type: 'pdf' | 'word') => {
      const r = await t.call('GET', `${PROJECT}/exportPdf?projectId=${b.id}&type=${type}`, user);
      expect(r.body).toMatchObject({ code: 1, message: '导出成功' });
      return (await t.app.inject({ method: 'GET', url: r.body.data })).rawPayload;
    };
    const word = docxText(await file('word'));
    const at = (s: string) => word.indexOf(s);
    expect(at('. 合理性检查')).toBeGreaterThan(at('. 说明'));
    expect(at('. 参考线')).toBeGreaterThan(at('. 合理性检查'));
    const section = word.slice(at('. 合理性检查'), at('. 参考线'));
    expect(section).toContain('超出参考范围的数值（4 条提示）');
    expect(section).toContain('钢材用量 180.00 kg/m² 高于参考范围 30.00–75.00 kg/m²');
    expect(section).toContain('钢材用量 | 180.00 | kg/m² | 30.00–75.00 | 高于参考范围');
    expect(section).toContain('暂无公开范围：全生命周期碳排放强度（kgCO2e/(m²·a)）');
    if (hasPoppler) {
      const work = mkdtempSync(join(tmpdir(), 'plausibility-'));
      const pdf = pdfText(work, await file('pdf')).replace(/\s+/g, '');
      expect(pdf).toContain('合理性检查');
      expect(pdf).toContain('钢材用量180.00kg/m²高于参考范围30.00–75.00kg/m²');
    }
    const wbUrl = (await t.call('GET', `${PROJECT}/getExcelByID?projectID=${b.id}`, user)).body.data;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await t.app.inject({ method: 'GET', url: wbUrl })).rawPayload as unknown as ArrayBuffer);
    const lines: unknown[] = [];
    wb.getWorksheet('计算结果汇总')!.eachRow(
      (row) => row.getCell(1).value === '合理性检查' && lines.push(row.getCell(2).value),
    );
    expect(lines).toHaveLength(5); // 4 flags and 暂无公开范围
    expect(lines[4]).toBe('暂无公开范围：全生命周期碳排放强度（kgCO2e/(m²·a)）');
  });

  it('plausible quantities: 计算成功! and 未发现 flags', async () => {
    const brick = await factor('页岩空心砖（240mm×115mm×53mm）');
    const r = await t.call('POST', `${STAGE}/produce/batch`, user, [
      { ...rows[0], quantity: 450 }, // 0.45 m³/m²; 450 × 295 = 132 750 kg
      { ...rows[1], quantity: 50 }, // 50.00 kg/m²; 50 × 2 340 = 117 000 kg
      { projectId: b.id, materialName: '页岩空心砖', unit: 'm3', quantity: 735, factorId: brick.id }, // 735 × 204 = 149 940 kg
    ]);
    // embodied (132 750 + 117 000 + 149 940) ÷ 1 000 = 399.69 ∈ [372.4, 525.9] and [350, 550]
    expect(r.body).toMatchObject({ code: 1, message: '计算成功!' });
    expect(r.body.data.warnings).toEqual([]);
    const review = r.body.data.result.resultDetail.plausibility;
    expect(review.flags).toEqual([]);
    expect(
      review.checks.map((c: { metric: string; value: number; direction: null }) => [c.metric, c.value, c.direction]),
    ).toEqual([
      ['embodied', 399.69, null],
      ['embodied', 399.69, null],
      ['concrete', 0.45, null],
      ['steel', 50, null],
    ]);
  });

  it('the 参考线 of the building shows its material figures against the material lines', async () => {
    const r = await t.call('GET', `/api/tpf/v1/tpf/decide/${b.id}/reference`, user);
    const steel = (r.body.data.published as { metric: string; buildingValue: number | null; low: number }[]).find(
      (l) => l.metric === 'steel',
    );
    expect(steel).toMatchObject({ buildingValue: 50, low: 30 });
  });
});

describe('concrete entered by mass', () => {
  it('counts through its density: 240 t of C30 at 2.4 t/m³ is 100 m³', async () => {
    const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody({ name: '按质量录入混凝土', code: 'PL-2' })))
      .body.data;
    const mass = (
      await t.call(
        'POST',
        `${PROJECT}/`,
        user,
        buildingBody(eng.id, {
          name: '按吨计混凝土楼',
          code: 'PL-2B',
          buildType: '居住建筑/住宅',
          buildArea: 1000,
          useDateLimit: 50,
          menus: 'produce',
        }),
      )
    ).body.data;
    const c30 = await factor('C30混凝土');
    const r = await t.call('POST', `${STAGE}/produce/batch`, user, [
      { projectId: mass.id, materialName: 'C30混凝土', unit: 't', quantity: 240, factorId: c30.id },
    ]);
    // 240 t = 240 000 kg ÷ (2.4 t/m³ × 1 000) = 100 m³ (the library's density of C30); 100 m³ × 295 = 29 500 kg
    expect(r.body.data.rows[0].emission).toBeCloseTo(29_500, 6);
    const concrete = r.body.data.result.resultDetail.plausibility.figures.find(
      (f: { metric: string }) => f.metric === 'concrete',
    );
    // 100 m³ ÷ 1 000 m² = 0.10 m³/m² (below 0.30: a ceiling-only range would say nothing; this one says 低于)
    expect(concrete.value).toBe(0.1);
    expect(concrete.working).toMatch(
      /^混凝土 100\.00 m³（1 行，其中「C30混凝土」240 t = 240,000 kg，.*= 100 m3）÷ 建筑面积 1,000\.00 m² = 0\.10 m³\/m²$/,
    );
    expect(concrete.working).not.toContain('未计入');
  });
});

describe('a database seeded before the material lines', () => {
  it('gets them and the metric labels once at start; a line deleted afterwards stays deleted', async () => {
    const db = t.database.db;
    const count = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from tpf3_benchmark where metric in ('concrete', 'steel') and tenant_id is null`.execute(
            db,
          )
        ).rows[0].n,
      );
    const seeded = await count();
    expect(seeded).toBe(4);
    // as seeded before the material lines: none, no marker, the dictionary without their items
    await sql`delete from tpf3_benchmark where metric in ('concrete', 'steel')`.execute(db);
    await sql`delete from schema_migrations where id = ${MATERIAL_LINES_MARKER}`.execute(db);
    const dict = await db
      .selectFrom('sys_dict')
      .select(['id', 'items'])
      .where('dict_code', '=', 'benchmarkMetric')
      .executeTakeFirstOrThrow();
    const items = (typeof dict.items === 'string' ? JSON.parse(dict.items) : dict.items) as { value: string }[];
    await db
      .updateTable('sys_dict')
      .set({ items: JSON.stringify(items.filter((i) => !['concrete', 'steel'].includes(i.value))) })
      .where('id', '=', dict.id)
      .execute();

    await db.transaction().execute((trx) => upgradeBenchmarks(trx));
    expect(await count()).toBe(seeded);
    const after = await db
      .selectFrom('sys_dict')
      .select('items')
      .where('dict_code', '=', 'benchmarkMetric')
      .executeTakeFirstOrThrow();
    const values = (
      (typeof after.items === 'string' ? JSON.parse(after.items) : after.items) as { value: string }[]
    ).map((i) => i.value);
    expect(values).toEqual(['embodied', 'operation', 'lifecycle', 'concrete', 'steel']);

    await sql`delete from tpf3_benchmark where metric = 'steel'`.execute(db);
    await db.transaction().execute((trx) => upgradeBenchmarks(trx));
    expect(await count()).toBe(seeded - 2);
  });
});
