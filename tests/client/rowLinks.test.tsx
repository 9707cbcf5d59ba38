// x-resource.rowLinks: the generic list draws a schema's row links beside 编辑/删除, for every reader —
// the factor library's 历史版本 opens the factor's version history (src/client/factors/), which before was
// reachable only from a building's recalculation dialog.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { tpf3BuildMaterial } from '../../schemas/factors/tpf3BuildMaterial';
import { VERSIONS_PATH } from '../../src/client/factors/routes';
import { setToken } from '../../src/client/providers/tokenStorage';
import { fail, groupAdmin, ok, plainUser, stubFetch, type Call } from './fakeApi';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/admin/SchemaList';
import '../../src/client/factors/FactorVersionsPage';

const factor = {
  id: 7,
  type: '建材',
  smallType: '钢材',
  name: '普通碳钢',
  unit: 't',
  materialCo: 2.05,
  coUnit: 'tCO2e/t',
  source: '附录D',
  verification: 'V',
  version: 2,
  createDate: '2026-01-02T03:04:05Z',
};
const versions = [
  { ...factor, supersededBy: null },
  { ...factor, id: 3, version: 1, materialCo: 2.1, supersededBy: 7, createDate: '2025-06-01T00:00:00Z' },
];

function api(user: object) {
  return stubFetch((c: Call) => {
    const p = c.url.pathname;
    if (p === '/api/sys/v1/sys/sysUser/currentUser') return ok(user);
    if (p === '/api/tpf/v1/tpf/tpf3BuildMaterial/') return ok({ dataList: [factor], total: 1 });
    if (p === '/api/tpf/v1/tpf/tpf3BuildMaterial/7/versions') return ok(versions);
    if (p.startsWith('/api/sys/v1/sys/sysDict/dropDown/')) return ok({});
    return fail(404, '很抱歉，资源未找到!');
  });
}

describe('row links of a generic list', () => {
  it('the factor schema declares 历史版本 on the route of the versions page', () => {
    expect(tpf3BuildMaterial['x-resource'].rowLinks).toEqual([{ label: '历史版本', route: VERSIONS_PATH }]);
  });

  it('/divisor: 历史版本 on each row, beside 编辑/删除, opens the factor version history', async () => {
    setToken('tok', false);
    const { calls } = api(groupAdmin);
    renderApp('/divisor');
    const table = await screen.findByRole('table');
    const row = (await within(table).findByText('普通碳钢')).closest('tr')!;
    expect(within(row).getByRole('link', { name: '编辑' })).toHaveAttribute('href', '/divisor/7');
    const link = within(row).getByRole('link', { name: '历史版本' });
    expect(link).toHaveAttribute('href', '/factors/versions/7');
    fireEvent.click(link);
    expect(await screen.findByRole('table', { name: '因子历史版本' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/factors/versions/7');
    expect(screen.getByText('第 1 版')).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/tpf/v1/tpf/tpf3BuildMaterial/7/versions')).toBe(true);
  });

  it('a reader who may not write still gets 历史版本, and no 编辑/删除', async () => {
    setToken('tok', false);
    api(plainUser);
    renderApp('/divisor');
    const row = (await screen.findByText('普通碳钢')).closest('tr')!;
    expect(within(row).getByRole('link', { name: '历史版本' })).toHaveAttribute('href', '/factors/versions/7');
    expect(within(row).queryByRole('link', { name: '编辑' })).toBeNull();
    expect(within(row).queryByRole('button', { name: '删除' })).toBeNull();
  });
});
