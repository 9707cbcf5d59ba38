// Who signs, as the API keeps it: a signature names the signer by his 实名 and account as they were when he signed
// (a rename afterwards changes neither the chain nor the frozen 签署页); the 实名 is set by administrators only and
// every change of it is kept; a revision is signed to its end under the rules it was submitted with; 计算人 withdraws
// a submission until its first signature; an administrator replaces a level's signer; an author does not sign.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testApp, type TestApp } from './helpers';
import { ENG, engineeringBody, PROJECT, PROJECT_V } from './builders';
import { R, ReviewKit, TPF } from './reviewKit';
import { reviewMigrations } from '../../src/server/db/migrations/review';

const USER = '/api/sys/v1/sys/sysUser/';
let t: TestApp;
let kit: ReviewKit;
let admin: string;
let groupAdmin: string;
let tok: Record<string, string>;
let ids: Record<string, number>;
let demo: number;

const NAMES: Record<string, [string, string | null]> = {
  calc2: ['李协作', '李文'],
  checker: ['王校对', '王立'],
  checker2: ['孙校对', '孙强'],
  reviewer: ['赵审核', null],
  approver: ['钱审定', '钱进'],
  outsider: ['外单位', null],
  otherAdmin: ['外单位管理员', null],
};

/** A completed building of demo_user with one row, its collaborator 李协作 and three signers named. */
const completedBuilding = (name: string, over: Record<string, unknown> = {}) =>
  kit.completedBuilding(name, { userId: String(ids.calc2), ...over });
const review = (id: number, who?: string) => kit.review(id, who);
const submit = (id: number, who?: string) => kit.submit(id, who);
const approve = (id: number, key: string) => kit.approve(id, key);
const inbox = async (who: string) =>
  (await t.call('GET', '/api/sys/v1/sys/sysNotify/?pageSize=50', who)).body.data.dataList as {
    title: string;
    content: string;
    link: string;
  }[];
const chainNames = (rv: { chain: { title: string; people: { name: string }[] }[] }) =>
  rv.chain.map((s) => `${s.title}:${s.people.map((p) => p.name).join('、')}`);
const setRealName = async (token: string, userId: number, realName: string | null) => {
  const u = (await t.call('GET', `${USER}${userId}`, admin)).body.data;
  return t.call('PUT', USER, token, { ...u, realName });
};
const settings = (levels: number, same = 0) =>
  t.call('PUT', `${R}/settings`, groupAdmin, { signoffLevels: levels, signoffSamePerson: same, reportPrefix: '' });

beforeAll(async () => {
  t = await testApp();
  kit = new ReviewKit(t, 'sg');
  ({ tok, ids } = kit);
  demo = await kit.start();
  admin = kit.admin;
  groupAdmin = await t.login('demo_admin');
  ids.groupAdmin = (await t.call('GET', `${USER}currentUser`, groupAdmin)).body.data.userId;
  const person = (k: string, tenantId: number, roleList: string[] = []) =>
    kit.person(k, { name: NAMES[k][0], realName: NAMES[k][1], roleList, tenantId });
  for (const k of ['calc2', 'checker', 'checker2', 'reviewer', 'approver']) await person(k, demo);
  const other = (await t.call('POST', '/api/sys/v1/sys/sysTenant/', admin, { name: '外单位', code: 'sg-other' })).body
    .data.id;
  await person('outsider', other);
  await person('otherAdmin', other, ['groupAdmin']);
  kit.eng = (
    await t.call('POST', `${ENG}/`, tok.calc, engineeringBody({ name: '签署人工程', code: 'SG-1' }))
  ).body.data.id;
});
afterAll(() => t.close());

