// 校审 through the API: the signers on the building (tenant users, one level each), every transition of
// 编制中 → 待校对 → 待审核 → 待审定 → 已审定 and every refusal (out of turn, the wrong person, not completed, a flag
// not acknowledged, a comment still open), the comments (open → resolved → closed), the inbox, the report number,
// the lock over every write route of a building while under review and once signed (the routes enumerated from the
// app, like config.writes), the lock in the database itself, and the next revision.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testApp, type TestApp } from './helpers';
import { buildingBody, ENG, engineeringBody, libraryFactor, PROJECT, PROJECT_V } from './builders';
import { resourceDef, resources } from '../../src/server/db/registry';
import type { ResourceSchema } from '../../schemas/index';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { multipart } from './files';
import { docxText, pdfQr, pdfText as readPdf } from './reportFiles';
import { needTools } from './tools';
import { VERIFY_LIMITS } from '../../src/server/review/verifyRoutes';
import { reviewMigrations } from '../../src/server/db/migrations/review';
import { nextReportNo } from '../../src/server/review/store';
import { R, ReviewKit, TPF } from './reviewKit';

let t: TestApp;
let kit: ReviewKit;
let admin: string;
/** tokens and ids of the demo tenant's people: the creator (demo_user), a collaborator and the three signers */
let tok: Record<string, string>;
let ids: Record<string, number>;
let eng: number;

/** A completed building of demo_user with one 建材生产 row (100 t × 2 kgCO2e/t), its collaborator and signers named. */
const completedBuilding = (name: string, over: Record<string, unknown> = {}) =>
  kit.completedBuilding(name, { userId: String(ids.calc2), ...over });
const review = (id: number, who?: string) => kit.review(id, who);
const submit = (id: number, who?: string) => kit.submit(id, who);
const inbox = async (who: string) =>
  (await t.call('GET', '/api/sys/v1/sys/sysNotify/?pageSize=50', who)).body.data.dataList as {
    title: string;
    kind: string;
    link: string;
  }[];

beforeAll(async () => {
  t = await testApp();
  kit = new ReviewKit(t, 'rv');
  ({ tok, ids } = kit);
  const demo = await kit.start();
  admin = kit.admin;
  // (the 实名 a signature prints beside the account, set by the administrator: here the same as the name)
  const person = (k: string, name: string, tenantId: number) => kit.person(k, { name, realName: name, tenantId });
  for (const [k, name] of [
    ['calc2', '李协作'],
    ['checker', '王校对'],
    ['reviewer', '赵审核'],
    ['approver', '钱审定'],
  ])
    await person(k, name, demo);
  const other = (await t.call('POST', '/api/sys/v1/sys/sysTenant/', admin, { name: '外单位', code: 'rv-other' })).body
    .data.id;
  await person('outsider', '外单位', other);
  eng = kit.eng = (
    await t.call('POST', `${ENG}/`, tok.calc, engineeringBody({ name: '校审工程', code: 'RV-1' }))
  ).body.data.id;
});
afterAll(() => t.close());

describe('signers', () => {
  it("are users of the building's tenant, one level each unless the tenant allows more", async () => {
    const body = (over: Record<string, unknown>) =>
      buildingBody(eng, { name: '签署人楼', code: 'RV-S', menus: 'produce', userId: String(ids.calc2), ...over });
    const same = await t.call('POST', `${PROJECT}/`, tok.calc, body({ checkerId: ids.calc2 }));
    expect(same.body.data).toEqual([
      { field: 'checkerId', errorMsg: '校对人不能同时是计算人（本单位未允许一人兼任多级）' },
    ]);
    const twice = await t.call(
      'POST',
      `${PROJECT}/`,
      tok.calc,
      body({ checkerId: ids.checker, reviewerId: ids.checker }),
    );
    expect(twice.body.data).toEqual([
      { field: 'reviewerId', errorMsg: '审核人不能同时是校对人（本单位未允许一人兼任多级）' },
    ]);
    const foreign = await t.call('POST', `${PROJECT}/`, tok.calc, body({ approverId: ids.outsider }));
    expect(foreign.body.data).toEqual([{ field: 'approverId', errorMsg: '审定人不是本单位的用户' }]);
    expect((await t.call('POST', `${PROJECT}/`, tok.calc, body({ checkerId: ids.checker }))).body.code).toBe(1);
  });
});

