// Cross-tenant isolation: another tenant's record is "not found", lists never
// show it, role checks answer 403, and the shared factor library mixes system rows with the tenant's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let aAdmin: string; // demo_admin, groupAdmin of tenant A (演示集团)
let aUser: string; // demo_user of tenant A
let bAdmin: string; // groupAdmin of tenant B, created through the admin API
let bUser: string;
let tenantA: number;
let tenantB: number;

const ORG = '/api/sys/v1/sys/sysOrganization';
const USER = '/api/sys/v1/sys/sysUser';
const NOTIFY = '/api/sys/v1/sys/sysNotify';
const NOTICE = '/api/sys/v1/sys/sysNotice';
const F = '/api/tpf/v1/tpf/tpf3BuildMaterial';
const NOT_FOUND = { code: 0, message: '很抱歉，资源未找到!', data: null };
const FORBIDDEN = { code: 0, message: '没有权限，拒绝访问!', data: null };

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin');
  aAdmin = await t.login('demo_admin');
  aUser = await t.login('demo_user');
  tenantA = (await t.call('GET', `${USER}/currentUser`, aAdmin)).body.data.tenantId;
  const tb = await t.call('POST', '/api/sys/v1/sys/sysTenant/', admin, { name: '乙集团', code: 'tenantB', status: 1 });
  expect(tb.body.code).toBe(1);
  tenantB = tb.body.data.id;
  for (const [userName, roleList] of [
    ['b_admin', ['groupAdmin']],
    ['b_user', []],
  ] as const) {
    const r = await t.call('POST', `${USER}/`, admin, {
      userName,
      name: userName,
      password: `${userName}-Pass-1`,
      roleList,
      tenantId: tenantB,
    });
    expect(r.body.data.tenantId).toBe(tenantB);
  }
  bAdmin = await t.login('b_admin', 'b_admin-Pass-1');
  bUser = await t.login('b_user', 'b_user-Pass-1');
});
afterAll(() => t.close());

describe('tenant-scoped records', () => {
  it("tenant B cannot read, update or delete tenant A's organisation, and its list never shows it", async () => {
    const created = await t.call('POST', `${ORG}/`, aAdmin, { name: '甲子公司', code: 'A1', tenantId: tenantB });
    expect(created.body.data.tenantId).toBe(tenantA); // a group admin cannot place rows in another tenant
    const org = created.body.data;

    expect((await t.call('GET', `${ORG}/${org.id}`, aAdmin)).body.data.name).toBe('甲子公司');
    const read = await t.call('GET', `${ORG}/${org.id}`, bAdmin);
    expect([read.status, read.body]).toEqual([404, NOT_FOUND]);
    const upd = await t.call('PUT', `${ORG}/`, bAdmin, { ...org, name: '被改' });
    expect([upd.status, upd.body]).toEqual([404, NOT_FOUND]);
    const del = await t.call('DELETE', `${ORG}/${org.id}`, bAdmin);
    expect([del.status, del.body]).toEqual([404, NOT_FOUND]);
    expect((await t.call('DELETE', `${ORG}/?ids=${org.id}`, bAdmin)).status).toBe(404);
    expect((await t.call('DELETE', `${ORG}/deleteBatch`, bAdmin)).body.data).toBe(0);

    const bList = (await t.call('GET', `${ORG}/?pageSize=-1`, bAdmin)).body.data;
    expect(bList).toEqual({ dataList: [], total: 0 });
    const filtered = (await t.call('GET', `${ORG}/?pageSize=-1&code=A1`, bAdmin)).body.data;
    expect(filtered.total).toBe(0);
    const aList = (await t.call('GET', `${ORG}/?pageSize=-1`, aAdmin)).body.data.dataList
      .map((o: { name: string }) => o.name)
      .sort();
    expect(aList).toEqual(['演示集团总部', '甲子公司']);

    // unchanged, as the super admin sees it; and the owner can still change it
    const seen = (await t.call('GET', `${ORG}/${org.id}`, admin)).body.data;
    expect(seen).toEqual(org);
    expect((await t.call('PUT', `${ORG}/`, aAdmin, { ...org, name: '甲子公司二' })).body.data.name).toBe('甲子公司二');
  });

  it("users and notifications of tenant A are invisible to tenant B's users", async () => {
    const aUsers = (await t.call('GET', `${USER}/?pageSize=-1`, aAdmin)).body.data.dataList
      .map((u: { userName: string }) => u.userName)
      .sort();
    expect(aUsers).toEqual(['demo_admin', 'demo_trial', 'demo_user']);
    const bUsers = (await t.call('GET', `${USER}/?pageSize=-1`, bAdmin)).body.data.dataList
      .map((u: { userName: string }) => u.userName)
      .sort();
    expect(bUsers).toEqual(['b_admin', 'b_user']);
    const demoUserId = (await t.call('GET', `${USER}/currentUser`, aUser)).body.data.userId;
    expect((await t.call('GET', `${USER}/${demoUserId}`, bAdmin)).status).toBe(404);

    const n = await t.call('POST', `${NOTICE}/`, aAdmin, { title: '甲集团通知', content: '内容' });
    expect(n.body.code).toBe(1);
    expect(
      (await t.call('GET', `${NOTIFY}/?pageSize=-1`, aUser)).body.data.dataList.map((x: { title: string }) => x.title),
    ).toEqual(['甲集团通知']);
    expect((await t.call('GET', `${NOTIFY}/?pageSize=-1`, bUser)).body.data).toEqual({ dataList: [], total: 0 });
    const delivered = (await t.call('GET', `${NOTIFY}/?pageSize=-1`, aUser)).body.data.dataList[0];
    expect((await t.call('GET', `${NOTIFY}/${delivered.id}`, bUser)).status).toBe(404);
    expect((await t.call('GET', `${NOTICE}/${n.body.data.id}`, bAdmin)).status).toBe(404);
  });

  it('references must stay inside the tenant', async () => {
    const aOrg = (await t.call('GET', `${ORG}/?pageSize=1&code=HQ`, aAdmin)).body.data.dataList[0];
    const r = await t.call('POST', `${USER}/`, bAdmin, {
      userName: 'b_sneaky',
      name: '越界',
      password: 'Sneaky-Pass-1',
      orgId: aOrg.id,
    });
    expect(r.status).toBe(400);
    expect(r.body.data).toEqual([{ field: 'orgId', errorMsg: '所属组织不存在' }]);
  });
});