describe('a signature names its signer as he was when he signed', () => {
  it('a rename after signing leaves the chain and the frozen 签署页 as signed', async () => {
    const b = await completedBuilding('改名楼');
    // not yet signed: the people named, by their names
    expect(chainNames(await review(b.id))).toEqual([
      '计算:演示用户、李协作',
      '校对:王校对',
      '审核:赵审核',
      '审定:钱审定',
    ]);
    expect((await submit(b.id)).body.message).toBe('已提交校审');
    expect((await approve(b.id, 'checker')).body.message).toBe('已签署');
    const signed = [
      '计算:张明（demo_user）、李文（sg_calc2）',
      '校对:王立（sg_checker）',
      '审核:赵审核',
      '审定:钱审定',
    ];
    expect(chainNames(await review(b.id))).toEqual(signed);

    try {
      // the signers rename themselves, and an administrator changes 实名s: what was signed stays
      expect((await t.call('PUT', USER, tok.checker, { id: ids.checker, name: '王改名' })).body.code).toBe(1);
      expect((await setRealName(groupAdmin, ids.checker, '王二')).body.code).toBe(1);
      expect((await setRealName(admin, ids.calc, '张三')).body.code).toBe(1);
      expect((await setRealName(groupAdmin, ids.calc2, null)).body.code).toBe(1);
      expect(chainNames(await review(b.id))).toEqual(signed);

      // the remaining levels sign (审核人 has no 实名: his account alone), and the report is drawn after the renames
      expect((await approve(b.id, 'reviewer')).body.message).toBe('已签署');
      expect((await setRealName(groupAdmin, ids.reviewer, '赵六')).body.code).toBe(1);
      expect((await approve(b.id, 'approver')).body.message).toBe('已签署');
      const all = [
        '计算:张明（demo_user）、李文（sg_calc2）',
        '校对:王立（sg_checker）',
        '审核:sg_reviewer',
        '审定:钱进（sg_approver）',
      ];
      expect(chainNames(await review(b.id))).toEqual(all);
      expect((await setRealName(groupAdmin, ids.approver, '钱七')).body.code).toBe(1);
      expect(chainNames(await review(b.id))).toEqual(all);

      // the frozen 签署页's signatures (stored with the report) and the public page say the same
      const reportNo = (await review(b.id)).reportNo as string;
      // (drawn after the last signature's answer; a download waits for that drawing, or draws it)
      const file = await t.call('GET', `${R}/${b.id}/report?type=pdf`, tok.calc);
      expect(file.body.code, JSON.stringify(file.body)).toBe(1);
      const stored = await t.database.db
        .selectFrom('tpf3_review_report')
        .select('signatures')
        .where('report_no', '=', reportNo)
        .executeTakeFirst();
      expect(stored, 'the frozen report was stored').toBeDefined();
      const sigs = (typeof stored!.signatures === 'string' ? JSON.parse(stored!.signatures) : stored!.signatures) as {
        title: string;
        names: string;
      }[];
      expect(sigs.map((s) => `${s.title}:${s.names}`)).toEqual(all);
      // (the public page answers with the report's check code: its review page's link carries it)
      const shown = await t.app.inject({ method: 'GET', url: `${TPF}${(await review(b.id)).report.verifyPath}` });
      expect(
        shown.json().data.signatures.map((s: { title: string; names: string }) => `${s.title}:${s.names}`),
      ).toEqual(all);
    } finally {
      await setRealName(admin, ids.calc, '张明');
      await setRealName(groupAdmin, ids.calc2, '李文');
      await setRealName(groupAdmin, ids.reviewer, null);
      await setRealName(groupAdmin, ids.approver, '钱进');
      await setRealName(groupAdmin, ids.checker, '王立');
      await t.call('PUT', USER, tok.checker, { id: ids.checker, name: '王校对' });
    }
  }, 180_000);
});

