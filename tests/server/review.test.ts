// 校审 through the API (issue 27): the signers on the building (tenant users, one level each), every transition of
// 编制中 → 待校对 → 待审核 → 待审定 → 已审定 and every refusal (out of turn, the wrong person, not completed, a flag
// not acknowledged, a comment still open), the comments (open → resolved → closed), the inbox, the report number,
// the lock over every write route of a building while under review and once signed (the routes enumerated from the
// app, like config.writes), the lock in the database itself, and the next revision.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testApp, type TestApp } from './helpers';
import { buildingBody, ENG, engineeringBody, PROJECT, PROJECT_V } from './builders';

const R = '/api/tpf/v1/tpf/review';
const TPF = '/api/tpf/v1/tpf';
const USER = '/api/sys/v1/sys/sysUser/';
let t: TestApp;
let admin: string;
/** tokens and ids of the demo tenant's people: the creator (demo_user), a collaborator and the three signers */
const tok: Record<string, string> = {};
const ids: Record<string, number> = {};
let eng: number;

async function person(key: string, tenantId: number): Promise<void> {
  const password = `${key}-Pass-1`;
  const r = await t.call('POST', USER, admin, { userName: `rv_${key}`, name: { calc2: '李协作', checker: '王校对', reviewer: '赵审核', approver: '钱审定', outsider: '外单位' }[key], password, roleList: [], tenantId });
  expect(r.body.code, JSON.stringify(r.body)).toBe(1);
  ids[key] = r.body.data.id;
  tok[key] = await t.login(`rv_${key}`, password);
}

/** A completed building of demo_user with one 建材生产 row: 100 t × 2 kgCO2e/t. */
async function completedBuilding(name: string, over: Record<string, unknown> = {}): Promise<{ id: number; rowId: number }> {
  const b = (await t.call('POST', `${PROJECT}/`, tok.calc, buildingBody(eng, { name, code: name, menus: 'produce', userId: String(ids.calc2), checkerId: ids.checker, reviewerId: ids.reviewer, approverId: ids.approver, ...over }))).body;
  expect(b.code, JSON.stringify(b)).toBe(1);
  const saved = await t.call('POST', `${TPF}/stage/produce/batch`, tok.calc, [{ projectId: b.data.id, materialName: '钢材', unit: 't', quantity: 100, factorValue: 2, factorUnit: 'kgCO2e/t', factorSource: '测试' }]);
  expect(saved.body.code, JSON.stringify(saved.body)).toBe(1);
  expect((await t.call('PUT', `${PROJECT}/status`, tok.calc, { id: b.data.id, status: '1' })).body.code).toBe(1);
  const rows = (await t.call('GET', `${TPF}/stage/produce/?projectId=${b.data.id}`, tok.calc)).body.data.dataList;
  return { id: b.data.id, rowId: rows[0].id };
}