describe("the tenant's sign-off rules", () => {
  it('are read by its users and changed by its group admin only, within their bounds', async () => {
    const S = `${R}/settings`;
    expect((await t.call('GET', S, tok.calc)).body.data).toMatchObject({
      signoffLevels: 4,
      signoffSamePerson: 0,
      reportPrefix: '',
      defaultPrefix: 'demo',
      canEdit: false,
    });
    const refused = await t.call('PUT', S, tok.calc, { signoffLevels: 2, signoffSamePerson: 1 });
    expect([refused.status, refused.body.message]).toEqual([403, '只有本单位的集团管理员可以修改校审设置']);
    const groupAdmin = await t.login('demo_admin');
    const bad = await t.call('PUT', S, groupAdmin, { signoffLevels: 5, signoffSamePerson: 0 });
    expect([bad.status, bad.body.data]).toEqual([400, [{ field: 'signoffLevels', errorMsg: '校审级数应为 2–4' }]]);
    const saved = await t.call('PUT', S, groupAdmin, { signoffLevels: 3, signoffSamePerson: 1, reportPrefix: 'DM-JS' });
    expect(saved.body.data).toMatchObject({
      signoffLevels: 3,
      signoffSamePerson: 1,
      reportPrefix: 'DM-JS',
      canEdit: true,
    });
    // the rules of the building's sign-off are these: 3 levels (校对, 审核), one person on two levels allowed
    const b = await completedBuilding('三级楼', { checkerId: ids.checker, reviewerId: ids.checker, approverId: null });
    await submit(b.id);
    for (let i = 0; i < 2; i++)
      expect((await t.call('POST', `${R}/approve`, tok.checker, { projectId: b.id })).body.message).toBe('已签署');
    expect((await review(b.id)).reportNo).toMatch(new RegExp(`^DM-JS-${new Date().getFullYear()}-\\d{4}$`));
    expect((await t.call('GET', S, admin)).body.message).toBe('超级管理员请在「集团租户」中设置各单位的校审规则');
    await t.call('PUT', S, groupAdmin, { signoffLevels: 4, signoffSamePerson: 0, reportPrefix: '' });
  });

  it('numbers reports per prefix: tenants given one prefix never share a number, and numbers issued before count', async () => {
    const year = new Date().getFullYear();
    const b = await completedBuilding('编号楼');
    await t.database.db
      .updateTable('tpf3_project')
      .set({ report_no: `ZZ-${year}-0007` })
      .where('id', '=', b.id)
      .execute();
    // migration 016 seeds the counters from the numbers already issued
    const m016 = reviewMigrations.find((m) => m.id === '016_report_no_by_prefix')!;
    for (const stmt of m016.sql
      .split(/;\s*\n/)
      .map((x) => x.trim())
      .filter(Boolean))
      await sql.raw(stmt).execute(t.database.db);
    expect(await nextReportNo(t.database.db, 'ZZ', year)).toBe(`ZZ-${year}-0008`);
    expect(await nextReportNo(t.database.db, 'ZZ', year)).toBe(`ZZ-${year}-0009`);
  });
});