describe('实名', () => {
  it('a user cannot set his own, not even an administrator', async () => {
    const own = await t.call('PUT', USER, tok.checker, { id: ids.checker, name: '王校对', realName: '王自封' });
    expect([own.status, own.body.data]).toEqual([403, [{ field: 'realName', errorMsg: '实名不能在账号设置中修改' }]]);
    const me = (await t.call('GET', `${USER}${ids.groupAdmin}`, groupAdmin)).body.data;
    expect((await t.call('PUT', USER, groupAdmin, { ...me, realName: '管理员自封' })).status).toBe(403);
    // the unchanged 实名 sent back with the profile is no change
    const back = (await t.call('GET', `${USER}${ids.checker}`, admin)).body.data;
    expect(
      (await t.call('PUT', USER, tok.checker, { id: ids.checker, name: back.name, realName: back.realName })).body.code,
    ).toBe(1);
    expect(
      (
        await t.database.db
          .selectFrom('sys_user')
          .select('real_name')
          .where('id', '=', ids.checker)
          .executeTakeFirstOrThrow()
      ).real_name,
    ).toBe(back.realName);
  });

  it("is set by the tenant's group admin or the super admin; every change is kept: who, when, before → after", async () => {
    const before = (
      await t.database.db
        .selectFrom('sys_user')
        .select('real_name')
        .where('id', '=', ids.checker2)
        .executeTakeFirstOrThrow()
    ).real_name;
    expect((await setRealName(groupAdmin, ids.checker2, '孙大强')).body.code).toBe(1);
    expect((await setRealName(admin, ids.checker2, '孙强')).body.code).toBe(1);
    // another tenant's group admin does not even see the user
    expect((await setRealName(tok.otherAdmin, ids.checker2, '外改')).status).toBe(404);
    const kept = await t.database.db
      .selectFrom('sys_user_identity_event')
      .selectAll()
      .where('user_id', '=', ids.checker2)
      .orderBy('id')
      .execute();
    const adminId = (await t.call('GET', '/api/sys/v1/sys/sysUser/currentUser', admin)).body.data.userId;
    expect(kept.map((k) => [k.before, k.after, k.changed_by])).toEqual([
      [null, '孙强', adminId], // created with it
      [before, '孙大强', ids.groupAdmin],
      ['孙大强', '孙强', adminId],
    ]);
    expect(kept.every((k) => k.at instanceof Date || typeof k.at === 'string')).toBe(true);
  });
});

describe('the rules a revision was submitted with', () => {
  it('a tenant going from 4 levels to 2 leaves a submitted revision signable to 已审定 at 4', async () => {
    expect((await settings(4)).body.code).toBe(1);
    const b = await completedBuilding('四级楼');
    expect((await submit(b.id)).body.message).toBe('已提交校审');
    expect((await settings(2)).body.code).toBe(1);
    try {
      let rv = await review(b.id, tok.checker);
      expect(rv.chain.map((s: { title: string }) => s.title)).toEqual(['计算', '校对', '审核', '审定']);
      expect(rv.can.approve).toBe(true);
      expect((await approve(b.id, 'checker')).body.message).toBe('已签署');
      expect((await review(b.id)).state).toBe('review');
      expect((await approve(b.id, 'reviewer')).body.message).toBe('已签署');
      expect((await approve(b.id, 'approver')).body.message).toBe('已签署');
      rv = await review(b.id);
      expect(rv.state).toBe('approved');
      expect(rv.chain.map((s: { title: string }) => s.title)).toEqual(['计算', '校对', '审核', '审定']);
      // a revision submitted now is signed at 2
      const two = await completedBuilding('两级新楼', { reviewerId: null, approverId: null });
      await submit(two.id);
      expect((await approve(two.id, 'checker')).body.message).toBe('已签署');
      expect((await review(two.id)).state).toBe('approved');
    } finally {
      await settings(4);
    }
  });
});

