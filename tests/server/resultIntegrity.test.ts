// A result never disagrees silently with its rows, and a building counts once by its current revision: every write
// that changes an input marks the stored result 结果已过期 (a single-row save, a row created or deleted, a formula
// field of the building) while a rename does not; a calculation makes it current again; submission recalculates, so
// a signed total is what the rows make; a revision has one successor (a second 新建修订版 is refused, the database
// refuses a second one too); the project total, the building list and the peer percentiles count A and B once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testApp, type TestApp } from './helpers';
import { ENG, engineeringBody, PROJECT, PROJECT_V } from './builders';
import { R, ReviewKit, steelRow, TPF } from './reviewKit';
import ExcelJS from 'exceljs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pdfText } from './reportFiles';
import { needTools } from './tools';
import { reviewMigrations } from '../../src/server/db/migrations/review';

let t: TestApp;
let kit: ReviewKit;

const building = async (id: number) => (await t.call('GET', `${PROJECT_V}/${id}`, kit.tok.calc)).body.data;
const rowsOf = async (id: number) =>
  (await t.call('GET', `${TPF}/stage/produce/?projectId=${id}`, kit.tok.calc)).body.data.dataList as {
    id: number;
    quantity: number;
  }[];
const calculate = async (id: number) =>
  expect((await t.call('GET', `${TPF}/stage/produce/calculate?projectId=${id}`, kit.tok.calc)).body.code).toBe(1);
/** A completed, calculated building of the creator with one 建材生产 row: 100 t × 2 kgCO2e/t = 200 kgCO2e = 0.2 t. */
const calculated = async (name: string) => (await kit.completedBuilding(name)).id;

async function signThrough(id: number): Promise<void> {
  const sub = await kit.submit(id);
  expect(sub.body.code, JSON.stringify(sub.body)).toBe(1);
  for (const k of ['checker', 'reviewer', 'approver']) {
    const r = await kit.approve(id, k);
    expect(r.body.code, JSON.stringify(r.body)).toBe(1);
  }
}

beforeAll(async () => {
  t = await testApp();
  kit = new ReviewKit(t, 'ri');
  const demo = await kit.start();
  await kit.person('checker', { name: '孙校对', tenantId: demo });
  await kit.person('reviewer', { name: '周审核', tenantId: demo });
  await kit.person('approver', { name: '郑审定', tenantId: demo });
  kit.eng = (
    await t.call('POST', `${ENG}/`, kit.tok.calc, engineeringBody({ name: '结果一致工程', code: 'RI-1' }))
  ).body.data.id;
});
afterAll(() => t.close());