describe('the chain', () => {
  it('submit → return with a row comment → resolve → resubmit → 校对 → 审核 → 审定: every step, refusal and notice', async () => {
    const b = await completedBuilding('校审楼');
    expect(
      (await review(b.id)).chain.map(
        (s: { title: string; people: { name: string }[] }) => `${s.title}:${s.people.map((p) => p.name).join('、')}`,
      ),
    ).toEqual(['计算:演示用户、李协作', '校对:王校对', '审核:赵审核', '审定:钱审定']);

    // only 计算人 submits, and only a draft
    const bySigner = await t.call('POST', `${R}/submit`, tok.checker, { projectId: b.id });
    expect([bySigner.status, bySigner.body.message]).toEqual([403, '只有计算人（创建人或协作人）可以提交校审']);
    expect((await submit(b.id, tok.calc2)).body.message).toBe('已提交校审');
    expect((await review(b.id)).state).toBe('check');
    expect((await inbox(tok.checker))[0]).toMatchObject({
      kind: 'review',
      title: '请校对单体「校审楼」',
      link: `/review?id=${b.id}`,
    });
    const again = await submit(b.id);
    expect([again.status, again.body.message]).toEqual([
      403,
      '单体「校审楼」修订版 A 处于「待校对」状态，不能再次提交',
    ]);

    // out of turn, and by the wrong person
    const early = await t.call('POST', `${R}/approve`, tok.reviewer, { projectId: b.id });
    expect([early.status, early.body.message]).toEqual([
      403,
      '单体「校审楼」修订版 A 处于「待校对」状态，应由校对人签署，您不是该单体的校对人',
    ]);
    expect((await t.call('POST', `${R}/approve`, tok.calc, { projectId: b.id })).status).toBe(403);

    // 校对人 returns it with a comment on the row
    const back = await t.call('POST', `${R}/return`, tok.checker, {
      projectId: b.id,
      comments: [{ content: '钢材用量与结构计算书不符', stage: 'produce', rowId: b.rowId }],
    });
    expect(back.body.message).toBe('已退回');
    let rv = await review(b.id);
    expect(rv.state).toBe('draft');
    expect(rv.comments).toMatchObject([
      {
        stage: 'produce',
        rowId: b.rowId,
        where: '建材生产 第 1 行 钢材',
        content: '钢材用量与结构计算书不符',
        level: 'check',
        author: { name: '王校对' },
        status: 'open',
      },
    ]);
    expect((await inbox(tok.calc2))[0]).toMatchObject({ title: '单体「校审楼」被校对退回' });
    // while a comment is open the building cannot go back
    expect((await submit(b.id)).body.message).toBe('还有 1 条校审意见未处理，请处理后再提交');
    // 计算人 fixes the row (the building is editable again) and resolves the comment; a signer cannot
    const row = (await t.call('GET', `${TPF}/stage/produce/${b.rowId}`, tok.calc)).body.data;
    expect((await t.call('PUT', `${TPF}/stage/produce/`, tok.calc, { ...row, quantity: 120 })).body.code).toBe(1);
    const comment = rv.comments[0].id;
    expect((await t.call('POST', `${R}/comment/${comment}/resolve`, tok.checker, { note: '已改' })).status).toBe(403);
    expect(
      (await t.call('POST', `${R}/comment/${comment}/resolve`, tok.calc, { note: '已按计算书改为 120 t' })).body
        .message,
    ).toBe('已处理');
    // the row saved alone left the result stale: the submission calculates it again (100 → 120 t, kept) and asks
    // for the flag of the changed figure before it goes on
    expect((await submit(b.id)).body.message).toMatch(/^请逐条说明以下提示后再提交：钢材用量 10\.00 kg\/m²/);
    expect((await submit(b.id)).body.message).toBe('已提交校审');

    // the three signatures; the resolved comment closes with its signer's approval
    for (const [who, state] of [
      ['checker', 'review'],
      ['reviewer', 'approve'],
      ['approver', 'approved'],
    ] as const) {
      expect((await t.call('POST', `${R}/approve`, tok[who], { projectId: b.id })).body.message).toBe('已签署');
      expect((await review(b.id)).state).toBe(state);
    }
    rv = await review(b.id);
    expect(rv.comments[0]).toMatchObject({
      status: 'closed',
      resolveNote: '已按计算书改为 120 t',
      resolvedBy: { name: '演示用户' },
    });
    expect(rv.reportNo).toMatch(new RegExp(`^demo-${new Date().getFullYear()}-\\d{4}$`));
    expect(rv.chain.every((s: { signedAt: string | null }) => s.signedAt)).toBe(true);
    expect(rv.events.map((e: { action: string; toState: string }) => `${e.action}→${e.toState}`)).toEqual([
      'submit→check',
      'return→draft',
      'submit→check',
      'approve→review',
      'approve→approve',
      'approve→approved',
    ]);
    expect((await inbox(tok.calc))[0]).toMatchObject({ title: '单体「校审楼」已审定' });
    expect(rv.can).toEqual({
      submit: false,
      approve: false,
      return: false,
      resolve: false,
      revise: true,
      withdraw: false,
      reassign: false,
    });
    const late = await t.call('POST', `${R}/approve`, tok.approver, { projectId: b.id });
    expect([late.status, late.body.message]).toEqual([403, '单体「校审楼」修订版 A 处于「已审定」状态，不在校审中']);
  });

  it("a submission names what is missing: completion, a signer, each flag's reason", async () => {
    const b = await completedBuilding('缺项楼', { approverId: null });
    expect((await t.call('POST', `${R}/submit`, tok.calc, { projectId: b.id })).body.message).toBe(
      '请先在单体信息中选择审定人',
    );
    await t.call('PUT', `${PROJECT}/status`, tok.calc, { id: b.id, status: '0' });
    expect((await t.call('POST', `${R}/submit`, tok.calc, { projectId: b.id })).body.message).toBe(
      '请先完成计算并将单体标记为已完成，再提交校审',
    );
    // a flag of the result (stored as the calculation wrote it) must be acknowledged with a reason
    const building = (await t.call('GET', `${PROJECT_V}/${b.id}`, tok.calc)).body.data;
    await t.database.db
      .updateTable('tpf3_project')
      .set({
        approver_id: ids.approver,
        status: '1',
        result_detail: JSON.stringify({ ...building.resultDetail, warnings: ['建材生产：第1行 单位无法换算'] }),
      })
      .where('id', '=', b.id)
      .execute();
    const flags = (await review(b.id)).flags as string[];
    expect(flags[0]).toBe('建材生产：第1行 单位无法换算');
    // (and the 合理性检查's: 100 t of steel is far below the building type's range)
    expect(flags.slice(1).every((f) => /低于/.test(f))).toBe(true);
    const missing = await t.call('POST', `${R}/submit`, tok.calc, {
      projectId: b.id,
      acknowledgements: flags.slice(1).map((text) => ({ text, reason: '示意数据' })),
    });
    expect(missing.body.message).toBe('请逐条说明以下提示后再提交：建材生产：第1行 单位无法换算');
    const given = flags.map((text) => ({ text, reason: '该行为示意数据，不计入' }));
    expect(
      (await t.call('POST', `${R}/submit`, tok.calc, { projectId: b.id, acknowledgements: given })).body.message,
    ).toBe('已提交校审');
    expect((await review(b.id)).events[0].acknowledgements).toEqual(given);
  });

  it('fewer levels when the tenant signs at fewer; one person on two levels when it allows', async () => {
    const demo = Number(
      (await t.database.db.selectFrom('sys_tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow())
        .id,
    );
    const tenant = (await t.call('GET', `/api/sys/v1/sys/sysTenant/${demo}`, admin)).body.data;
    expect(
      (await t.call('PUT', '/api/sys/v1/sys/sysTenant/', admin, { ...tenant, signoffLevels: 2, signoffSamePerson: 1 }))
        .body.code,
    ).toBe(1);
    try {
      const b = await completedBuilding('两级楼', { checkerId: ids.calc2, reviewerId: null, approverId: null });
      await submit(b.id);
      expect((await review(b.id)).chain.map((s: { title: string }) => s.title)).toEqual(['计算', '校对']);
      await t.call('POST', `${R}/approve`, tok.calc2, { projectId: b.id });
      expect((await review(b.id)).state).toBe('approved');
    } finally {
      await t.call('PUT', '/api/sys/v1/sys/sysTenant/', admin, { ...tenant, signoffLevels: 4, signoffSamePerson: 0 });
    }
  });

  it('待我校审 lists what waits for the caller', async () => {
    const b = await completedBuilding('待办楼');
    await submit(b.id);
    const mine = (await t.call('GET', `${R}/mine`, tok.checker)).body.data;
    expect(mine.find((x: { id: number }) => x.id === b.id)).toMatchObject({
      name: '待办楼',
      engineeringName: '校审工程',
      state: 'check',
      role: '校对人',
      revision: 'A',
    });
    expect((await t.call('GET', `${R}/mine`, tok.reviewer)).body.data.some((x: { id: number }) => x.id === b.id)).toBe(
      false,
    );
    // the signer reads the building and its rows (plain users read only their own otherwise)
    expect((await t.call('GET', `${PROJECT_V}/${b.id}`, tok.checker)).body.code).toBe(1);
    expect(
      (await t.call('GET', `${TPF}/stage/produce/?projectId=${b.id}`, tok.checker)).body.data.dataList,
    ).toHaveLength(1);
    // … but changes nothing
    expect(
      (await t.call('POST', `${PROJECT}/:id/recalculate/preview`.replace(':id', String(b.id)), tok.outsider, {}))
        .status,
    ).toBe(404);
  });
});

describe('the lock', () => {
  it("the database refuses a frozen building's rows whoever writes them", async () => {
    const b = await completedBuilding('锁定楼');
    await submit(b.id);
    const write = t.database.db
      .insertInto('stage_produce')
      .values({ project_id: b.id, material_name: '私自写入', quantity: 1 })
      .execute();
    await expect(write).rejects.toMatchObject({
      code: 'TS403',
      message: '单体「锁定楼」修订版 A 处于「待校对」状态，已锁定，不能修改',
    });
    await expect(
      sql`update tpf3_project set name = '改名' where id = ${b.id}`.execute(t.database.db),
    ).rejects.toMatchObject({ code: 'TS403' });
    await expect(t.database.db.deleteFrom('stage_produce').where('id', '=', b.rowId).execute()).rejects.toMatchObject({
      code: 'TS403',
    });
  });
});

describe('revisions', () => {
  it('a signed revision stays as signed; its successor B is a copy to edit, and the chain starts again', async () => {
    const b = await completedBuilding('修订楼');
    await submit(b.id);
    for (const who of ['checker', 'reviewer', 'approver'])
      await t.call('POST', `${R}/approve`, tok[who], { projectId: b.id });
    expect((await t.call('POST', `${R}/revise`, tok.checker, { projectId: b.id })).status).toBe(403);
    const next = await t.call('POST', `${R}/revise`, tok.calc2, { projectId: b.id });
    expect(next.body.message).toBe('已新建修订版');
    const rb = await review(next.body.data.id);
    expect(rb).toMatchObject({ name: '修订楼', revision: 'B', revisionOf: b.id, state: 'draft', reportNo: null });
    expect(rb.events.map((e: { action: string }) => e.action)).toEqual(['revise']);
    const rows = (await t.call('GET', `${TPF}/stage/produce/?projectId=${next.body.data.id}`, tok.calc)).body.data
      .dataList;
    expect(rows.map((r: { quantity: number }) => r.quantity)).toEqual([100]);
    expect((await t.call('PUT', `${TPF}/stage/produce/`, tok.calc, { ...rows[0], quantity: 90 })).body.code).toBe(1);
    // A is unchanged and still readable
    expect(
      (await t.call('GET', `${TPF}/stage/produce/?projectId=${b.id}`, tok.calc)).body.data.dataList[0].quantity,
    ).toBe(100);
    expect((await review(b.id)).state).toBe('approved');
  });
});

// ---- the audit trail -------------------------------------------------------------------------------------------

describe('the audit trail', () => {
  type Entry = {
    area: string;
    where: string;
    action: string;
    summary: string;
    user: { name: string } | null;
    changes: { field: string; before: string; after: string }[];
  };
  const trail = async (id: number, query = '', who = tok.calc) =>
    (await t.call('GET', `${R}/${id}/audit${query}`, who)).body.data as {
      entries: Entry[];
      total: number;
      areas: { value: string; label: string }[];
    };

  it("a demo building's seeded data is one entry, 初始数据 with its count, before its completion", async () => {
    const demo = (await t.call('GET', `${PROJECT}/?name=D4商业配套中心`, tok.calc)).body.data.dataList[0];
    const a = await trail(demo.id);
    // 11 = the building + 3 建材生产 + 2 建材运输 + 1 建筑建造 + 4 建筑运行 rows of data/demo; then 状态 → 已完成
    expect(a.entries.map((e) => `${e.user?.name ?? '系统'} ${e.where} ${e.summary}`)).toEqual([
      '系统 单体信息 修改',
      '系统 单体信息 初始数据（11 条记录）',
    ]);
    expect(a.entries[1].changes).toEqual([]);
  });

  it('records who changed which field of which row from what to what, whatever wrote it; filterable by stage', async () => {
    const b = await completedBuilding('留痕楼');
    const rows = (await t.call('GET', `${TPF}/stage/produce/?projectId=${b.id}`, tok.calc)).body.data.dataList;
    expect((await t.call('PUT', `${TPF}/stage/produce/`, tok.calc2, { ...rows[0], quantity: 120 })).body.code).toBe(1);
    let a = await trail(b.id);
    expect(a.entries[0]).toMatchObject({
      area: 'produce',
      where: '建材生产「钢材」',
      action: 'update',
      summary: '修改',
      user: { name: '李协作' },
    });
    expect(a.entries[0].changes).toEqual([{ field: '用量', before: '100', after: '120' }]);
    // the row's creation and the building's: each with its fields; 状态 by its label
    expect(a.entries.find((e) => e.area === 'produce' && e.action === 'insert')!.changes).toContainEqual({
      field: '用量',
      before: '—',
      after: '100',
    });
    expect(a.entries.find((e) => e.area === 'building' && e.action === 'update')).toMatchObject({
      where: '单体信息',
      user: { name: '演示用户' },
      changes: [{ field: '状态', before: '未完成', after: '已完成' }],
    });
    // a library factor by its whole title and version: a grid factor is not its bare province
    const created = a.entries.find((e) => e.area === 'building' && e.action === 'insert')!;
    expect(created.changes.find((c) => c.field === '电网排放因子')?.after).toMatch(
      /^\S+ \d{4} 年(度)?电网平均排放因子.*（第 \d+ 版）$/,
    );
    // words, not codes, and no line for a field that reads the same on both sides (an empty field of a new row)
    for (const e of a.entries)
      expect(
        e.changes.filter((c) => c.before === c.after),
        JSON.stringify(e),
      ).toEqual([]);

    // the calculation changes emissions and results only: nothing recorded
    const before = a.total;
    expect((await t.call('GET', `${TPF}/stage/produce/calculate?projectId=${b.id}`, tok.calc)).body.code).toBe(1);
    expect((await trail(b.id)).total).toBe(before);

    // a method by its words: a new machine row's 计算方式
    const built = await t.call('POST', `${TPF}/stage/build/`, tok.calc, {
      projectId: b.id,
      method: 'machine',
      name: '塔吊',
      quantity: 3,
      energy: 'electricity',
      energyPerShift: 100,
    });
    expect(built.body.code, JSON.stringify(built.body)).toBe(1);
    const machine = (await trail(b.id, '?area=build')).entries[0];
    expect(machine.changes).toContainEqual({ field: '计算方式', before: '—', after: '按施工机械和临时设施计算' });
    expect(machine.changes.some((c) => c.after === '—')).toBe(false);

    // a delete keeps the row as it was; many rows in one statement are one line with their count
    const saved = await t.call(
      'POST',
      `${TPF}/stage/produce/batch`,
      tok.calc,
      Array.from({ length: 25 }, (_, i) => ({
        projectId: b.id,
        materialName: `水泥${i}`,
        unit: 't',
        quantity: 1 + i,
        factorValue: 1,
        factorUnit: 'kgCO2e/t',
        factorSource: '测试',
      })),
    );
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(1);
    const cement = (
      await t.call('GET', `${TPF}/stage/produce/?projectId=${b.id}&pageSize=50`, tok.calc)
    ).body.data.dataList.find((r: { materialName: string }) => r.materialName === '水泥3');
    expect((await t.call('DELETE', `${TPF}/stage/produce/${cement.id}`, tok.calc)).body.code).toBe(1);
    a = await trail(b.id, '?area=produce');
    expect(a.entries.slice(0, 2).map((e) => `${e.where} ${e.summary}`)).toEqual([
      '建材生产「水泥3」 删除',
      '建材生产 批量新增 25 行',
    ]);
    expect(a.entries[0].changes).toContainEqual({ field: '用量', before: '4', after: '—' });
    expect(a.entries.every((e) => e.area === 'produce')).toBe(true);
    expect(a.areas).toEqual([
      { value: 'building', label: '单体信息' },
      { value: 'produce', label: '建材生产' },
      { value: 'build', label: '建筑建造' },
    ]);

    // the states: 校审状态 moved by the people who moved it
    await submit(b.id);
    await t.call('POST', `${R}/approve`, tok.checker, { projectId: b.id });
    const states = (await trail(b.id, '?area=building')).entries.filter(
      (e) => e.action === 'update' && e.changes.some((c) => c.field === '校审状态'),
    );
    expect(
      states.map(
        (e) =>
          `${e.user?.name}: ${e.changes.find((c) => c.field === '校审状态')!.before} → ${e.changes.find((c) => c.field === '校审状态')!.after}`,
      ),
    ).toEqual(['王校对: 待校对 → 待审核', '演示用户: 编制中 → 待校对']);
    // only those who may read the building read its trail
    expect((await t.call('GET', `${R}/${b.id}/audit`, tok.outsider)).status).toBe(404);
    expect((await trail(b.id, '', tok.checker)).total).toBeGreaterThan(0);
  });
});

// ---- the frozen report and the verify page -------------------------------------------------------------------

describe('the frozen report', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'review-report-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const fetchFile = async (url: string) => (await t.app.inject({ method: 'GET', url })).rawPayload;
  // `code`: the report's check code (its QR code carries it); an unknown number needs none to be unknown
  const verify = (no: string, code = '') =>
    t.app.inject({ method: 'GET', url: `${TPF}/verify/${encodeURIComponent(no)}?c=${encodeURIComponent(code)}` });
  const check = (no: string, content: Buffer, code = '') => {
    const { payload, contentType } = multipart({}, { name: 'copy.pdf', content });
    return t.app.inject({
      method: 'POST',
      url: `${TPF}/verify/${encodeURIComponent(no)}?c=${encodeURIComponent(code)}`,
      headers: { 'content-type': contentType },
      payload,
    });
  };

  it('is drawn once at 已审定 with its number, revision, signatures, QR code and hash; a copy checks out 匹配, a changed one 不匹配', async (ctx) => {
    const b = await completedBuilding('报告楼');
    const row = (await t.call('GET', `${TPF}/stage/produce/?projectId=${b.id}`, tok.calc)).body.data.dataList[0];
    expect((await t.call('PUT', `${TPF}/stage/produce/`, tok.calc2, { ...row, quantity: 110 })).body.code).toBe(1);
    expect((await t.call('GET', `${TPF}/stage/produce/calculate?projectId=${b.id}`, tok.calc)).body.code).toBe(1);
    await submit(b.id);
    expect((await review(b.id)).report).toBeNull();
    const blocked = await t.call('GET', `${R}/${b.id}/report?type=pdf`, tok.calc);
    expect([blocked.status, blocked.body.message]).toEqual([400, '该修订版尚未审定，没有签署报告']);
    for (const who of ['checker', 'reviewer', 'approver'])
      expect((await t.call('POST', `${R}/approve`, tok[who], { projectId: b.id })).body.message).toBe('已签署');
    // drawn after the signature's answer: wait for it to be stored
    let rv = await review(b.id);
    for (const until = Date.now() + 60_000; !rv.report && Date.now() < until; rv = await review(b.id))
      await new Promise((r) => setTimeout(r, 100));
    expect(rv.report).toMatchObject({
      reportNo: rv.reportNo,
      revision: 'A',
      verifyPath: expect.stringMatching(new RegExp(`^/verify/${rv.reportNo}\\?c=[\\w-]{16}$`)),
    });
    const code = new URL(rv.report.verifyPath, 'http://x').searchParams.get('c')!;
    expect(rv.report.sha256).toMatch(/^[0-9a-f]{64}$/);

    const pdfUrl = (await t.call('GET', `${R}/${b.id}/report?type=pdf`, tok.checker)).body.data;
    const pdf = await fetchFile(pdfUrl);
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(rv.report.sha256);
    // handed out again, not drawn again: the same bytes
    expect(
      (await fetchFile((await t.call('GET', `${R}/${b.id}/report?type=pdf`, tok.calc)).body.data)).equals(pdf),
    ).toBe(true);
    const outsider = await t.call('GET', `${R}/${b.id}/report?type=pdf`, tok.outsider);
    expect(outsider.status).toBe(404);

    const word = docxText(await fetchFile((await t.call('GET', `${R}/${b.id}/report?type=word`, tok.calc)).body.data));
    expect(word).toContain(`PDF 文件 SHA-256 | ${rv.report.sha256}`);
    expect(word).toContain(`报告编号 | ${rv.reportNo}`);
    expect(word).toContain('审定 | 钱审定（rv_approver） |');

    needTools(ctx, 'pdftotext', 'pdftoppm');
    const text = readPdf(work, pdf);
    expect(text).toContain('签署页');
    expect(text).toMatch(new RegExp(`报告编号\\s+${rv.reportNo}`));
    expect(text).toMatch(/修订版\s+A/);
    for (const line of [
      /计算\s+张明（demo_user）、李协作（rv_calc2）\s+\d{4}-\d{2}-\d{2}/,
      /校对\s+王校对（rv_checker）\s+\d{4}-\d{2}-\d{2}/,
      /审核\s+赵审核（rv_reviewer）/,
      /审定\s+钱审定（rv_approver）/,
    ])
      expect(text).toMatch(line);
    expect(text).toContain(`报告编号 ${rv.reportNo} · 修订版 A`); // every page's header
    // the appendix: the building's changes up to the signature, the row edit with its person among them
    const appendix = text.slice(text.indexOf('附录 变更记录'));
    expect(appendix).toMatch(/李协作\s+建材生产「钢材」\s+修改\s+用量：100 → 110/);
    expect(appendix).toMatch(/钱审定\s+单体信息\s+修改\s+[^]*?校审状态：待审定 → 已审定/);
    expect(appendix).toMatch(/审定人：钱审定/); // people and records by name, stages by title
    expect(appendix).toMatch(/计算阶段：建材生产/);
    expect(word).toContain('用量：100 → 110');
    // the QR code on page 2 holds the verify page's address on the host the report was signed on
    expect(pdfQr(work, pdf, 2)).toBe(`http://localhost:80/verify/${rv.reportNo}?c=${code}`);

    // the public page: no session, what it shows and nothing else
    const shown = await verify(rv.reportNo, code);
    expect(shown.statusCode).toBe(200);
    const info = shown.json().data;
    expect(Object.keys(info).sort()).toEqual([
      'approvedAt',
      'buildingName',
      'intensity',
      'reportNo',
      'revision',
      'signatures',
      'total',
    ]);
    // 110 t × 2 kgCO2e/t = 220 kgCO2e = 0.22 tCO2e
    expect(info).toMatchObject({ reportNo: rv.reportNo, buildingName: '报告楼', revision: 'A', total: 0.22 });
    expect(info.signatures.map((x: { title: string; names: string }) => `${x.title}:${x.names}`)).toEqual([
      '计算:张明（demo_user）、李协作（rv_calc2）',
      '校对:王校对（rv_checker）',
      '审核:赵审核（rv_reviewer）',
      '审定:钱审定（rv_approver）',
    ]);
    const same = await check(rv.reportNo, pdf, code);
    expect([same.statusCode, same.json().message, same.json().data.match]).toEqual([200, '匹配', true]);
    const changed = Buffer.from(pdf);
    changed[Math.floor(changed.length / 2)] ^= 1;
    const other = await check(rv.reportNo, changed, code);
    expect([other.json().message, other.json().data.match]).toEqual(['不匹配', false]);
  });

  it('answers an unknown number 404 in the same words, whatever it looks like; and only so many lookups a minute', async () => {
    const answers = await Promise.all(
      ['demo-1999-0001', 'x', '../../etc/passwd', '%27%20or%201=1'].map(async (no) => {
        const r = await verify(no);
        return `${r.statusCode} ${r.json().message}`;
      }),
    );
    expect(new Set(answers)).toEqual(new Set(['404 未找到该报告编号']));
    expect((await check('demo-1999-0001', Buffer.from('%PDF-1.7'))).statusCode).toBe(404);
    const statuses: number[] = [];
    for (let i = 0; i < VERIFY_LIMITS.lookups; i++) statuses.push((await verify(`demo-1999-${i}`)).statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect((await verify('demo-1999-0001')).json().message).toBe('请求过于频繁，请稍后再试');
  });
});

// ---- the lock over every write route ---------------------------------------------------------------------------

/** A body that passes a schema's checks (the route validates it before anything else): each required field given. */
function minimalBody(schema: ResourceSchema, over: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of schema.required ?? []) {
    const p = schema.properties[key] as Record<string, unknown>;
    const types = [p.type].flat();
    if (Array.isArray(p.enum)) body[key] = p.enum[0];
    else if (types.includes('integer') || types.includes('number')) body[key] = Math.max(1, Number(p.minimum ?? 1));
    else if (types.includes('array')) body[key] = [];
    else if (types.includes('object')) body[key] = {};
    else body[key] = p.pattern ? '1' : 'x';
  }
  return { ...body, ...over };
}

/** Write routes that change no building's data: system and library, new buildings, files, the sign-off itself. */
const NOT_A_BUILDING = [
  /^\w+ \/api\/sys\//,
  /^GET \/api\/js\/v1\/js\/tpfJs\/exportWord$/,
  /\/tpf3(BuildMaterial|Lookup|Benchmark|Engineering)\//,
  /^POST \/api\/tpf\/v1\/tpf\/tpf3Project\/(fileUpload)?$/,
  /^GET \/api\/tpf\/v1\/tpf\/tpf3Project\/(copy|export|exportPdf|getExcelByID|template)$/,
  /^GET .*\/(export|template)$/,
  /^GET \/api\/tpf\/v1\/tpf\/template\/:module$/,
  /^GET \/api\/tpf\/v1\/tpf\/(bim|budgetBill)\/:jobId\/excel$/,
  /^POST \/api\/tpf\/v1\/tpf\/review\//,
  // the tenant's sign-off rules
  /^PUT \/api\/tpf\/v1\/tpf\/review\/settings$/,
  // a signed revision's stored report handed out as a file
  /^GET \/api\/tpf\/v1\/tpf\/review\/:projectId\/report$/,
  // a preview changes nothing (its transaction is rolled back)
  /^POST \/api\/tpf\/v1\/tpf\/tpf3Project\/:id\/recalculate\/preview$/,
];

describe('the lock over every write route', () => {
  it('refuses every write route of a building under review with 403 naming the state, and changes nothing', async () => {
    const b = await completedBuilding('全锁楼');
    const variant = (await t.call('POST', `${TPF}/decide/${b.id}/variants`, tok.calc, { name: '方案一' })).body;
    expect(variant.code, JSON.stringify(variant)).toBe(1);
    // one row in every stage table (written straight, before the lock), so each route finds its row
    const rowOf: Record<string, number> = { produce: b.rowId };
    const owner = {
      project_id: b.id,
      tenant_id: Number(
        (
          await t.database.db
            .selectFrom('tpf3_project')
            .select('tenant_id')
            .where('id', '=', b.id)
            .executeTakeFirstOrThrow()
        ).tenant_id,
      ),
      create_by: ids.calc,
    };
    for (const def of resources.filter((r) => r.schema['x-stage'] && r.schema['x-stage'].code !== 'produce')) {
      const row = await t.database.db.insertInto(def.table).values(owner).returning('id').executeTakeFirstOrThrow();
      rowOf[def.schema['x-stage']!.code] = Number(row.id);
    }
    const extend = await t.database.db
      .insertInto(resourceDef('tpf3ProjectExtend').table)
      .values(owner)
      .returning('id')
      .executeTakeFirstOrThrow();
    const other = await completedBuilding('另一楼');
    const steel = await libraryFactor(t, tok.calc, '普通碳钢（市场平均）');
    const rebar = await libraryFactor(t, tok.calc, '热轧碳钢钢筋');
    await t.call('POST', `${TPF}/stage/produce/batch`, tok.calc, [
      { projectId: b.id, materialName: '普通碳钢', unit: 't', quantity: 10, factorId: steel.id },
    ]);
    const steelRow = (await t.call('GET', `${TPF}/stage/produce/?projectId=${b.id}`, tok.calc)).body.data.dataList.find(
      (r: { factorId: number }) => r.factorId === steel.id,
    ).id;
    await submit(b.id);
    const before = await snapshot(b.id);
    const building = (await t.call('GET', `${PROJECT_V}/${b.id}`, tok.calc)).body.data;
    const stageOf = (url: string) => /\/stage\/(\w+)\//.exec(url)?.[1];
    const defOfStage = (code: string) => resources.find((r) => r.schema['x-stage']?.code === code)!;
    const xlsx = await import('./files').then((f) => f.xlsx(['名称'], [['x']]));

    /**
     * The request of a building route; 'none' where the building has nothing the route could change; undefined:
     * unknown.
     */
    const request = (
      route: string,
    ): { method: string; url: string; payload?: unknown; upload?: boolean } | 'none' | undefined => {
      const [method, url] = route.split(' ');
      const code = stageOf(url);
      if (code) {
        const def = defOfStage(code);
        const row = rowOf[code];
        const base = `${TPF}/stage/${code}`;
        const body = minimalBody(def.schema, { projectId: b.id });
        return {
          [`POST ${base}/`]: { method, url, payload: body },
          [`POST ${base}/batch`]: { method, url, payload: [body] },
          [`POST ${base}/fileUpload`]: { method, url, upload: true },
          [`PUT ${base}/`]: { method, url, payload: { ...body, id: row } },
          // (a stage without methods has none to choose: the route refuses any)
          [`PUT ${base}/method`]: def.schema['x-stage']!.methods?.length
            ? { method, url, payload: { projectId: b.id, method: def.schema['x-stage']!.methods[0].value } }
            : ('none' as const),
          [`DELETE ${base}/:id`]: { method, url: `${base}/${row}` },
          [`DELETE ${base}/`]: { method, url: `${base}/?ids=${row}` },
          [`DELETE ${base}/deleteBatch`]: { method, url: `${base}/deleteBatch?projectId=${b.id}` },
          [`GET ${base}/calculate`]: { method, url: `${base}/calculate?projectId=${b.id}` },
        }[route];
      }
      const P = `${TPF}/tpf3Project`;
      const X = `${TPF}/tpf3ProjectExtend`;
      const D = `${TPF}/decide`;
      return {
        [`PUT ${P}/`]: { method, url, payload: { ...building, name: '改名' } },
        [`PUT ${P}/status`]: { method, url, payload: { id: b.id, status: '0' } },
        [`DELETE ${P}/:id`]: { method, url: `${P}/${b.id}` },
        [`DELETE ${P}/`]: { method, url: `${P}/?ids=${b.id}` },
        [`DELETE ${P}/deleteBatch`]: { method, url: `${P}/deleteBatch?engineeringId=${eng}` },
        [`POST ${P}/:id/recalculate/apply`]: { method, url: `${P}/${b.id}/recalculate/apply`, payload: {} },
        [`POST ${X}/`]: {
          method,
          url,
          payload: minimalBody(resourceDef('tpf3ProjectExtend').schema, { projectId: b.id }),
        },
        [`PUT ${X}/`]: {
          method,
          url,
          payload: minimalBody(resourceDef('tpf3ProjectExtend').schema, { projectId: b.id, id: Number(extend.id) }),
        },
        [`POST ${X}/fileUpload`]: { method, url, upload: true },
        [`DELETE ${X}/:id`]: { method, url: `${X}/${extend.id}` },
        [`DELETE ${X}/`]: { method, url: `${X}/?ids=${extend.id}` },
        [`DELETE ${X}/deleteBatch`]: { method, url: `${X}/deleteBatch?projectId=${b.id}` },
        [`POST ${D}/:projectId/variants`]: { method, url: `${D}/${b.id}/variants`, payload: { name: '方案二' } },
        [`PUT ${D}/variants/:id`]: { method, url: `${D}/variants/${variant.data.id}`, payload: { name: '改名方案' } },
        [`DELETE ${D}/variants/:id`]: { method, url: `${D}/variants/${variant.data.id}` },
        [`POST ${D}/variants/:id/calculate`]: {
          method,
          url: `${D}/variants/${variant.data.id}/calculate`,
          payload: {},
        },
        [`POST ${D}/variants/:id/switch`]: { method, url: `${D}/variants/${variant.data.id}/switch`, payload: {} },
        [`POST ${D}/:projectId/substitute`]: {
          method,
          url: `${D}/${b.id}/substitute`,
          payload: { stage: 'produce', rowId: steelRow, factorId: rebar.id },
        },
        [`PUT ${D}/:projectId/reference`]: { method, url: `${D}/${b.id}/reference`, payload: { refOperation: 30 } },
        [`POST ${D}/:projectId/phases`]: { method, url: `${D}/${b.id}/phases`, payload: { otherId: other.id } },
        [`DELETE ${D}/:projectId/phases`]: { method, url: `${D}/${b.id}/phases` },
        [`POST ${D}/:projectId/phases/copy`]: {
          method,
          url: `${D}/${b.id}/phases/copy`,
          payload: { computeMethod: 'accounting' },
        },
        [`POST ${TPF}/bim/fileUpload`]: { method, url, upload: true },
        [`POST ${TPF}/budgetBill/fileUpload`]: { method, url, upload: true },
        [`POST ${TPF}/bim/import`]: {
          method,
          url,
          payload: { jobId: 1, projectId: b.id, mode: 'append', mappings: [{ ifcMaterial: 'x', factorId: 1 }] },
        },
        [`POST ${TPF}/budgetBill/import`]: {
          method,
          url,
          payload: { jobId: 1, projectId: b.id, mode: 'append', mappings: [{ key: 'x', factorId: 1 }] },
        },
      }[route];
    };

    const routes = t.app.writingRoutes();
    const unclassified: string[] = [];
    const answers: string[] = [];
    for (const route of routes) {
      if (NOT_A_BUILDING.some((re) => re.test(route))) continue;
      const req = request(route);
      if (req === 'none') continue;
      if (!req) {
        unclassified.push(route);
        continue;
      }
      const r = req.upload
        ? await uploadTo(req.url, { projectId: b.id }, xlsx)
        : await t.call(req.method as 'GET', req.url, tok.calc, req.payload);
      answers.push(`${route} → ${r.status} ${r.body?.message}${r.status === 400 ? JSON.stringify(r.body.data) : ''}`);
    }
    // every write route is either a building's or said not to be one (a new route must be placed)
    expect(unclassified).toEqual([]);
    // (a clear of the engineering's buildings meets whichever frozen building comes first)
    const lock = /→ 403 单体「[^」]+」修订版 A 处于「(待校对|已审定)」状态，已锁定，不能修改$/;
    expect(answers.filter((a) => !lock.test(a))).toEqual([]);
    expect(
      answers.filter((a) => a.endsWith('单体「全锁楼」修订版 A 处于「待校对」状态，已锁定，不能修改')).length,
    ).toBeGreaterThan(100);
    expect(await snapshot(b.id)).toEqual(before);
  });
});

/**
 * Everything of a building that the lock keeps: its own row and every row it owns (stage rows, extended data,
 * variants).
 */
async function snapshot(id: number): Promise<string> {
  const parts: unknown[] = [await t.database.db.selectFrom('tpf3_project').selectAll().where('id', '=', id).execute()];
  for (const def of resources.filter((r) => r.meta.ownedByProject))
    parts.push(
      await t.database.db.selectFrom(def.table).selectAll().where('project_id', '=', id).orderBy('id').execute(),
    );
  parts.push(
    await t.database.db.selectFrom('tpf3_variant').selectAll().where('project_id', '=', id).orderBy('id').execute(),
  );
  return JSON.stringify(parts);
}

async function uploadTo(url: string, fields: Record<string, number>, file: import('./files').UploadFile) {
  const { upload } = await import('./files');
  return upload(t, url.replace(/\/fileUpload$/, ''), tok.calc, fields, file);
}
