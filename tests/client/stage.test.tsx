// The stage-route guard and the wizard frame, and the result summary.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '../../src/client/providers/tokenStorage';
import { setCurrentBuilding } from '../../src/client/session/currentBuilding';
import { buildingStages, moduleStages, nextRoute, previousRoute } from '../../src/client/buildings/wizard';
import { ok, plainUser, stubFetch, type Call } from './fakeApi';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/buildings/form/BuildingForm';
import '../../src/client/pages/NotFound';
import '../../src/client/results/ComparePage';
import '../../src/client/results/ResultRoute';
import '../../src/client/stages/StagePage';

const building = { id: 7, name: '七号楼', computeMethod: 'budget', standard: 'GB', menus: 'produce,trans,runtime' };

function api(extra?: (c: Call) => ReturnType<Parameters<typeof stubFetch>[0]>) {
  return stubFetch((c) => {
    const answer = extra?.(c);
    if (answer) return answer;
    if (c.url.pathname.endsWith('currentUser')) return ok(plainUser);
    return ok({ dataList: [], total: 0 });
  });
}

const path = () => `${window.location.pathname}${window.location.search}`;

describe('wizard order', () => {
  it('stages come from the menus in module order; estimate drops trans, build and remove', () => {
    expect(moduleStages('estimate')).toEqual(['produce', 'runtime', 'waste', 'green']);
    expect(moduleStages('accounting')[0]).toBe('supplement');
    expect(moduleStages('accounting').at(-1)).toBe('voucher');
    expect(buildingStages('estimate', 'produce,trans,build,runtime')).toEqual(['produce', 'runtime']);
    expect(buildingStages('budget', 'runtime,produce')).toEqual(['produce', 'runtime']);
    const stages = ['produce', 'runtime'];
    expect(previousRoute('budget', stages, 'produce', 7)).toBe('/budget/project/info?id=7');
    expect(previousRoute('budget', stages, 'runtime', 7)).toBe('/budget/produce');
    expect(nextRoute('budget', stages, 'produce')).toBe('/budget/runtime');
    expect(nextRoute('budget', stages, 'runtime')).toBe('/budget/result');
  });
});

describe('/{module}/:stage', () => {
  it('without a building: warning 请先选择或新建项目 and back to the module list', async () => {
    setToken('tok', false);
    api();
    renderApp('/budget/produce');
    expect(await screen.findByText('请先选择或新建项目')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/budget/project/list'));
  });

  it('a building of another module counts as none', async () => {
    setToken('tok', false);
    setCurrentBuilding({ ...building, computeMethod: 'estimate' });
    api();
    renderApp('/budget/produce');
    expect(await screen.findByText('请先选择或新建项目')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/budget/project/list'));
  });

  it('a code that is not a stage of the module goes to /404', async () => {
    setToken('tok', false);
    setCurrentBuilding({ ...building, computeMethod: 'estimate' });
    api();
    renderApp('/estimate/trans');
    expect(await screen.findByText('很抱歉，页面未找到')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/404');
  });

  it('a stage outside the building menus: warning 该单体未启用此计算阶段, then its first stage', async () => {
    setToken('tok', false);
    setCurrentBuilding(building);
    api();
    renderApp('/budget/waste');
    const warning = await screen.findByText('该单体未启用此计算阶段');
    expect(warning.closest('.RaNotification-warning')).not.toBeNull();
    await waitFor(() => expect(window.location.pathname).toBe('/budget/produce'));
    expect(await screen.findByRole('heading', { name: '建材生产' })).toBeInTheDocument();
    // only once, and not for a stage the building uses
    expect(screen.getAllByText('该单体未启用此计算阶段')).toHaveLength(1);
  });

  it('a stage the building uses opens without the warning', async () => {
    setToken('tok', false);
    setCurrentBuilding(building);
    api();
    renderApp('/budget/trans');
    expect(await screen.findByRole('heading', { name: '建材运输' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/budget/trans');
    expect(screen.queryByText('该单体未启用此计算阶段')).toBeNull();
  });

  it('the wizard frame: header, steps of the building, 上一步 and 下一步', async () => {
    setToken('tok', false);
    setCurrentBuilding(building);
    api();
    renderApp('/budget/produce');
    const page = await screen.findByTestId('stage-page');
    expect(within(page).getByRole('heading', { name: '建材生产' })).toBeInTheDocument();
    expect(within(page).getByText('单体建筑：七号楼')).toBeInTheDocument();
    const steps = within(page).getByLabelText('计算阶段');
    expect(within(steps).getByText('建材生产')).toBeInTheDocument();
    expect(within(steps).getByText('建材运输')).toBeInTheDocument();
    expect(within(steps).getByText('建筑运行')).toBeInTheDocument();
    expect(within(steps).queryByText('建筑建造')).toBeNull();
    fireEvent.click(within(page).getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(path()).toBe('/budget/trans'));
    expect(await screen.findByRole('heading', { name: '建材运输' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '上一步' }));
    await waitFor(() => expect(path()).toBe('/budget/produce'));
    fireEvent.click(await screen.findByRole('button', { name: '上一步' }));
    await waitFor(() => expect(path()).toBe('/budget/project/info?id=7'));
  });

  it('下一步 from the last stage goes to the result', async () => {
    setToken('tok', false);
    setCurrentBuilding(building);
    api((c) =>
      c.url.pathname === '/api/tpf/v1/tpf/tpf3ProjectV/7' ? ok({ ...building, status: '0', total: null }) : undefined,
    );
    renderApp('/budget/runtime');
    fireEvent.click(await screen.findByRole('button', { name: '下一步' }));
    await waitFor(() => expect(path()).toBe('/budget/result'));
    // not calculated yet
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });

  it('the result shows the stored totals with 2 decimals; 上一步 goes to the last stage', async () => {
    setToken('tok', false);
    setCurrentBuilding(building);
    const { calls } = api((c) =>
      c.url.pathname === '/api/tpf/v1/tpf/tpf3ProjectV/7'
        ? ok({
            ...building,
            status: '1',
            total: 1234.5,
            streng3: 20.456,
            produce: 1000,
            trans: null,
            runtimeTotal: 234.5,
          })
        : undefined,
    );
    renderApp('/budget/result');
    const page = await screen.findByTestId('result-page');
    expect(await within(page).findByTestId('figure-碳排放总量(tCO2e)')).toHaveTextContent('1,234.50');
    expect(within(page).getByTestId('figure-单位面积年均碳排放(kgCO2e/(m²·a))')).toHaveTextContent('20.46');
    const table = within(page).getByRole('table', { name: '各阶段碳排放' });
    const row = (label: string) => within(table).getByText(label).closest('tr')!;
    expect(row('建材生产')).toHaveTextContent('1,000.00');
    expect(row('建材运输')).toHaveTextContent('0.00');
    expect(row('建筑运行')).toHaveTextContent('234.50');
    expect(within(table).queryByText('碳汇')).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/tpf/v1/tpf/tpf3ProjectV/7')).toBe(true);
    fireEvent.click(within(page).getByRole('button', { name: '上一步' }));
    await waitFor(() => expect(path()).toBe('/budget/runtime'));
  });

  it('compare: the comparison page', async () => {
    setToken('tok', false);
    api();
    renderApp('/accounting/compare');
    expect(await screen.findByTestId('compare-page')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: /建筑对比/ })).toBeInTheDocument();
  });
});