describe('roles', () => {
  it('group admins cannot use super-admin resources', async () => {
    expect((await t.call('GET', '/api/sys/v1/sys/sysRole/', aAdmin)).body).toEqual(FORBIDDEN);
    expect((await t.call('GET', '/api/sys/v1/sys/sysRole/', aAdmin)).status).toBe(403);
    expect(
      (await t.call('GET', '/api/sys/v1/sys/sysRole/?pageSize=-1', admin)).body.data.dataList
        .map((r: { roleCode: string }) => r.roleCode)
        .sort(),
    ).toEqual(['admin', 'dataAdmin', 'groupAdmin']);
    expect((await t.call('POST', '/api/sys/v1/sys/sysTenant/', aAdmin, { name: 'x', code: 'x' })).status).toBe(403);
    expect((await t.call('GET', '/api/sys/v1/sys/sysConfig/', aAdmin)).status).toBe(403);
    expect((await t.call('GET', '/api/sys/v1/sys/cache/', aAdmin)).status).toBe(403);
    expect((await t.call('GET', `${USER}/`, aUser)).status).toBe(403);
    expect((await t.call('POST', `${ORG}/`, aUser, { name: '无权' })).status).toBe(403);
  });

  it('a group admin cannot grant the admin role', async () => {
    const c = await t.call('POST', `${USER}/`, aAdmin, {
      userName: 'would_be',
      name: '想当',
      password: 'Would-Be-Pass-1',
      roleList: ['admin'],
    });
    expect([c.status, c.body]).toEqual([403, FORBIDDEN]);
    const self = (await t.call('GET', `${USER}/currentUser`, aAdmin)).body.data;
    const me = (await t.call('GET', `${USER}/${self.userId}`, aAdmin)).body.data;
    const u = await t.call('PUT', `${USER}/`, aAdmin, { ...me, roleList: ['groupAdmin', 'admin'] });
    expect(u.status).toBe(403);
    expect((await t.call('GET', `${USER}/currentUser`, aAdmin)).body.data.roleList).toEqual(['groupAdmin']);
    const ok = await t.call('POST', `${USER}/`, aAdmin, {
      userName: 'a_data',
      name: '数据员',
      password: 'A-Data-Pass-1',
      roleList: ['dataAdmin'],
    });
    expect(ok.body.data).toMatchObject({ tenantId: tenantA, roleList: ['dataAdmin'] });
  });

  it('a user reads their own tenant only', async () => {
    const own = await t.call('GET', `/api/sys/v1/sys/sysTenant/${tenantA}`, aUser);
    expect(own.body.data).toMatchObject({ id: tenantA, name: '演示集团', code: 'demo' });
    expect((await t.call('GET', `/api/sys/v1/sys/sysTenant/${tenantB}`, aUser)).status).toBe(403);
    expect((await t.call('GET', '/api/sys/v1/sys/sysTenant/', aUser)).status).toBe(403);
  });
});

