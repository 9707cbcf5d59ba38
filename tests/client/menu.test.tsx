// The module sidebar items and the route titles of the module pages.
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setToken } from '../../src/client/providers/tokenStorage';
import { clearCurrentBuilding, setCurrentBuilding, STORAGE_KEYS } from '../../src/client/session/currentBuilding';
import { menuGroups, moduleItems } from '../../src/client/layout/menuItems';
import { crumbsOf, moduleOf } from '../../src/client/layout/routeMeta';
import { ok, plainUser, stubFetch } from './fakeApi';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/buildings/BuildingList';

const budgetBuilding = { id: 7, name: '七号楼', computeMethod: 'budget', standard: 'GB', menus: 'produce,runtime' };

const summary = (items: ReturnType<typeof moduleItems>) => items.map((e) => `${e.label}${e.disabled ? '×' : ''}`);

describe('module sidebar items', () => {
  it('estimate: list, 新建项目, the wizard stages only, results; stages disabled without a building', () => {
    const items = moduleItems('estimate', undefined);
    expect(items.map((e) => e.to)).toEqual([
      '/estimate/project/list',
      '/estimate/project/info',
      '/estimate/produce',
      '/estimate/runtime',
      '/estimate/waste',
      '/estimate/green',
      '/estimate/result',
      '/estimate/compare',
    ]);
    expect(summary(items)).toEqual([
      '单体建筑列表',
      '新建项目',
      '建筑物化及拆除×',
      '建筑运行×',
      '废弃物处理×',
      '碳汇×',
      '计算结果',
      '建筑对比',
    ]);
  });

  it('accounting: 建筑概况 and every stage in order, supplement first and voucher last', () => {
    expect(summary(moduleItems('accounting', undefined))).toEqual([
      '单体建筑列表',
      '建筑概况',
      '核算信息补充×',
      '建材生产×',
      '建材运输×',
      '建筑建造×',
      '建筑拆除×',
      '建筑运行×',
      '建筑维护改造×',
      '建筑改造拆除×',
      '核算凭证管理×',
      '计算结果',
      '建筑对比',
    ]);
  });

  it('with a building of the module only its menus are enabled; a building of another module enables none', () => {
    expect(summary(moduleItems('budget', budgetBuilding as never))).toEqual([
      '单体建筑列表',
      '项目信息',
      '建材生产',
      '建材运输×',
      '建筑建造×',
      '建筑拆除×',
      '建筑运行',
      '废弃物处理×',
      '碳汇×',
      '计算结果',
      '建筑对比',
    ]);
    expect(
      moduleItems('estimate', budgetBuilding as never)
        .filter((e) => !e.disabled)
        .map((e) => e.label),
    ).toEqual(['单体建筑列表', '新建项目', '计算结果', '建筑对比']);
  });

  it('common items gain 项目管理 and 单体建筑列表; module items only on module routes', () => {
    const g = menuGroups([], undefined);
    expect(g.common.map((e) => e.to)).toEqual([
      '/dashboard',
      '/project/manage',
      '/project/list',
      '/apply/project',
      '/divisor',
      '/divisor/lookup',
      '/divisor/benchmark',
    ]);
    expect(g.module).toEqual([]);
    expect(menuGroups([], 'budget').module).toHaveLength(11);
    expect(menuGroups([], 'sys').module).toEqual([]);
  });

  it('breadcrumbs and module names of the module routes', () => {
    expect(crumbsOf('/project/list')).toEqual([{ label: '单体建筑列表' }]);
    expect(crumbsOf('/project/manage')).toEqual([{ label: '项目管理' }]);
    expect(crumbsOf('/budget/project/list')).toEqual([{ label: '建筑碳排放概预算' }, { label: '单体建筑列表' }]);
    expect(crumbsOf('/accounting/project/info')).toEqual([
      { label: '建筑碳排放核算' },
      { label: '单体建筑列表', to: '/accounting/project/list' },
      { label: '建筑概况' },
    ]);
    expect(crumbsOf('/estimate/produce').at(-1)).toEqual({ label: '建筑物化及拆除' });
    expect(crumbsOf('/accounting/voucher').at(-1)).toEqual({ label: '核算凭证管理' });
    expect(crumbsOf('/budget/result').at(-1)).toEqual({ label: '计算结果' });
    expect(crumbsOf('/budget/compare').at(-1)).toEqual({ label: '建筑对比' });
    expect(crumbsOf('/estimate/trans')).toEqual([]);
    expect(moduleOf('/accounting/project/list')?.name).toBe('建筑碳排放核算');
    expect(moduleOf('/project/list')).toBeUndefined();
  });
});

describe('the sidebar in the app', () => {
  const item = (name: string) => screen.getAllByRole('menuitem', { name }).at(-1)!;

  it('stage items are disabled without a building, follow the selected building, and re-read on storage events', async () => {
    setToken('tok', false);
    stubFetch((c) => (c.url.pathname.endsWith('currentUser') ? ok(plainUser) : ok({ dataList: [], total: 0 })));
    renderApp('/budget/project/list');
    await screen.findByText('暂无数据');
    expect(item('建材生产')).toHaveAttribute('aria-disabled', 'true');
    expect(item('建筑运行')).toHaveAttribute('aria-disabled', 'true');
    expect(item('新建项目')).not.toHaveAttribute('aria-disabled');
    expect(item('计算结果')).not.toHaveAttribute('aria-disabled');
    expect(item('建筑对比')).not.toHaveAttribute('aria-disabled');
    // the module's own list replaces the all-modules one
    expect(screen.getAllByRole('menuitem', { name: '单体建筑列表' }).map((m) => m.getAttribute('href'))).toEqual([
      '/budget/project/list',
    ]);
    // a disabled item does not navigate
    fireEvent.click(item('建材生产'));
    expect(window.location.pathname).toBe('/budget/project/list');

    act(() => setCurrentBuilding(budgetBuilding));
    await waitFor(() => expect(item('建材生产')).not.toHaveAttribute('aria-disabled'));
    expect(item('建筑运行')).not.toHaveAttribute('aria-disabled');
    expect(item('建材运输')).toHaveAttribute('aria-disabled', 'true');
    expect(item('项目信息')).toHaveAttribute('href', '/budget/project/info');

    // another tab picks a building whose menus differ
    act(() => {
      localStorage.setItem(STORAGE_KEYS.projectInfo, JSON.stringify({ ...budgetBuilding, menus: 'trans' }));
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.projectInfo }));
    });
    await waitFor(() => expect(item('建材运输')).not.toHaveAttribute('aria-disabled'));
    expect(item('建材生产')).toHaveAttribute('aria-disabled', 'true');

    act(() => clearCurrentBuilding());
    await waitFor(() => expect(item('建材运输')).toHaveAttribute('aria-disabled', 'true'));
  });
});