describe('a stored result knows its inputs', () => {
  it('is current after a calculation, stale after a single-row save, a new row, a deletion or a formula field, not after a rename', async () => {
    const id = await calculated('过期楼');
    let b = await building(id);
    expect(b.total).toBeCloseTo(0.2, 6);
    expect(b.resultStale).toBe(false);

    // the row saved alone (not through the batch that calculates): 50 t × 2 = 100 kgCO2e, the stored 0.2 t is stale
    const [first] = await rowsOf(id);
    expect(
      (await t.call('PUT', `${TPF}/stage/produce/`, kit.tok.calc, { ...steelRow(id, 50), id: first.id })).body.code,
    ).toBe(1);
    b = await building(id);
    expect(b.total).toBeCloseTo(0.2, 6);
    expect(b.resultStale).toBe(true);
    await calculate(id);
    b = await building(id);
    expect(b.total).toBeCloseTo(0.1, 6);
    expect(b.resultStale).toBe(false);

    // a rename changes nothing the calculation reads
    expect((await t.call('PUT', `${PROJECT}/`, kit.tok.calc, { ...b, name: '过期楼改名' })).body.code).toBe(1);
    expect((await building(id)).resultStale).toBe(false);

    // a row created alone: 7 t × 2 = 14 kgCO2e more, stale until calculated (0.1 + 0.014 = 0.114 t)
    const created = await t.call('POST', `${TPF}/stage/produce/`, kit.tok.calc, steelRow(id, 7));
    expect(created.body.code, JSON.stringify(created.body)).toBe(1);
    expect((await building(id)).resultStale).toBe(true);
    await calculate(id);
    expect((await building(id)).total).toBeCloseTo(0.114, 6);

    // a row deleted alone
    expect((await t.call('DELETE', `${TPF}/stage/produce/${created.body.data.id}`, kit.tok.calc)).body.code).toBe(1);
    expect((await building(id)).resultStale).toBe(true);
    await calculate(id);
    expect((await building(id)).resultStale).toBe(false);

    // the design life divides the intensity: a formula field
    b = await building(id);
    expect((await t.call('PUT', `${PROJECT}/`, kit.tok.calc, { ...b, useDateLimit: 70 })).body.code).toBe(1);
    expect((await building(id)).resultStale).toBe(true);
  });

  it("a stale result says so on the PDF report's cover and in the workbook's summary", async (ctx) => {
    const id = await calculated('报告楼');
    const [first] = await rowsOf(id);
    expect(
      (await t.call('PUT', `${TPF}/stage/produce/`, kit.tok.calc, { ...steelRow(id, 40), id: first.id })).body.code,
    ).toBe(1);
    const book = await t.call('GET', `${PROJECT}/getExcelByID?projectID=${id}`, kit.tok.calc);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(
      (await t.app.inject({ method: 'GET', url: book.body.data })).rawPayload as unknown as ArrayBuffer,
    );
    const summary = wb.getWorksheet('计算结果汇总')!;
    const texts: string[] = [];
    summary.eachRow((r) => texts.push(r.values!.toString()));
    expect(texts.join('\n')).toContain('结果状态,结果已过期：单体数据在上次计算后已修改');
    needTools(ctx, 'pdftotext');
    const pdf = await t.call('GET', `${PROJECT}/exportPdf?projectId=${id}&type=pdf`, kit.tok.calc);
    const work = mkdtempSync(join(tmpdir(), 'stale-pdf-'));
    try {
      const text = pdfText(
        work,
        (await t.app.inject({ method: 'GET', url: pdf.body.data })).rawPayload,
        '-raw',
      ).replace(/\s+/g, '');
      expect(text).toContain('结果状态结果已过期：单体数据在上次计算后已修改');
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('a copy of a current result is current, of a stale one stale', async () => {
    const id = await calculated('复制楼');
    const copy = (await t.call('GET', `${PROJECT}/copy?projectId=${id}`, kit.tok.calc)).body.data;
    expect(copy.resultStale).toBe(false);
    const [first] = await rowsOf(id);
    expect(
      (await t.call('PUT', `${TPF}/stage/produce/`, kit.tok.calc, { ...steelRow(id, 60), id: first.id })).body.code,
    ).toBe(1);
    const copy2 = (await t.call('GET', `${PROJECT}/copy?projectId=${id}`, kit.tok.calc)).body.data;
    expect(copy2.resultStale).toBe(true);
  });

  it('a submission recalculates: the signed total is what the rows make', async () => {
    const id = await calculated('签署楼');
    const [first] = await rowsOf(id);
    // 100 t → 30 t after the calculation, and a 7 t row: (30 + 7) t × 2 kgCO2e/t = 74 kgCO2e = 0.074 t
    expect(
      (await t.call('PUT', `${TPF}/stage/produce/`, kit.tok.calc, { ...steelRow(id, 30), id: first.id })).body.code,
    ).toBe(1);
    expect((await t.call('POST', `${TPF}/stage/produce/`, kit.tok.calc, steelRow(id, 7))).body.code).toBe(1);
    expect((await building(id)).total).toBeCloseTo(0.2, 6);
    // the stale result is calculated again and kept; its figures changed, so do the flags the 计算人 acknowledged
    const refused = await kit.submit(id);
    expect(refused.body.code).toBe(0);
    expect(refused.body.message).toMatch(/^请逐条说明以下提示后再提交：隐含碳排放强度/);
    expect(await building(id)).toMatchObject({ reviewState: 'draft', resultStale: false });
    expect((await building(id)).total).toBeCloseTo(0.074, 6);
    await signThrough(id);
    const b = await building(id);
    expect(b.reviewState).toBe('approved');
    expect(b.total).toBeCloseTo(0.074, 6);
    expect(b.resultStale).toBe(false);
  });
});

describe('one building, many revisions', () => {
  it('a database holding two successors of one revision (made before the constraint) has them chained one after the other', async () => {
    const db = t.database.db;
    const a = await calculated('旧库楼');
    // as an older version let happen: B made twice of A, then C of the first B
    await sql`drop index tpf3_project_one_successor`.execute(db);
    const insert = async (revision: string, of: number) =>
      Number(
        (
          await sql<{
            id: number;
          }>`insert into tpf3_project (name, revision, revision_of) values ('旧库楼', ${revision}, ${of}) returning id`.execute(
            db,
          )
        ).rows[0].id,
      );
    const b1 = await insert('B', a);
    const b2 = await insert('B', a);
    const c = await insert('C', b1);
    const m018 = reviewMigrations.find((m) => m.id === '018_one_successor')!;
    await db.transaction().execute(async (trx) => {
      for (const stmt of m018.sql
        .split(/;\s*\n/)
        .map((x) => x.trim())
        .filter(Boolean))
        await sql.raw(stmt).execute(trx);
    });
    // the later B follows the end of the chain it would have forked: A → B → C → B
    const of = async (id: number) =>
      Number(
        (await sql<{ revision_of: number }>`select revision_of from tpf3_project where id = ${id}`.execute(db)).rows[0]
          .revision_of,
      );
    expect([await of(b1), await of(c), await of(b2)]).toEqual([a, b1, c]);
    await expect(insert('D', a)).rejects.toThrow(/tpf3_project_one_successor/);
  });

  it('a revision has one successor; the list, the project total and the chain count A and B once', async () => {
    const ownEng = (
      await t.call('POST', `${ENG}/`, kit.tok.calc, engineeringBody({ name: '修订版工程', code: 'RI-2' }))
    ).body.data.id;
    kit.eng = ownEng;
    const a = await calculated('修订楼');
    await signThrough(a);
    const first = await t.call('POST', `${R}/revise`, kit.tok.calc, { projectId: a });
    expect(first.body.code, JSON.stringify(first.body)).toBe(1);
    const bId = first.body.data.id as number;

    // a second 新建修订版 (a second tab, a retry) is refused naming B, and nothing is made
    const before = await t.database.db
      .selectFrom('tpf3_project')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const second = await t.call('POST', `${R}/revise`, kit.tok.calc, { projectId: a });
    expect(second.status).toBe(400);
    expect(second.body.message).toBe('单体「修订楼」修订版 A 已有修订版 B，不能再次新建修订版');
    expect(second.body.data).toEqual({ id: bId, revision: 'B' });
    const after = await t.database.db
      .selectFrom('tpf3_project')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // and the database itself refuses a second successor, whatever code writes it
    await expect(
      sql`insert into tpf3_project (name, revision_of) values ('旁路', ${a})`.execute(t.database.db),
    ).rejects.toThrow(/tpf3_project_one_successor/);

    // B is completed too: the project counts it once (0.2 t), not A + B (0.4 t)
    expect((await t.call('PUT', `${PROJECT}/status`, kit.tok.calc, { id: bId, status: '1' })).body.code).toBe(1);
    const project = (await t.call('GET', `${ENG}/${ownEng}`, kit.tok.calc)).body.data;
    expect(project.projectCount).toBe(1);
    expect(project.total).toBeCloseTo(0.2, 6);

    // the list offers B only; A is read through the chain (历史修订版) and is marked superseded
    const list = (await t.call('GET', `${PROJECT_V}/?engineeringId=${ownEng}`, kit.tok.calc)).body.data.dataList as {
      id: number;
      revision: string;
    }[];
    expect(list.map((x) => [x.id, x.revision])).toEqual([[bId, 'B']]);
    const chain = (await t.call('GET', `${PROJECT_V}/revisions?projectId=${bId}`, kit.tok.calc)).body.data as {
      id: number;
      revision: string;
      superseded: boolean;
    }[];
    expect(chain.map((x) => [x.id, x.revision, x.superseded])).toEqual([
      [a, 'A', true],
      [bId, 'B', false],
    ]);
    expect(
      (await t.call('GET', `${PROJECT_V}/revisions?projectId=${a}`, kit.tok.calc)).body.data.map(
        (x: { id: number }) => x.id,
      ),
    ).toEqual([a, bId]);
  });
});
