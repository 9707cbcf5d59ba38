// Imports at scale and long work as jobs, through the API on this file's own database.
// 80 000 rows land whole or not at all; hostile zips are refused before anything inflates them; a long import or
// calculation answers with its job, which the owner (only) polls to its end.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildingBody, ENG, engineeringBody, PROJECT } from './builders';
import { multipart, upload as uploadFile, type UploadFile } from './files';
import { deflated, zipOf } from './zips';
import { testApp, type TestApp } from './helpers';
import { stopJobs } from '../../src/server/jobs/index';

let t: TestApp;
let user: string;
let other: string;
let building: number;
const STAGE = '/api/tpf/v1/tpf/stage/produce';
const HEADER = ['材料名称', '单位', '用量', '排放因子名称'];
const ROWS = 80_000;

/** Row i of the big sheet: 100 quantities 1…100 repeated, C30混凝土 (295 kgCO2e/m³, 附录D) as factor. */
const bigRow = (i: number): ExcelJS.CellValue[] => [`混凝土${i % 50}`, 'm3', (i % 100) + 1, 'C30混凝土'];

/** An .xlsx written by exceljs's streaming writer (as Excel would: shared strings, one sheet). */
async function bigWorkbook(
  rows: number,
  patch?: (i: number, row: ExcelJS.CellValue[]) => ExcelJS.CellValue[],
): Promise<UploadFile> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const ws = wb.addWorksheet('建材生产');
  ws.addRow(HEADER).commit();
  for (let i = 0; i < rows; i++) ws.addRow(patch ? patch(i, bigRow(i)) : bigRow(i)).commit();
  ws.commit();
  await wb.commit();
  return { name: '清单.xlsx', content: new Uint8Array(Buffer.concat(chunks)) };
}

async function upload(token: string, file: UploadFile, query = '') {
  if (!query) return uploadFile(t, STAGE, token, { projectId: building }, file);
  const { payload, contentType } = multipart({ projectId: building }, file);
  const res = await t.app.inject({
    method: 'POST',
    url: `${STAGE}/fileUpload${query}`,
    headers: { 'access-token': token, 'content-type': contentType },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}
const rowCount = async () =>
  (await t.call('GET', `${STAGE}/?projectId=${building}&pageSize=1`, user)).body.data.total as number;

beforeAll(async () => {
  t = await testApp();
  const admin = await t.login('admin');
  user = await t.login('demo_user');
  const tb = await t.call('POST', '/api/sys/v1/sys/sysTenant/', admin, { name: '丙集团', code: 'tenantC', status: 1 });
  await t.call('POST', '/api/sys/v1/sys/sysUser/', admin, {
    userName: 'c_user',
    name: '丙用户',
    password: 'c_user-Pass-1',
    roleList: [],
    tenantId: tb.body.data.id,
  });
  other = await t.login('c_user', 'c_user-Pass-1');
  const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody({ name: '大批量项目', code: 'BULK' }))).body.data;
  building = (
    await t.call(
      'POST',
      `${PROJECT}/`,
      user,
      buildingBody(eng.id, { useDateLimit: 50, buildArea: 10000, menus: 'produce' }),
    )
  ).body.data.id;
}, 180_000);
afterAll(() => t.close());

describe('80 000 rows', () => {
  it('one bad row among 80 000 lands nothing and is named', async () => {
    const file = await bigWorkbook(ROWS, (i, row) => (i === 40_000 ? [row[0], row[1], '很多', row[3]] : row));
    const r = await upload(user, file);
    // data row i sits on sheet row i + 2 (the header is row 1)
    expect(r.body).toMatchObject({
      code: 2,
      message: '导入数据校验失败',
      data: [{ field: '第40002行 用量', errorMsg: '用量应为数字' }],
    });
    expect(r.status).toBe(400);
    expect(await rowCount()).toBe(0);
  }, 120_000);

  it('a file of 80 000 rows (under 6 MB) lands whole, each row with its factor copied', async () => {
    const file = await bigWorkbook(ROWS);
    expect(file.content.length).toBeLessThan(6 * 1024 * 1024);
    const r = await upload(user, file);
    expect(r.body).toMatchObject({ code: 1, message: '上传文件成功', data: { count: ROWS } });
    expect(await rowCount()).toBe(ROWS);
    const last = (
      await t.call('GET', `${STAGE}/?projectId=${building}&pageSize=1&sortField=id&sortOrder=descend`, user)
    ).body.data.dataList[0];
    // the last row, i = 79 999: 混凝土49, quantity 79 999 % 100 + 1 = 100, C30's library value copied
    expect(last).toMatchObject({
      materialName: '混凝土49',
      unit: 'm3',
      quantity: 100,
      factorValue: 295,
      factorUnit: 'kgCO2e/m3',
    });
    // each quantity 1…100 appears 800 times: Σ = 800 × 5050 = 4 040 000 m³ × 295 kg/m³ = 1 191 800 000 kg
    const c = await t.call('GET', `${STAGE}/calculate?projectId=${building}`, user);
    expect(c.body.data.stage).toMatchObject({ total: 1_191_800_000, rowCount: ROWS });
    // 1 191 800 t, intensity 1 191 800 × 1000 / (50 × 10 000) = 2383.6 kgCO2e/(m²·a)
    expect(c.body.data.result).toMatchObject({ produce: 1_191_800, streng3: 2383.6 });
  }, 180_000);
});

