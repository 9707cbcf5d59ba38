// A budget file read in a worker thread (readBill.ts): the same pre-flight as read here, the reader's refusals with
// their status and message, the time and memory limits; through the route, a 200 000-row file is refused while the
// building list goes on answering.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/server/errors';
import { BUDGET_READ_LIMITS, readBill } from '../../../src/server/budget/readBill';
import { MAX_SHEET_ROWS, readBudgetGrids } from '../../../src/server/budget/readGrids';
import { readTables } from '../../../src/server/budget/tables';
import { preflight } from '../../../src/server/budget/preflight';
import { testApp, type TestApp } from '../helpers';
import { buildingBody, ENG, engineeringBody, PROJECT } from '../builders';
import { multipart } from '../files';
import { missingQuantity, rcjSummary, rcjSummaryXls, xlsxFrom } from './workbooks';

const BASE = '/api/tpf/v1/tpf/budgetBill';
const TOO_LONG = `工作表「人材机汇总表」超过 ${MAX_SHEET_ROWS.toLocaleString('en-US')} 行，请拆分后上传`;
const LIMITS = { timeoutMs: 60_000, heapMb: 1024 };
const FLOOR = { value: 5000, basis: '单体建筑面积' };

/** 200 000 lines under a 名称/单位/数量 header: four times the rows a sheet may have. */
const bigSheet = () =>
  xlsxFrom(
    [['名称', '单位', '数量'], ...Array.from({ length: 200_000 }, (_, i) => ['水泥', 't', i + 1])],
    [],
    '人材机汇总表',
  );
let big: Buffer;
beforeAll(async () => {
  big = await bigSheet();
});

/** The refusal readBill rejects with, as status and message. */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'read',
    (e: unknown) => (e instanceof ApiError ? `${e.status} ${e.message}` : `not an ApiError: ${String(e)}`),
  );

describe('in a worker thread', () => {
  for (const [format, file] of [
    ['xlsx', rcjSummary],
    ['xls', rcjSummaryXls],
  ] as const) {
    it(`${format}: the stored pre-flight is the one read on this thread, floor area included`, async () => {
      const content = await file();
      const here = preflight(readTables(readBudgetGrids(content)), FLOOR);
      const there = await readBill(content, FLOOR, LIMITS);
      expect(there.totalLines).toBe(40);
      // (stored as JSON: what the import reads back)
      expect(JSON.parse(gunzipSync(there.packed).toString('utf8'))).toEqual(JSON.parse(JSON.stringify(here)));
    });
  }

  it('a refusal comes back as the same 400 with the same message', async () => {
    const content = await missingQuantity();
    let here = '';
    try {
      readTables(readBudgetGrids(content));
    } catch (e) {
      here = `${(e as ApiError).status} ${(e as ApiError).message}`;
    }
    expect(here).toMatch(/^400 工作表「人材机汇总表」缺少必需的列：数量/);
    expect(await refusal(readBill(content, null, LIMITS))).toBe(here);
    expect(await refusal(readBill(big, null, LIMITS))).toBe(`400 ${TOO_LONG}`);
  });

  it('a read past its time is stopped and refused; one past its memory too', async () => {
    expect(await refusal(readBill(big, null, { timeoutMs: 100, heapMb: 1024 }))).toBe(
      '400 读取预算文件超时（0.1 秒），请拆分后上传',
    );
    expect(await refusal(readBill(big, null, { timeoutMs: 60_000, heapMb: 16 }))).toBe(
      '400 读取预算文件所需内存超过 16 MB，请拆分后上传',
    );
  });
});

describe('through the upload route', () => {
  let t: TestApp;
  let user: string;
  let b: { id: number };
  const send = async (content: Buffer, wait = '') => {
    const { payload, contentType } = multipart({ projectId: b.id }, { name: '人材机汇总表.xlsx', content });
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/fileUpload${wait}`,
      headers: { 'access-token': user, 'content-type': contentType },
      payload,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const job = async (id: number) => (await t.call('GET', `/api/sys/v1/job/${id}`, user)).body.data;

  beforeAll(async () => {
    t = await testApp();
    user = await t.login('demo_user');
    const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody({ name: '预算读取工程', code: 'BUD-R1' }))).body
      .data;
    b = (
      await t.call(
        'POST',
        `${PROJECT}/`,
        user,
        buildingBody(eng.id, { name: '预算读取楼', code: 'BUD-R1', menus: 'produce,trans,build' }),
      )
    ).body.data;
  });
  afterAll(() => t.close());

  it('a 200 000-row file answers 400 naming the sheet and its rows', async () => {
    const r = await send(big);
    expect([r.status, r.body.message]).toEqual([400, TOO_LONG]);
  });

  it('while it is read, the building list goes on answering', async () => {
    const r = await send(big, '?wait=0');
    const id = r.body.data.job.id as number;
    const times: number[] = [];
    while ((await job(id)).state === 'running') {
      const t0 = performance.now();
      const list = await t.call('GET', `${PROJECT}/?pageNum=1&pageSize=10`, user);
      expect(list.body.code).toBe(1);
      times.push(performance.now() - t0);
      // (users' requests come through sockets; inject on PGlite resolves in microtasks and would starve the thread's
      // answer)
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await job(id)).toMatchObject({ state: 'failed', message: TOO_LONG });
    // read on the request loop, the job would end before any list call could start; the real figure is the bench's
    expect(times.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...times)).toBeLessThan(1000);
  });

  it('a read past its time answers 400 with the time limit', async () => {
    const was = BUDGET_READ_LIMITS.timeoutMs;
    BUDGET_READ_LIMITS.timeoutMs = 100;
    try {
      const r = await send(big);
      expect([r.status, r.body.message]).toEqual([400, '读取预算文件超时（0.1 秒），请拆分后上传']);
    } finally {
      BUDGET_READ_LIMITS.timeoutMs = was;
    }
  });
});