describe('shared factor library', () => {
  it('everyone reads the system rows; a tenant’s own rows stay in the tenant', async () => {
    const systemTotal = (await t.call('GET', `${F}/?pageSize=1`, bUser)).body.data.total;
    expect(systemTotal).toBeGreaterThan(150);
    const aSees = (await t.call('GET', `${F}/?pageSize=-1`, aUser)).body.data;
    expect(aSees.total).toBe(systemTotal);
    expect(aSees.dataList.every((r: { tenantId: number | null }) => r.tenantId === null)).toBe(true);

    const mine = await t.call('POST', `${F}/`, aAdmin, {
      type: '建材',
      name: '甲集团自有因子',
      unit: 't',
      materialCo: 12.5,
      verification: 'U',
    });
    expect(mine.body.data.tenantId).toBe(tenantA);
    expect((await t.call('GET', `${F}/?pageSize=1`, aUser)).body.data.total).toBe(systemTotal + 1);
    expect(
      (await t.call('GET', `${F}/?pageSize=-1&name=${encodeURIComponent('甲集团自有')}`, aUser)).body.data.dataList,
    ).toHaveLength(1);
    expect((await t.call('GET', `${F}/?pageSize=1`, bUser)).body.data.total).toBe(systemTotal);
    expect(
      (await t.call('GET', `${F}/?pageSize=-1&name=${encodeURIComponent('甲集团自有')}`, bUser)).body.data.total,
    ).toBe(0);
    expect((await t.call('GET', `${F}/${mine.body.data.id}`, bUser)).status).toBe(404);
    expect((await t.call('PUT', `${F}/`, bAdmin, { ...mine.body.data, materialCo: 1 })).status).toBe(404);
    expect((await t.call('DELETE', `${F}/${mine.body.data.id}`, bAdmin)).status).toBe(404);
    // the super admin sees every row
    expect((await t.call('GET', `${F}/?pageSize=1`, admin)).body.data.total).toBe(systemTotal + 1);
  });

  it('a group admin cannot change a system row: 403, because the row is visible to them', async () => {
    const sys = (await t.call('GET', `${F}/?pageSize=1&name=${encodeURIComponent('C30混凝土')}`, aAdmin)).body.data
      .dataList[0];
    expect(sys).toMatchObject({ tenantId: null, materialCo: 295 });
    const put = await t.call('PUT', `${F}/`, aAdmin, { ...sys, materialCo: 1 });
    expect([put.status, put.body]).toEqual([403, FORBIDDEN]);
    expect((await t.call('DELETE', `${F}/${sys.id}`, aAdmin)).status).toBe(403);
    const own = (await t.call('POST', `${F}/`, aAdmin, { type: '建材', name: '批量自有', unit: 't' })).body.data;
    expect((await t.call('DELETE', `${F}/?ids=${own.id}&ids=${sys.id}`, aAdmin)).status).toBe(403);
    expect((await t.call('GET', `${F}/${own.id}`, aAdmin)).status).toBe(200); // all or nothing
    expect((await t.call('GET', `${F}/${sys.id}`, admin)).body.data.materialCo).toBe(295);
    // plain users do not write factors at all
    expect((await t.call('POST', `${F}/`, aUser, { type: '建材', name: 'x', unit: 't' })).status).toBe(403);
    // the super admin does
    expect((await t.call('PUT', `${F}/`, admin, { ...sys, remarks: '核对' })).body.data.remarks).toBe('核对');
  });
});
