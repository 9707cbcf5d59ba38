import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../src/client/providers/dataProvider';
import { setToken } from '../../src/client/providers/tokenStorage';
import { ok, stubFetch } from './fakeApi';

const dp = createDataProvider();
const FACTORS = '/api/tpf/v1/tpf/tpf3BuildMaterial/';

describe('dataProvider (react-admin params ↔ API params)', () => {
  it('getList: page→pageNum, perPage→pageSize, sort → sortField/sortOrder, filters as they are, resource → x-resource.path', async () => {
    setToken('t1', true);
    const { calls } = stubFetch(() => ok({ dataList: [{ id: 1, name: '钢材' }], total: 31 }));
    const res = await dp.getList('tpf3BuildMaterial', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'materialCo', order: 'ASC' },
      filter: { name: '钢', type: '建材', materialCoMin: 1, materialCoMax: 3 },
    });
    expect(res).toEqual({ data: [{ id: 1, name: '钢材' }], total: 31 });
    const { url, method, headers } = calls[0];
    expect(method).toBe('GET');
    expect(url.pathname).toBe(FACTORS);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      pageNum: '2',
      pageSize: '25',
      sortField: 'materialCo',
      sortOrder: 'ascend',
      name: '钢',
      type: '建材',
      materialCoMin: '1',
      materialCoMax: '3',
    });
    expect(headers.get('Access-Token')).toBe('t1');
  });

  it('getList: DESC → descend; system resources use their sys path', async () => {
    const { calls } = stubFetch(() => ok({ dataList: [], total: 0 }));
    await dp.getList('sysUser', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createDate', order: 'DESC' },
      filter: {},
    });
    expect(calls[0].url.pathname).toBe('/api/sys/v1/sys/sysUser/');
    expect(calls[0].url.search).toBe('?pageNum=1&pageSize=10&sortField=createDate&sortOrder=descend');
  });

  it('getOne, create (POST body), update (PUT body with id)', async () => {
    const { calls } = stubFetch((c) => (c.method === 'GET' ? ok({ id: 7, name: 'a' }) : ok({ id: 7 })));
    expect((await dp.getOne('sysRole', { id: 7 })).data).toEqual({ id: 7, name: 'a' });
    await dp.create('sysRole', { data: { roleCode: 'x', roleName: '角色' } });
    await dp.update('sysRole', { id: 7, data: { roleName: '新' }, previousData: { id: 7 } });
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'GET /api/sys/v1/sys/sysRole/7',
      'POST /api/sys/v1/sys/sysRole/',
      'PUT /api/sys/v1/sys/sysRole/',
    ]);
    expect(calls[1].body).toEqual({ roleCode: 'x', roleName: '角色' });
    expect(calls[2].body).toEqual({ roleName: '新', id: 7 });
  });

  it('update answers under the id asked for, though a versioned record answers its new version (a factor edit)', async () => {
    stubFetch(() => ok({ id: 208, name: '新版本', materialCo: 0.256 }));
    const r = await dp.update('tpf3BuildMaterial', {
      id: '207',
      data: { materialCo: 0.256 },
      previousData: { id: 207 },
    });
    expect(r.data).toMatchObject({ id: 207, name: '新版本', materialCo: 0.256 });
  });

  it('delete → DELETE <path>/<id>; deleteMany → one call with repeated ids; clearAll → deleteBatch', async () => {
    const { calls } = stubFetch(() => ok(null));
    expect((await dp.delete('tpf3BuildMaterial', { id: 5, previousData: { id: 5, name: 'x' } })).data).toEqual({
      id: 5,
      name: 'x',
    });
    expect((await dp.deleteMany('tpf3BuildMaterial', { ids: [1, 2, 3] })).data).toEqual([1, 2, 3]);
    await dp.clearAll('tpf3BuildMaterial');
    expect(calls.map((c) => `${c.method} ${c.url.pathname}${c.url.search}`)).toEqual([
      `DELETE ${FACTORS}5`,
      `DELETE ${FACTORS}?ids=1&ids=2&ids=3`,
      `DELETE ${FACTORS}deleteBatch`,
    ]);
  });

  it('dictionary look-ups', async () => {
    const { calls } = stubFetch((c) =>
      c.url.pathname.includes('dropDown')
        ? ok({ V: '已核实', M: '回忆值' })
        : ok([{ value: '1', label: '北京', children: [] }]),
    );
    expect(await dp.getDictDropDown('verification')).toEqual({ V: '已核实', M: '回忆值' });
    expect(await dp.getDictItems('city')).toEqual([{ value: '1', label: '北京', children: [] }]);
    expect(calls.map((c) => c.url.pathname)).toEqual([
      '/api/sys/v1/sys/sysDict/dropDown/verification',
      '/api/sys/v1/sys/sysDict/items/city',
    ]);
  });

  it('rejects with the server message on code 0', async () => {
    stubFetch(() => ({ status: 200, body: { code: 0, message: '该数据已被引用，无法删除', data: null } }));
    await expect(dp.delete('sysRole', { id: 1, previousData: { id: 1 } })).rejects.toMatchObject({
      message: '该数据已被引用，无法删除',
    });
  });
});