describe('hostile zips are refused before they are opened', () => {
  it('a 450 MB zip bomb: 导入文件解压后过大 in under a second, without memory growth', async () => {
    const file = {
      name: 'bomb.xlsx',
      content: zipOf([{ name: 'xl/worksheets/sheet1.xml', ...(await deflated(450)) }]),
    };
    expect(file.content.length).toBeLessThan(2 * 1024 * 1024);
    const rss = process.memoryUsage().rss;
    const started = performance.now();
    const r = await upload(user, file);
    const ms = performance.now() - started;
    expect(r.body).toMatchObject({ code: 0, message: '导入文件解压后过大' });
    expect(r.status).toBe(413);
    expect(ms).toBeLessThan(1000);
    expect(process.memoryUsage().rss - rss).toBeLessThan(64 * 1024 * 1024);
  }, 60_000);

  it('a part that inflates past the size its header declares is refused too', async () => {
    // 12 MB of XML declared as 12 KB in both headers
    const liar = zipOf([{ name: 'xl/worksheets/sheet1.xml', ...(await deflated(12)), declared: 12 * 1024 }]);
    const r = await upload(user, { name: 'liar.xlsx', content: liar });
    expect(r.body.message).toBe('导入文件解压后过大');
  });

  it('an oversized shared-strings part is refused (a streaming reader keeps it in memory)', async () => {
    // 40 MB of shared strings (over their 32 MB bound, under the 100:1 ratio and the 6 MB upload limit)
    const strings = await deflated(
      40,
      Array.from({ length: 400 }, (_, i) => `<si><t>材料${(i * 7919).toString(36)}</t></si>`).join(''),
    );
    const file = zipOf([
      { name: 'xl/sharedStrings.xml', ...strings },
      { name: 'xl/worksheets/sheet1.xml', ...(await deflated(1)) },
    ]);
    const r = await upload(user, { name: 'strings.xlsx', content: file });
    expect(r.body.message).toBe('导入文件解压后过大');
    expect(r.status).toBe(413);
  });
});

describe('long work answers with its job', () => {
  async function untilEnd(id: number, token = user) {
    for (let i = 0; i < 200; i++) {
      const j = await t.call('GET', `/api/sys/v1/job/${id}`, token);
      if (j.body.data?.state !== 'running') return j;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('job did not end');
  }

  it('an import that outlasts the wait answers { job }; the owner polls it to its result, nobody else sees it', async () => {
    const before = await rowCount();
    const r = await upload(user, await bigWorkbook(3), '?wait=0');
    expect(r.body).toMatchObject({
      code: 1,
      message: '正在后台处理',
      data: { job: { kind: 'import', state: 'running', title: '导入建材生产 — 清单.xlsx' } },
    });
    const id = r.body.data.job.id;
    expect((await t.call('GET', `/api/sys/v1/job/${id}`, other)).status).toBe(404);
    const end = await untilEnd(id);
    expect(end.body.data).toMatchObject({ state: 'done', done: 3, total: 3, result: { count: 3 }, message: null });
    expect(await rowCount()).toBe(before + 3);
  });

  it('a failing job keeps the message and the named rows', async () => {
    const r = await upload(
      user,
      await bigWorkbook(2, (i, row) => (i === 1 ? [row[0], '', row[2], row[3]] : row)),
      '?wait=0',
    );
    const end = await untilEnd(r.body.data.job.id);
    expect(end.body.data).toMatchObject({
      state: 'failed',
      message: '导入数据校验失败',
      errors: [{ field: '第3行 单位', errorMsg: expect.stringContaining('单位') }],
    });
  });

  it('a calculation too: the job ends with the same data the direct answer has', async () => {
    const direct = await t.call('GET', `${STAGE}/calculate?projectId=${building}`, user);
    const r = await t.call('GET', `${STAGE}/calculate?projectId=${building}&wait=0`, user);
    expect(r.body.data.job).toMatchObject({ kind: 'calculate', state: 'running' });
    const end = await untilEnd(r.body.data.job.id);
    expect(end.body.data.state).toBe('done');
    expect(end.body.data.result.stage).toEqual(direct.body.data.stage);
    expect(end.body.data.total).toBe(direct.body.data.stage.rowCount);
  });

  it('a server stopping during an import cancels it at its next progress report: nothing of it is kept', async () => {
    const before = await rowCount();
    const r = await upload(user, await bigWorkbook(30_000), '?wait=0');
    const id = r.body.data.job.id;
    // stop once the rows are being read (the shutdown of main.ts calls stopJobs through onShutdown)
    for (let i = 0; i < 300 && !((await t.call('GET', `/api/sys/v1/job/${id}`, user)).body.data.done > 0); i++)
      await new Promise((res) => setTimeout(res, 20));
    await stopJobs();
    const end = await untilEnd(id);
    expect(end.body.data).toMatchObject({ state: 'failed', message: '服务器正在停止，任务已取消，请稍后重试' });
    expect(await rowCount()).toBe(before);
  }, 120_000);
});
