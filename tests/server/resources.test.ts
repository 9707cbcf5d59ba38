import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
const F = '/api/tpf/v1/tpf/tpf3BuildMaterial';

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const list = async (query: string, token = admin) => t.call('GET', `${F}/?${query}`, token);

describe('lists', () => {
  it('pages the seeded factor library', async () => {
    const all = await list('pageNum=1&pageSize=-1');
    expect(all.status).toBe(200);
    const total = all.body.data.total;
    expect(total).toBeGreaterThan(150);
    expect(all.body.data.dataList).toHaveLength(total);
    const p1 = (await list('pageNum=1&pageSize=10')).body.data;
    const p2 = (await list('pageNum=2&pageSize=10')).body.data;
    expect(p1.total).toBe(total);
    expect(p1.dataList).toHaveLength(10);
    expect(p2.dataList).toHaveLength(10);
    expect(p1.dataList.map((r: { id: number }) => r.id)).not.toContain(p2.dataList[0].id);
    // defaults: page 1, size 10, createDate descending (ties by id descending)
    const def = (await list('')).body.data.dataList.map((r: { id: number }) => r.id);
    expect(def).toEqual(p1.dataList.map((r: { id: number }) => r.id));
    expect(def).toEqual([...def].sort((a, b) => b - a));
    const rec = p1.dataList[0];
    expect(Object.keys(rec)).toEqual(
      expect.arrayContaining(['id', 'createDate', 'updateDate', 'createBy', 'tenantId', 'type', 'name', 'unit']),
    );
    expect(rec.createDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('filters eq, like and range, and sorts', async () => {
    const r = (
      await list(
        'pageSize=-1&type=%E5%BB%BA%E6%9D%90&smallType=%E6%B7%B7%E5%87%9D%E5%9C%9F&sortField=materialCo&sortOrder=ascend',
      )
    ).body.data; // 建材 / 混凝土
    expect(r.total).toBeGreaterThan(0);
    expect(
      r.dataList.every((x: { type: string; smallType: string }) => x.type === '建材' && x.smallType === '混凝土'),
    ).toBe(true);
    const cos = r.dataList.map((x: { materialCo: number }) => x.materialCo);
    expect(cos).toEqual([...cos].sort((a, b) => a - b));
    const c30 = (await list(`pageSize=-1&name=${encodeURIComponent('C30混凝土')}`)).body.data;
    expect(c30.dataList.map((x: { name: string; materialCo: number }) => [x.name, x.materialCo])).toEqual([
      ['C30混凝土', 295],
    ]);
    const range = (await list('pageSize=-1&materialCoMin=290&materialCoMax=300&type=%E5%BB%BA%E6%9D%90')).body.data;
    expect(range.dataList.length).toBeGreaterThan(0);
    expect(range.dataList.every((x: { materialCo: number }) => x.materialCo >= 290 && x.materialCo <= 300)).toBe(true);
    expect(range.dataList.map((x: { name: string }) => x.name)).toContain('C30混凝土');
    const desc = (await list('pageSize=5&sortField=name&sortOrder=descend')).body.data.dataList.map(
      (x: { name: string }) => x.name,
    );
    expect(desc).toHaveLength(5);
  });

  it('escapes % and _ in like filters', async () => {
    await t.call('POST', `${F}/`, admin, { type: '测试', name: '含_下划线%百分号', unit: 't' });
    await t.call('POST', `${F}/`, admin, { type: '测试', name: '含X下划线Y百分号', unit: 't' });
    const r = (await list(`pageSize=-1&name=${encodeURIComponent('_下划线%')}`)).body.data;
    expect(r.dataList.map((x: { name: string }) => x.name)).toEqual(['含_下划线%百分号']);
  });

  it('refuses unknown sort fields, sort orders and query parameters with 400', async () => {
    expect((await list('sortField=password')).body).toEqual({
      code: 0,
      message: '不支持的排序字段: password',
      data: null,
    });
    expect((await list('sortField=remarks')).status).toBe(400);
    expect((await list('sortField=name&sortOrder=asc')).body).toEqual({
      code: 0,
      message: '不支持的排序方式: asc',
      data: null,
    });
    const unknown = await list('tenantId=1');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ code: 0, message: '不支持的查询参数: tenantId', data: null });
    expect((await list('remarks=x')).body.message).toBe('不支持的查询参数: remarks');
    expect((await list('sortField=id)%20desc;%20select%20pg_sleep(2)--')).status).toBe(400);
    const badPage = await list('pageNum=abc');
    expect(badPage.status).toBe(400);
    expect(badPage.body.code).toBe(2);
    expect(badPage.body.data).toEqual([{ field: 'pageNum', errorMsg: '页码应当是整数' }]);
    expect((await list('pageSize=0')).status).toBe(400);
    expect((await list('type=a&type=b')).status).toBe(400);
  });
});

describe('create, read, update, delete', () => {
  it('creates, ignoring client-set system fields, reads and updates', async () => {
    const body = {
      type: '建材',
      smallType: '钢材',
      name: '测试钢',
      unit: 't',
      materialCo: 2310.5,
      verification: 'M',
      id: 99999,
      tenantId: null,
      createBy: 777,
      createDate: '2000-01-01',
    };
    const c = await t.call('POST', `${F}/`, admin, body);
    expect(c.status).toBe(200);
    expect(c.body.code).toBe(1);
    expect(c.body.message).toBe('保存成功！');
    const rec = c.body.data;
    expect(rec.id).not.toBe(99999);
    expect(rec.createBy).toBe(1);
    expect(rec.createDate.startsWith('2000')).toBe(false);
    expect(rec).toMatchObject({
      type: '建材',
      smallType: '钢材',
      name: '测试钢',
      unit: 't',
      materialCo: 2310.5,
      verification: 'M',
      tenantId: null,
    });
    const got = await t.call('GET', `${F}/${rec.id}`, admin);
    expect(got.body.data).toEqual(rec);
    const upd = await t.call('PUT', `${F}/`, admin, { ...rec, remarks: '改' });
    expect(upd.body.data).toMatchObject({ id: rec.id, materialCo: 2310.5, remarks: '改', createDate: rec.createDate });
    expect(new Date(upd.body.data.updateDate).getTime()).toBeGreaterThanOrEqual(new Date(rec.updateDate).getTime());
    // PUT replaces: a property left out is cleared (a factor's value changed: a new version —
    // tests/server/factorVersions.test.ts)
    const cleared = await t.call('PUT', `${F}/`, admin, {
      id: rec.id,
      type: '建材',
      name: '测试钢',
      unit: 't',
      materialCo: null,
    });
    expect(cleared.body.data.smallType).toBeUndefined();
    expect(cleared.body.data.materialCo).toBeNull();
    expect(cleared.body.data.remarks).toBeUndefined();
    const current = cleared.body.data.id;
    for (const id of [current, rec.id]) {
      const del = await t.call('DELETE', `${F}/${id}`, admin);
      expect(del.body).toEqual({ code: 1, message: '删除成功!', data: null });
    }
    expect((await t.call('GET', `${F}/${rec.id}`, admin)).status).toBe(404);
    expect((await t.call('DELETE', `${F}/${rec.id}`, admin)).status).toBe(404);
    expect((await t.call('PUT', `${F}/`, admin, { ...rec })).status).toBe(404);
  });

  it('code 2 lists every failing field of a bad factor in Chinese', async () => {
    const r = await t.call('POST', `${F}/`, admin, {
      type: '',
      unit: 'x'.repeat(31),
      materialCo: 'abc',
      verification: 'X',
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(2);
    expect(r.body.message).toBe('表单校验失败, 请检查输入!');
    expect(r.body.data).toEqual(
      expect.arrayContaining([
        { field: 'name', errorMsg: '请输入名称' },
        { field: 'type', errorMsg: '类型不应少于 1 个字符' },
        { field: 'unit', errorMsg: '单位不应多于 30 个字符' },
        { field: 'materialCo', errorMsg: '碳排放因子应当是数字' },
      ]),
    );
    expect(r.body.data.map((e: { field: string }) => e.field).sort()).toEqual([
      'materialCo',
      'name',
      'type',
      'unit',
      'verification',
    ]);
    expect((await t.call('PUT', `${F}/`, admin, { type: 'x', name: 'y', unit: 't' })).body.data).toEqual([
      { field: 'id', errorMsg: '请输入ID' },
    ]);
  });

  it('code 2 on a bad sysUser: every field, password required, user name taken', async () => {
    const U = '/api/sys/v1/sys/sysUser/';
    const r = await t.call('POST', U, admin, { userName: 'x y', phone: '12', roleList: ['boss'] });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(2);
    const byField = Object.fromEntries(
      r.body.data.map((e: { field: string; errorMsg: string }) => [e.field, e.errorMsg]),
    );
    expect(byField).toMatchObject({
      name: '请输入姓名',
      password: '请输入密码',
      userName: '登录账号只能包含字母、数字和 _ . @ -',
      phone: '请输入正确的手机号',
    });
    expect(Object.keys(byField)).toContain('roleList.0');
    const taken = await t.call('POST', U, admin, { userName: 'demo_user', name: '重复', password: 'Dup-Pass-1234' });
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({
      code: 2,
      message: '表单校验失败, 请检查输入!',
      data: [{ field: 'userName', errorMsg: '登录账号已存在' }],
    });
    const short = await t.call('POST', U, admin, { userName: 'shorty', name: '短', password: 'short' });
    expect(short.body.data).toEqual([{ field: 'password', errorMsg: '密码不应少于 8 个字符' }]);
  });

  it('never returns the password of a user', async () => {
    const users = await t.call('GET', '/api/sys/v1/sys/sysUser/?pageSize=-1', admin);
    expect(users.body.data.total).toBeGreaterThanOrEqual(4);
    expect(JSON.stringify(users.body)).not.toMatch(/password|argon2/i);
  });

  it('an invalid id is not found', async () => {
    expect((await t.call('GET', `${F}/abc`, admin)).status).toBe(404);
    expect((await t.call('GET', `${F}/0`, admin)).status).toBe(404);
  });
});

describe('dictionaries', () => {
  it('dropDown maps value to label for any user; items gives the tree', async () => {
    const trial = await t.login('demo_trial');
    const d = await t.call('GET', '/api/sys/v1/sys/sysDict/dropDown/status', trial);
    expect(d.body).toEqual({ code: 1, message: '操作成功', data: { '0': '停用', '1': '启用' } });
    const tree = await t.call('GET', '/api/sys/v1/sys/sysDict/items/buildType', trial);
    expect(tree.body.data.map((x: { value: string }) => x.value)).toContain('公共建筑');
    expect(tree.body.data.find((x: { value: string }) => x.value === '公共建筑').children.length).toBeGreaterThan(5);
    const flat = (await t.call('GET', '/api/sys/v1/sys/sysDict/dropDown/buildType', trial)).body.data;
    expect(flat['办公建筑']).toBe('办公建筑');
    expect((await t.call('GET', '/api/sys/v1/sys/sysDict/dropDown/noSuchDict', trial)).status).toBe(404);
    expect((await t.call('GET', '/api/sys/v1/sys/sysDict/', trial)).status).toBe(403);
  });
});

describe('batch delete and clear', () => {
  const make = async (name: string) =>
    (await t.call('POST', `${F}/`, admin, { type: '批量', name, unit: 't', materialCo: 1 })).body.data.id as number;

  it('deletes several ids given as a repeated parameter, all or nothing', async () => {
    const ids = [await make('b1'), await make('b2'), await make('b3')];
    const missing = await t.call('DELETE', `${F}/?ids=${ids[0]}&ids=999999`, admin);
    expect(missing.status).toBe(404);
    expect((await t.call('GET', `${F}/${ids[0]}`, admin)).status).toBe(200);
    const r = await t.call('DELETE', `${F}/?ids=${ids[0]}&ids=${ids[1]}`, admin);
    expect(r.body).toEqual({ code: 1, message: '删除成功!', data: 2 });
    const left = (await list(`pageSize=-1&type=${encodeURIComponent('批量')}`)).body.data.dataList.map(
      (x: { id: number }) => x.id,
    );
    expect(left).toEqual([ids[2]]);
    const one = await t.call('DELETE', `${F}/?ids=${ids[2]}`, admin);
    expect(one.body.data).toBe(1);
    expect((await t.call('DELETE', `${F}/`, admin)).status).toBe(400);
  });

  it('deleteBatch clears what the caller may write', async () => {
    const ga = await t.login('demo_admin');
    for (const n of ['g1', 'g2'])
      expect((await t.call('POST', `${F}/`, ga, { type: '集团', name: n, unit: 't' })).body.code).toBe(1);
    const before = (await list('pageSize=1')).body.data.total;
    const r = await t.call('DELETE', `${F}/deleteBatch`, ga);
    expect(r.body).toEqual({ code: 1, message: '清空数据成功!', data: 2 });
    expect((await list('pageSize=1')).body.data.total).toBe(before - 2);
    // projectId is accepted (stage tables) and ignored where the schema has none
    expect((await t.call('DELETE', `${F}/deleteBatch?projectId=5`, ga)).body.data).toBe(0);
    expect((await t.call('DELETE', `${F}/deleteBatch?other=5`, ga)).status).toBe(400);
  });

  it('clearing users keeps the caller', async () => {
    const ga = await t.login('demo_admin');
    const r = await t.call('DELETE', '/api/sys/v1/sys/sysUser/deleteBatch', ga);
    expect(r.body.data).toBe(2); // demo_user and demo_trial
    expect((await t.call('GET', '/api/sys/v1/sys/sysUser/currentUser', ga)).status).toBe(200);
    const self = (await t.call('GET', '/api/sys/v1/sys/sysUser/currentUser', ga)).body.data.userId;
    expect((await t.call('DELETE', `/api/sys/v1/sys/sysUser/${self}`, ga)).body).toEqual({
      code: 0,
      message: '不能删除当前登录账号',
      data: null,
    });
  });
});
