// The low-code promise: a maintainer adds a stage by adding one schema file and naming it in
// schemas/standards.ts — no other code — and the stage has its table, routes, Excel template and import, a
// calculation, a result field of its own (a building column), and its share in the building's result, the PDF
// and Word reports and the workbook. tests/client/lowCodeStage.test.tsx shows it on the result and compare pages.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFixtureStage } from '../fixtures/stageFixture';
import type { TestApp } from './helpers';
import { buildingBody, ENG, engineeringBody, PROJECT } from './builders';
import { download, upload, xlsx } from './files';
import { docxText, pdfText } from './reportFiles';
import { needTools } from './tools';

let t: TestApp;
let user: string;
let projectId: number;
const FIXTURE = '/api/tpf/v1/tpf/stage/fixture';

beforeAll(async () => {
  // name the stage before anything reads the registry, as the file would at start
  await addFixtureStage();
  const { testApp } = await import('./helpers');
  const { migrate } = await import('../../src/server/db/migrate');
  t = await testApp();
  await migrate(t.database.db); // "the next start creates its table"
  user = await t.login('demo_user');
  const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody({ name: '低代码阶段项目', code: 'LC' }))).body
    .data;
  const b = await t.call(
    'POST',
    `${PROJECT}/`,
    user,
    buildingBody(eng.id, { name: '低代码楼', menus: 'produce,fixture', useDateLimit: 50, buildArea: 10000 }),
  );
  expect(b.body.data.menus).toBe('produce,fixture');
  projectId = b.body.data.id;
});
afterAll(() => t?.close());

async function report(type: 'pdf' | 'word'): Promise<Buffer> {
  const r = await t.call('GET', `${PROJECT}/exportPdf?projectId=${projectId}&type=${type}`, user);
  expect(r.body).toMatchObject({ code: 1, message: '导出成功' });
  const file = await t.app.inject({ method: 'GET', url: r.body.data });
  expect(file.statusCode).toBe(200);
  return file.rawPayload;
}

describe('a stage added by one schema file', () => {
  it('is a menu of its module and gets row routes and save-then-calculate', async () => {
    const r = await t.call('POST', `${FIXTURE}/batch`, user, [
      { projectId, name: 'R410A', charge: 20, gwp: 2088, times: 2 }, // 20 × 2088 × 2 = 83 520 kg
      { projectId, name: 'R32', charge: 10, gwp: 675 }, // 10 × 675 × 1 = 6 750 kg
    ]);
    expect(r.body).toMatchObject({ code: 1, message: '计算成功!' });
    expect(r.body.data.rows.map((x: { emission: number }) => x.emission)).toEqual([83520, 6750]);
    // 90 270 kg = 90.27 t, counted in its own field and the total; 90.27 × 1000 / (50 × 10 000) = 0.18
    expect(r.body.data.result).toMatchObject({ refrigerant: 90.27, runtimeChange: 0, total: 90.27, streng3: 0.18 });
    expect(r.body.data.result.resultDetail.stages.fixture).toMatchObject({ total: 90.27, rows: 2 });
    const data = await t.call('GET', `/api/tpf/v1/tpf/stage/data?tpf3ProjectId=${projectId}`, user);
    expect(data.body.data.fixture).toMatchObject({ title: '制冷剂补充', total: 90.27, rows: 2 });
  });

  it('has an Excel template and an all-or-nothing import', async () => {
    const tpl = await t.call('GET', `${FIXTURE}/template`, user);
    const wb = await download(t, tpl.body.data);
    expect((wb.worksheets[0].getRow(1).values as unknown[]).filter(Boolean)).toEqual([
      '制冷剂',
      '充注量(kg)',
      'GWP',
      '补充次数',
    ]);
    const bad = await upload(
      t,
      FIXTURE,
      user,
      { projectId },
      await xlsx(
        ['制冷剂', '充注量(kg)', 'GWP'],
        [
          ['R134a', 5, 1430],
          ['R22', -1, 1810],
        ],
      ),
    );
    expect(bad.status).toBe(400);
    expect((await t.call('GET', `${FIXTURE}/?projectId=${projectId}`, user)).body.data.total).toBe(2);
    const good = await upload(
      t,
      FIXTURE,
      user,
      { projectId },
      await xlsx(['制冷剂', '充注量(kg)', 'GWP'], [['R134a', 5, 1430]]),
    );
    expect(good.body).toMatchObject({ code: 1, data: { count: 1 } });
    // 5 × 1430 = 7150 kg more: 97.42 t
    const calc = await t.call('GET', `${FIXTURE}/calculate?projectId=${projectId}`, user);
    expect(calc.body.data.result.refrigerant).toBe(97.42);
    // the building record carries the new column, titled after the stage
    const b = await t.call('GET', `/api/tpf/v1/tpf/tpf3ProjectV/${projectId}`, user);
    expect(b.body.data).toMatchObject({ refrigerant: 97.42, total: 97.42 });
  });

  it('has its section and figure in the PDF and Word reports', async (ctx) => {
    // the wizard's last step marks the building complete, which a report needs
    expect((await t.call('PUT', `${PROJECT}/status`, user, { id: projectId, status: '1' })).body.code).toBe(1);
    const word = docxText(await report('word'));
    expect(word).toContain('制冷剂补充');
    expect(word).toContain('97.42');
    expect(word).toContain('R410A');
    needTools(ctx, 'pdftotext');
    const dir = mkdtempSync(join(tmpdir(), 'lowcode-'));
    try {
      const pdf = pdfText(dir, await report('pdf'));
      expect(pdf).toContain('制冷剂补充');
      expect(pdf).toContain('97.42 tCO2e');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('appears in the building workbook and is copied with the building', async () => {
    const url = (await t.call('GET', `${PROJECT}/getExcelByID?projectID=${projectId}`, user)).body.data;
    const wb = await download(t, url);
    expect(wb.worksheets.map((w) => w.name)).toContain('制冷剂补充');
    // 计算结果汇总: the new result field beside the spec's, with its figure
    const summary: unknown[][] = [];
    wb.getWorksheet('计算结果汇总')!.eachRow((row) =>
      summary.push((row.values as unknown[]).filter((v) => v !== undefined)),
    );
    expect(summary).toContainEqual(['制冷剂补充(tCO2e)', 97.42]);
    const copy = (await t.call('GET', `${PROJECT}/copy?projectId=${projectId}`, user)).body.data;
    expect((await t.call('GET', `${FIXTURE}/?projectId=${copy.id}`, user)).body.data.total).toBe(3);
  });
});