describe('the migration', () => {
  it("gives a revision submitted before it the tenant's rules of now, and its steps their signer's account", async () => {
    const b = await completedBuilding('迁移楼');
    await submit(b.id);
    await t.database.db.transaction().execute(async (trx) => {
      await sql`select set_config('tansuan.lock_bypass', 'on', true)`.execute(trx);
      await sql`update tpf3_project set review_levels = null, review_same_person = null where id = ${b.id}`.execute(
        trx,
      );
      await sql`update tpf3_review_event set signer_account = null, signer_name = null, signer_team = null where project_id = ${b.id}`.execute(
        trx,
      );
      const m = reviewMigrations.find((x) => x.id === '019_signer_identity')!;
      for (const stmt of m.sql
        .split(/;\s*(?:\n|$)/)
        .map((x) => x.trim())
        .filter(Boolean))
        await sql.raw(stmt).execute(trx);
    });
    const row = await t.database.db
      .selectFrom('tpf3_project')
      .select(['review_levels', 'review_same_person'])
      .where('id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ review_levels: 4, review_same_person: false });
    // the submission's step names its submitter by his account and 实名 of now (no team was kept: 计算 lists its people)
    expect((await review(b.id)).events[0].signer).toEqual({ id: ids.calc, name: '张明（demo_user）' });
    expect(chainNames(await review(b.id))[0]).toBe('计算:演示用户、李协作');
  });
});

describe('撤回', () => {
  it('计算人 takes a submission back before its first signature, not after', async () => {
    const b = await completedBuilding('撤回楼');
    expect((await submit(b.id)).body.message).toBe('已提交校审');
    let rv = await review(b.id);
    expect(rv.can.withdraw).toBe(true);
    expect((await review(b.id, tok.checker)).can.withdraw).toBe(false);
    const bySigner = await t.call('POST', `${R}/withdraw`, tok.checker, { projectId: b.id });
    expect([bySigner.status, bySigner.body.message]).toEqual([403, '只有计算人（创建人或协作人）可以撤回校审']);
    expect((await t.call('POST', `${R}/withdraw`, tok.calc2, { projectId: b.id })).body.message).toBe('已撤回');
    rv = await review(b.id);
    expect(rv.state).toBe('draft');
    expect(rv.events.map((e: { action: string; toState: string }) => `${e.action}→${e.toState}`)).toEqual([
      'submit→check',
      'withdraw→draft',
    ]);
    expect((await inbox(tok.checker))[0]).toMatchObject({
      title: '单体「撤回楼」已撤回校审',
      link: `/review?id=${b.id}`,
    });
    // editable again; a draft has nothing to withdraw
    const again = await t.call('POST', `${R}/withdraw`, tok.calc, { projectId: b.id });
    expect([again.status, again.body.message]).toEqual([
      403,
      '单体「撤回楼」修订版 A 处于「编制中」状态，未提交校审，无需撤回',
    ]);
    expect((await submit(b.id)).body.message).toBe('已提交校审');
    expect((await approve(b.id, 'checker')).body.message).toBe('已签署');
    expect((await review(b.id)).can.withdraw).toBe(false);
    const late = await t.call('POST', `${R}/withdraw`, tok.calc, { projectId: b.id });
    expect([late.status, late.body.message]).toEqual([
      403,
      '单体「撤回楼」修订版 A 处于「待审核」状态，校对人已签署，不能撤回',
    ]);
    expect((await review(b.id)).state).toBe('review');
  });
});

describe('更换签署人', () => {
  it("the tenant's group admin names another signer, the waiting level included; recorded, and the new signer told", async () => {
    const b = await completedBuilding('换人楼');
    await submit(b.id);
    expect((await review(b.id, groupAdmin)).can.reassign).toBe(true);
    expect((await review(b.id)).can.reassign).toBe(false);
    const r = await t.call('POST', `${R}/reassign`, groupAdmin, {
      projectId: b.id,
      level: 'check',
      userId: ids.checker2,
    });
    expect(r.body.message, JSON.stringify(r.body)).toBe('已更换签署人');
    const rv = await review(b.id);
    expect(rv.state).toBe('check');
    expect(chainNames(rv)[1]).toBe('校对:孙校对');
    expect(rv.events.at(-1)).toMatchObject({
      action: 'reassign',
      fromState: 'check',
      toState: 'check',
      note: '校对人：王立（sg_checker） → 孙强（sg_checker2）',
    });
    expect((await inbox(tok.checker2))[0]).toMatchObject({ title: '请校对单体「换人楼」', link: `/review?id=${b.id}` });
    // the former signer no longer signs; the new one does
    expect((await approve(b.id, 'checker')).status).toBe(404); // (no longer one of its readers)
    expect((await approve(b.id, 'checker2')).body.message).toBe('已签署');
    // a later level, by the super admin
    expect(
      (await t.call('POST', `${R}/reassign`, admin, { projectId: b.id, level: 'approve', userId: ids.checker })).body
        .message,
    ).toBe('已更换签署人');
    expect((await inbox(tok.checker))[0]).toMatchObject({ title: '您已被指定为单体「换人楼」的审定人' });
    // the 兼任 rules: another level's signer, 计算人
    const twice = await t.call('POST', `${R}/reassign`, groupAdmin, {
      projectId: b.id,
      level: 'approve',
      userId: ids.reviewer,
    });
    expect([twice.status, twice.body.data]).toEqual([
      400,
      [{ field: 'userId', errorMsg: '审定人不能同时是审核人（本单位未允许一人兼任多级）' }],
    ]);
    const calc = await t.call('POST', `${R}/reassign`, groupAdmin, {
      projectId: b.id,
      level: 'approve',
      userId: ids.calc2,
    });
    expect([calc.status, calc.body.data]).toEqual([
      400,
      [{ field: 'userId', errorMsg: '审定人不能同时是计算人（本单位未允许一人兼任多级）' }],
    ]);
    // (the building's audit trail shows it too, by whom)
    const trail = (await t.call('GET', `${R}/${b.id}/audit?area=building`, tok.calc)).body.data.entries as {
      user: { name: string } | null;
      changes: { field: string }[];
    }[];
    expect(trail.some((e) => e.user?.name === '演示管理员' && e.changes.some((c) => c.field === '校对人'))).toBe(true);
  });

  it("a plain user: 403; another tenant's admin: 404; a user of another tenant: 400 naming the field; once signed: 403", async () => {
    const b = await completedBuilding('换人楼二');
    await submit(b.id);
    const plain = await t.call('POST', `${R}/reassign`, tok.calc, {
      projectId: b.id,
      level: 'check',
      userId: ids.checker2,
    });
    expect([plain.status, plain.body.message]).toEqual([403, '只有本单位的集团管理员可以更换签署人']);
    expect(
      (await t.call('POST', `${R}/reassign`, tok.checker, { projectId: b.id, level: 'check', userId: ids.checker2 }))
        .status,
    ).toBe(403);
    expect(
      (await t.call('POST', `${R}/reassign`, tok.otherAdmin, { projectId: b.id, level: 'check', userId: ids.outsider }))
        .status,
    ).toBe(404);
    expect((await t.call('GET', `${R}/${b.id}/signers`, tok.otherAdmin)).status).toBe(404);
    const foreign = await t.call('POST', `${R}/reassign`, groupAdmin, {
      projectId: b.id,
      level: 'check',
      userId: ids.outsider,
    });
    expect([foreign.status, foreign.body.data]).toEqual([
      400,
      [{ field: 'userId', errorMsg: '校对人不是本单位的用户' }],
    ]);
    const bad = await t.call('POST', `${R}/reassign`, groupAdmin, {
      projectId: b.id,
      level: 'other',
      userId: ids.checker2,
    });
    expect(bad.status).toBe(400);
    // whom the admin may choose: the tenant's users by 实名 and account
    const choices = (await t.call('GET', `${R}/${b.id}/signers`, groupAdmin)).body.data as {
      id: number;
      name: string;
    }[];
    expect(choices.find((c) => c.id === ids.checker2)?.name).toBe('孙强（sg_checker2）');
    expect(choices.some((c) => c.id === ids.outsider)).toBe(false);
    expect((await t.call('GET', `${R}/${b.id}/signers`, tok.calc)).status).toBe(403);
    for (const who of ['checker', 'reviewer', 'approver']) await approve(b.id, who);
    const signed = await t.call('POST', `${R}/reassign`, groupAdmin, {
      projectId: b.id,
      level: 'check',
      userId: ids.checker2,
    });
    expect([signed.status, signed.body.message]).toEqual([
      403,
      '单体「换人楼二」修订版 A 处于「已审定」状态，不能更换签署人',
    ]);
    expect((await review(b.id, groupAdmin)).can.reassign).toBe(false);
  });
});

describe('authors do not sign', () => {
  it('with 兼任 off, one who wrote to the revision is refused as its signer: at submission (400) and at signing (403)', async () => {
    // the group admin fixes a row of the building, then is named its 审定人
    const b = await completedBuilding('作者楼');
    const row = (await t.call('GET', `${TPF}/stage/produce/${b.rowId}`, groupAdmin)).body.data;
    expect((await t.call('PUT', `${TPF}/stage/produce/`, groupAdmin, { ...row, quantity: 105 })).body.code).toBe(1);
    await t.call('GET', `${TPF}/stage/produce/calculate?projectId=${b.id}`, tok.calc);
    const building = (await t.call('GET', `${PROJECT_V}/${b.id}`, tok.calc)).body.data;
    expect((await t.call('PUT', `${PROJECT}/`, tok.calc, { ...building, approverId: ids.groupAdmin })).body.code).toBe(
      1,
    );
    const refused = await submit(b.id);
    expect([refused.status, refused.body.data]).toEqual([
      400,
      [{ field: 'approverId', errorMsg: '审定人编辑过本修订版，不能签署（本单位未允许一人兼任多级）' }],
    ]);
    // nor may an administrator name him
    expect((await t.call('PUT', `${PROJECT}/`, tok.calc, { ...building, approverId: ids.approver })).body.code).toBe(1);
    expect((await submit(b.id)).body.message).toBe('已提交校审');
    const named = await t.call('POST', `${R}/reassign`, admin, {
      projectId: b.id,
      level: 'approve',
      userId: ids.groupAdmin,
    });
    expect([named.status, named.body.data]).toEqual([
      400,
      [{ field: 'userId', errorMsg: '审定人编辑过本修订版，不能签署（本单位未允许一人兼任多级）' }],
    ]);

    // a signer's own steps (a return, a signature) are no edit: after a return he signs the resubmission
    expect(
      (await t.call('POST', `${R}/return`, tok.checker, { projectId: b.id, comments: [{ content: '请核对用量' }] }))
        .body.message,
    ).toBe('已退回');
    const comment = (await review(b.id)).comments[0].id;
    await t.call('POST', `${R}/comment/${comment}/resolve`, tok.calc, { note: '已核对' });
    expect((await submit(b.id)).body.message).toBe('已提交校审');
    expect((await approve(b.id, 'checker')).body.message).toBe('已签署');

    // a write recorded for the 审核人 (whatever path made it) bars his signature
    await sql`insert into tpf3_audit (tenant_id, project_id, resource, row_id, action, user_id, after) values (${demo}, ${b.id}, 'stage_produce', ${b.rowId}, 'update', ${ids.reviewer}, '{"quantity": 106}'::jsonb)`.execute(
      t.database.db,
    );
    const late = await approve(b.id, 'reviewer');
    expect([late.status, late.body.message]).toEqual([
      403,
      '单体「作者楼」修订版 A 处于「待审核」状态，您编辑过本修订版，不能签署该修订版（本单位未允许一人兼任多级）',
    ]);

    // allowed when the tenant allows one person on two levels (the rule as submitted)
    await settings(4, 1);
    try {
      const c = await completedBuilding('兼任楼');
      await t.call('PUT', `${TPF}/stage/produce/`, groupAdmin, {
        ...(await t.call('GET', `${TPF}/stage/produce/${c.rowId}`, groupAdmin)).body.data,
        quantity: 99,
      });
      await t.call('GET', `${TPF}/stage/produce/calculate?projectId=${c.id}`, tok.calc);
      const cb = (await t.call('GET', `${PROJECT_V}/${c.id}`, tok.calc)).body.data;
      expect((await t.call('PUT', `${PROJECT}/`, tok.calc, { ...cb, approverId: ids.groupAdmin })).body.code).toBe(1);
      expect((await submit(c.id)).body.message).toBe('已提交校审');
    } finally {
      await settings(4, 0);
    }
  });
});