const review = async (id: number, who = tok.calc) => (await t.call('GET', `${R}/${id}`, who)).body.data;
/** Submits with every flag of the result acknowledged (a 100 t building is far below the 合理性检查's ranges). */
async function submit(id: number, who = tok.calc) {
  const flags = (await review(id, who)).flags as string[];
  return t.call('POST', `${R}/submit`, who, { projectId: id, acknowledgements: flags.map((text) => ({ text, reason: '测试用的示意数据' })) });
}
const inbox = async (who: string) => (await t.call('GET', '/api/sys/v1/sys/sysNotify/?pageSize=50', who)).body.data.dataList as { title: string; kind: string; link: string }[];

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin');
  tok.calc = await t.login('demo_user');
  ids.calc = (await t.call('GET', '/api/sys/v1/sys/sysUser/currentUser', tok.calc)).body.data.userId;
  const demo = Number((await t.database.db.selectFrom('sys_tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()).id);
  for (const k of ['calc2', 'checker', 'reviewer', 'approver']) await person(k, demo);
  const other = (await t.call('POST', '/api/sys/v1/sys/sysTenant/', admin, { name: '外单位', code: 'rv-other' })).body.data.id;
  await person('outsider', other);
  eng = (await t.call('POST', `${ENG}/`, tok.calc, engineeringBody({ name: '校审工程', code: 'RV-1' }))).body.data.id;
});
afterAll(() => t.close());

describe('signers', () => {
  it('are users of the building\'s tenant, one level each unless the tenant allows more', async () => {
    const body = (over: Record<string, unknown>) => buildingBody(eng, { name: '签署人楼', code: 'RV-S', menus: 'produce', userId: String(ids.calc2), ...over });
    const same = await t.call('POST', `${PROJECT}/`, tok.calc, body({ checkerId: ids.calc2 }));
    expect(same.body.data).toEqual([{ field: 'checkerId', errorMsg: '校对人不能同时是计算人（本单位未允许一人兼任多级）' }]);
    const twice = await t.call('POST', `${PROJECT}/`, tok.calc, body({ checkerId: ids.checker, reviewerId: ids.checker }));
    expect(twice.body.data).toEqual([{ field: 'reviewerId', errorMsg: '审核人不能同时是校对人（本单位未允许一人兼任多级）' }]);
    const foreign = await t.call('POST', `${PROJECT}/`, tok.calc, body({ approverId: ids.outsider }));
    expect(foreign.body.data).toEqual([{ field: 'approverId', errorMsg: '审定人不是本单位的用户' }]);
    expect((await t.call('POST', `${PROJECT}/`, tok.calc, body({ checkerId: ids.checker }))).body.code).toBe(1);
  });
});

describe('the chain', () => {
  it('submit → return with a row comment → resolve → resubmit → 校对 → 审核 → 审定: every step, refusal and notice', async () => {
    const b = await completedBuilding('校审楼');
    expect((await review(b.id)).chain.map((s: { title: string; people: { name: string }[] }) => `${s.title}:${s.people.map((p) => p.name).join('、')}`)).toEqual(['计算:演示用户、李协作', '校对:王校对', '审核:赵审核', '审定:钱审定']);

    // only 计算人 submits, and only a draft
    const bySigner = await t.call('POST', `${R}/submit`, tok.checker, { projectId: b.id });
    expect([bySigner.status, bySigner.body.message]).toEqual([403, '只有计算人（创建人或协作人）可以提交校审']);
    expect((await submit(b.id, tok.calc2)).body.message).toBe('已提交校审');
    expect((await review(b.id)).state).toBe('check');
    expect((await inbox(tok.checker))[0]).toMatchObject({ kind: 'review', title: '请校对单体「校审楼」', link: `/review?id=${b.id}` });
    const again = await submit(b.id);
    expect([again.status, again.body.message]).toEqual([403, '单体「校审楼」修订版 A 处于「待校对」状态，不能再次提交']);

    // out of turn, and by the wrong person
    const early = await t.call('POST', `${R}/approve`, tok.reviewer, { projectId: b.id });
    expect([early.status, early.body.message]).toEqual([403, '单体「校审楼」修订版 A 处于「待校对」状态，应由校对人签署，您不是该单体的校对人']);
    expect((await t.call('POST', `${R}/approve`, tok.calc, { projectId: b.id })).status).toBe(403);

    // 校对人 returns it with a comment on the row
    const back = await t.call('POST', `${R}/return`, tok.checker, { projectId: b.id, comments: [{ content: '钢材用量与结构计算书不符', stage: 'produce', rowId: b.rowId }] });
    expect(back.body.message).toBe('已退回');
    let rv = await review(b.id);
    expect(rv.state).toBe('draft');
    expect(rv.comments).toMatchObject([{ stage: 'produce', rowId: b.rowId, content: '钢材用量与结构计算书不符', level: 'check', author: { name: '王校对' }, status: 'open' }]);
    expect((await inbox(tok.calc2))[0]).toMatchObject({ title: '单体「校审楼」被校对退回' });
    // while a comment is open the building cannot go back
    expect((await submit(b.id)).body.message).toBe('还有 1 条校审意见未处理，请处理后再提交');
    // 计算人 fixes the row (the building is editable again) and resolves the comment; a signer cannot
    const row = (await t.call('GET', `${TPF}/stage/produce/${b.rowId}`, tok.calc)).body.data;
    expect((await t.call('PUT', `${TPF}/stage/produce/`, tok.calc, { ...row, quantity: 120 })).body.code).toBe(1);
    const comment = rv.comments[0].id;
    expect((await t.call('POST', `${R}/comment/${comment}/resolve`, tok.checker, { note: '已改' })).status).toBe(403);
    expect((await t.call('POST', `${R}/comment/${comment}/resolve`, tok.calc, { note: '已按计算书改为 120 t' })).body.message).toBe('已处理');
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
    expect(rv.comments[0]).toMatchObject({ status: 'closed', resolveNote: '已按计算书改为 120 t', resolvedBy: { name: '演示用户' } });
    expect(rv.reportNo).toMatch(new RegExp(`^demo-${new Date().getFullYear()}-\\d{4}$`));
    expect(rv.chain.every((s: { signedAt: string | null }) => s.signedAt)).toBe(true);
    expect(rv.events.map((e: { action: string; toState: string }) => `${e.action}→${e.toState}`)).toEqual(['submit→check', 'return→draft', 'submit→check', 'approve→review', 'approve→approve', 'approve→approved']);
    expect((await inbox(tok.calc))[0]).toMatchObject({ title: '单体「校审楼」已审定' });
    expect(rv.can).toEqual({ submit: false, approve: false, return: false, resolve: false, revise: true });
    const late = await t.call('POST', `${R}/approve`, tok.approver, { projectId: b.id });
    expect([late.status, late.body.message]).toEqual([403, '单体「校审楼」修订版 A 处于「已审定」状态，不在校审中']);
  });

  it('a submission names what is missing: completion, a signer, each flag\'s reason', async () => {
    const b = await completedBuilding('缺项楼', { approverId: null });
    expect((await t.call('POST', `${R}/submit`, tok.calc, { projectId: b.id })).body.message).toBe('请先在单体信息中选择审定人');
    await t.call('PUT', `${PROJECT}/status`, tok.calc, { id: b.id, status: '0' });
    expect((await t.call('POST', `${R}/submit`, tok.calc, { projectId: b.id })).body.message).toBe('请先完成计算并将单体标记为已完成，再提交校审');
    // a flag of the result (stored as the calculation wrote it) must be acknowledged with a reason
    const building = (await t.call('GET', `${PROJECT_V}/${b.id}`, tok.calc)).body.data;
    await t.database.db.updateTable('tpf3_project').set({ approver_id: ids.approver, status: '1', result_detail: JSON.stringify({ ...building.resultDetail, warnings: ['建材生产：第1行 单位无法换算'] }) }).where('id', '=', b.id).execute();
    const flags = (await review(b.id)).flags as string[];
    expect(flags[0]).toBe('建材生产：第1行 单位无法换算');
    // (and the 合理性检查's: 100 t of steel is far below the building type's range)
    expect(flags.slice(1).every((f) => /低于/.test(f))).toBe(true);
    const missing = await t.call('POST', `${R}/submit`, tok.calc, { projectId: b.id, acknowledgements: flags.slice(1).map((text) => ({ text, reason: '示意数据' })) });
    expect(missing.body.message).toBe('请逐条说明以下提示后再提交：建材生产：第1行 单位无法换算');
    const given = flags.map((text) => ({ text, reason: '该行为示意数据，不计入' }));
    expect((await t.call('POST', `${R}/submit`, tok.calc, { projectId: b.id, acknowledgements: given })).body.message).toBe('已提交校审');
    expect((await review(b.id)).events[0].acknowledgements).toEqual(given);
  });

  it('fewer levels when the tenant signs at fewer; one person on two levels when it allows', async () => {
    const demo = Number((await t.database.db.selectFrom('sys_tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()).id);
    const tenant = (await t.call('GET', `/api/sys/v1/sys/sysTenant/${demo}`, admin)).body.data;
    expect((await t.call('PUT', '/api/sys/v1/sys/sysTenant/', admin, { ...tenant, signoffLevels: 2, signoffSamePerson: 1 })).body.code).toBe(1);
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
    expect(mine.find((x: { id: number }) => x.id === b.id)).toMatchObject({ name: '待办楼', engineeringName: '校审工程', state: 'check', role: '校对人', revision: 'A' });
    expect((await t.call('GET', `${R}/mine`, tok.reviewer)).body.data.some((x: { id: number }) => x.id === b.id)).toBe(false);
    // the signer reads the building and its rows (plain users read only their own otherwise)
    expect((await t.call('GET', `${PROJECT_V}/${b.id}`, tok.checker)).body.code).toBe(1);
    expect((await t.call('GET', `${TPF}/stage/produce/?projectId=${b.id}`, tok.checker)).body.data.dataList).toHaveLength(1);
    // … but changes nothing
    expect((await t.call('POST', `${PROJECT}/:id/recalculate/preview`.replace(':id', String(b.id)), tok.outsider, {})).status).toBe(404);
  });
});

describe('the lock', () => {
  it('the database refuses a frozen building\'s rows whoever writes them', async () => {
    const b = await completedBuilding('锁定楼');
    await submit(b.id);
    const write = t.database.db.insertInto('stage_produce').values({ project_id: b.id, material_name: '私自写入', quantity: 1 }).execute();
    await expect(write).rejects.toMatchObject({ code: 'TS403', message: '单体「锁定楼」修订版 A 处于「待校对」状态，已锁定，不能修改' });
    await expect(sql`update tpf3_project set name = '改名' where id = ${b.id}`.execute(t.database.db)).rejects.toMatchObject({ code: 'TS403' });
    await expect(t.database.db.deleteFrom('stage_produce').where('id', '=', b.rowId).execute()).rejects.toMatchObject({ code: 'TS403' });
  });
});

describe('revisions', () => {
  it('a signed revision stays as signed; its successor B is a copy to edit, and the chain starts again', async () => {
    const b = await completedBuilding('修订楼');
    await submit(b.id);
    for (const who of ['checker', 'reviewer', 'approver']) await t.call('POST', `${R}/approve`, tok[who], { projectId: b.id });
    expect((await t.call('POST', `${R}/revise`, tok.checker, { projectId: b.id })).status).toBe(403);
    const next = await t.call('POST', `${R}/revise`, tok.calc2, { projectId: b.id });
    expect(next.body.message).toBe('已新建修订版');
    const rb = await review(next.body.data.id);
    expect(rb).toMatchObject({ name: '修订楼', revision: 'B', revisionOf: b.id, state: 'draft', reportNo: null });
    expect(rb.events.map((e: { action: string }) => e.action)).toEqual(['revise']);
    const rows = (await t.call('GET', `${TPF}/stage/produce/?projectId=${next.body.data.id}`, tok.calc)).body.data.dataList;
    expect(rows.map((r: { quantity: number }) => r.quantity)).toEqual([100]);
    expect((await t.call('PUT', `${TPF}/stage/produce/`, tok.calc, { ...rows[0], quantity: 90 })).body.code).toBe(1);
    // A is unchanged and still readable
    expect((await t.call('GET', `${TPF}/stage/produce/?projectId=${b.id}`, tok.calc)).body.data.dataList[0].quantity).toBe(100);
    expect((await review(b.id)).state).toBe('approved');
  });
});
