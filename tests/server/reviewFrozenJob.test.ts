// The signed report drawn after the last signature as a job: the signature answers before the drawing ends, and every
// reader of the building follows the drawing on the review page — its step, then the stored report; a drawing that
// fails (a broken signing certificate) or lost its server is shown in words and drawn again on request, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DRAWING_STEPS, DRAWING_TEXTS } from '../../schemas/signedReport';
import { INTERRUPTED } from '../../src/server/jobs/store';
import { CERT_TEXTS, signingKey } from '../../src/server/review/certificate';
import { NOT_SIGNED } from '../../src/server/review/frozen';
import { drawingTitle } from '../../src/server/review/frozenStore';
import { testApp, type TestApp } from './helpers';
import { ENG, engineeringBody } from './builders';
import { R, ReviewKit } from './reviewKit';

let t: TestApp;
let kit: ReviewKit;
let demo: number;

/** Submitted and signed by 校对 and 审核: the next signature is the last. */
async function readyToSign(name: string): Promise<number> {
  const { id } = await kit.completedBuilding(name);
  expect((await kit.submit(id)).body.message).toBe('已提交校审');
  for (const who of ['checker', 'reviewer']) expect((await kit.approve(id, who)).body.message).toBe('已签署');
  return id;
}

/** The review page read by 计算人 until `done` holds (every answer kept). */
async function until(id: number, done: (rv: Record<string, any>) => boolean): Promise<Record<string, any>[]> {
  const seen = [await kit.review(id)];
  for (const end = Date.now() + 90_000; !done(seen.at(-1)!) && Date.now() < end;) {
    await new Promise((r) => setTimeout(r, 100));
    seen.push(await kit.review(id));
  }
  return seen;
}

const reportJobs = async (id: number) => {
  const b = await t.database.db
    .selectFrom('tpf3_project')
    .select(['report_no'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return t.database.db
    .selectFrom('sys_job')
    .select(['state', 'user_id'])
    .where('kind', '=', 'report')
    .where('title', '=', drawingTitle({ reportNo: b.report_no } as never))
    .orderBy('id')
    .execute();
};

beforeAll(async () => {
  t = await testApp();
  kit = new ReviewKit(t, 'fj');
  demo = await kit.start();
  for (const [k, name] of [
    ['checker', '孙校对'],
    ['reviewer', '周审核'],
    ['approver', '吴审定'],
  ])
    await kit.person(k, { name, tenantId: demo });
  kit.eng = (
    await t.call('POST', `${ENG}/`, kit.tok.calc, engineeringBody({ name: '签署报告工程', code: 'FJ-1' }))
  ).body.data.id;
});
afterAll(() => t.close());

describe('the signed report after the last signature', () => {
  it(
    'is drawn after the signature has answered; 计算人 follows its steps until it is stored',
    { timeout: 180_000 },
    async () => {
      const id = await readyToSign('出图楼');
      expect((await kit.approve(id, 'approver', '同意出图')).body.message).toBe('已签署');
      // (drawing a PDF and a Word file takes far longer than this one read)
      const first = await kit.review(id);
      expect(first.state).toBe('approved');
      expect(first.report).toBeNull();
      expect(first.drawing).toMatchObject({ state: 'running' });
      expect(DRAWING_STEPS).toContain(first.drawing.text);

      const seen = await until(id, (rv) => !!rv.report);
      const last = seen.at(-1)!;
      expect(last.report, 'stored within 90 s').toBeTruthy();
      expect(last.drawing).toBeNull();
      expect(last.report.sha256).toMatch(/^[0-9a-f]{64}$/);
      // each step read meanwhile is one of the four, in order
      const steps = seen.flatMap((rv) => (rv.drawing ? [rv.drawing] : []));
      for (const d of steps) expect(d).toEqual({ state: 'running', done: DRAWING_STEPS.indexOf(d.text), text: d.text });
      expect(steps.map((d) => d.done)).toEqual([...steps.map((d) => d.done)].sort((a, b) => a - b));
      // one job, the signer's, ended
      expect(await reportJobs(id)).toEqual([{ state: 'done', user_id: kit.ids.approver }]);
      // drawn again on request: it is stored, nothing is started
      expect((await t.call('POST', `${R}/${id}/report`, kit.tok.calc)).body.message).toBe(DRAWING_TEXTS.started);
      expect(await reportJobs(id)).toHaveLength(1);
    },
  );

  it(
    'a drawing that failed or lost its server is shown in words, and 重新生成 draws it',
    { timeout: 180_000 },
    async () => {
      // a signing certificate that no longer opens: the drawing fails after the signature, which stands
      await signingKey(t.database.db, demo); // (the tenant's, made if this test runs alone)
      await sql`update tpf3_signing_cert set p12 = ${Buffer.from('not a certificate')} where tenant_key = ${demo}`.execute(
        t.database.db,
      );
      const id = await readyToSign('重绘楼');
      expect((await kit.approve(id, 'approver')).body.message).toBe('已签署');
      const failed = (await until(id, (rv) => rv.drawing?.state === 'failed')).at(-1)!;
      expect([failed.state, failed.report, failed.drawing.state, failed.drawing.text]).toEqual([
        'approved',
        null,
        'failed',
        CERT_TEXTS.notP12,
      ]);

      // a drawing whose server stopped answering for it: interrupted, in words
      const title = drawingTitle({ reportNo: failed.reportNo } as never);
      await t.database.db
        .insertInto('sys_job')
        .values({
          kind: 'report',
          title,
          state: 'running',
          done: 1,
          user_id: kit.ids.approver,
          tenant_id: demo,
          update_date: sql`now() - interval '1 hour'`,
        })
        .execute();
      expect((await kit.review(id)).drawing).toEqual({ state: 'failed', done: 1, text: INTERRUPTED });

      // only a signed revision's report can be drawn
      const draft = (await kit.completedBuilding('未签楼')).id;
      const refused = await t.call('POST', `${R}/${draft}/report`, kit.tok.calc);
      expect([refused.status, refused.body.message]).toEqual([400, NOT_SIGNED]);

      // the certificate made anew at the next signature; 重新生成 by 计算人 draws it
      await t.database.db.deleteFrom('tpf3_signing_cert').where('tenant_key', '=', demo).execute();
      expect((await t.call('POST', `${R}/${id}/report`, kit.tok.calc)).body.message).toBe(DRAWING_TEXTS.started);
      const stored = (await until(id, (rv) => !!rv.report)).at(-1)!;
      expect(stored.report, 'stored within 90 s').toBeTruthy();
      expect(stored.drawing).toBeNull();
      // the failed one, the one its server lost (its row never ended), the one 计算人 started
      expect((await reportJobs(id)).map((j) => [j.state, j.user_id])).toEqual([
        ['failed', kit.ids.approver],
        ['running', kit.ids.approver],
        ['done', kit.ids.calc],
      ]);
    },
  );
});
