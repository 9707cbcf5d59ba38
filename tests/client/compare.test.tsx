// The compare pages (spec 000 §2 screen 7, §4): the current building and up to three picks (a fourth drops the
// oldest), the table over the seven stages (碳汇 negative), the grouped and stacked charts, and on
// /project/compare the engineering projects' counts.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '../../src/client/providers/tokenStorage';
import { setCurrentBuilding } from '../../src/client/session/currentBuilding';
import { fieldColors, pickWithLimit, sumsByMethod } from '../../src/client/results/resultModel';
import { stageColor } from '../../schemas/stageColors';
import { ok, plainUser, stubFetch } from './fakeApi';
import { renderApp } from './renderApp';
import { atWidth } from './viewport';

const charts = vi.hoisted(() => [] as { type: string; series: any; options: Record<string, any> }[]);
vi.mock('react-apexcharts', () => ({
  default: (props: { type: string; series: unknown; options: Record<string, any> }) => {
    charts.push(props as never);
    return <div data-testid={`apex-${props.type}`} />;
  },
}));

const b = (id: number, name: string, computeMethod: string, produce: number, green = 0) => ({
  id,
  name,
  computeMethod,
  status: '1',
  menus: 'produce,runtime,green',
  produce,
  trans: 1,
  build: 2,
  runtimeTotal: 10,
  remove: 0,
  waste: 0,
  green,
  total: produce + 13 + green,
});

const current = b(7, '七号楼', 'budget', 100, -5);
const others = [b(1, '一号楼', 'budget', 11), b(2, '二号楼', 'budget', 22), b(3, '三号楼', 'budget', 33), b(4, '四号楼', 'budget', 44), b(5, '估算楼', 'estimate', 55)];

function api() {
  return stubFetch((c) => {
    const p = c.url.pathname;
    if (p.endsWith('currentUser')) return ok(plainUser);
    if (p === '/api/tpf/v1/tpf/tpf3ProjectV/7') return ok(current);
    if (p === '/api/tpf/v1/tpf/tpf3ProjectV/') return ok({ dataList: [current, ...others], total: 6 });
    if (p === '/api/tpf/v1/tpf/tpf3Engineering/')
      return ok({ dataList: [{ id: 1, name: '研发园区', projectCount: 3, endCount: 2, total: 1234.567 }, { id: 2, name: '学校', projectCount: 1, endCount: 0, total: null }], total: 2 });
    return ok({ dataList: [], total: 0 });
  });
}

beforeEach(() => {
  charts.length = 0;
  setToken('tok', false);
});

describe('pickWithLimit', () => {
  it('keeps at most three; a fourth drops the oldest; removals are kept', () => {
    expect(pickWithLimit([1, 2, 3], [1, 2, 3, 4])).toEqual([2, 3, 4]);
    expect(pickWithLimit([2, 3, 4], [2, 4])).toEqual([2, 4]);
    expect(pickWithLimit([], [1])).toEqual([1]);
  });

  it('sums the stage figures of the completed buildings by compute method', () => {
    const s = sumsByMethod([current, ...others, { ...b(9, '未完成', 'budget', 1000), status: '0' }]);
    expect(s.methods).toEqual(['估算', '概预算', '核算']);
    // every result field of the registry (schemas/results.ts), the sink last
    expect(s.series.map((x) => x.name)).toEqual(['建材生产', '建材运输', '建筑建造', '建筑拆除', '建筑运行', '维护改造', '废弃物处理', '碳汇']);
    expect(s.series[0].data).toEqual([55, 210, 0]);
    expect(s.series[7].data).toEqual([0, -5, 0]);
    // each field in its first stage's colour (schemas/stageColors.ts, the report's too), the sink green
    expect(fieldColors(s.fields)[7]).toBe('#43a047');
    expect(fieldColors(s.fields)[0]).toBe(stageColor('produce'));
    expect(new Set(fieldColors(s.fields)).size).toBe(8);
  });
});

const pick = async (name: string) => {
  const input = screen.getByRole('combobox', { name: /对比建筑/ });
  fireEvent.mouseDown(input);
  fireEvent.click(await screen.findByRole('option', { name }));
};

describe('/{module}/compare', () => {
  it('on a phone each building is a card with its stage figures and total; a tap opens its result', async () => {
    await atWidth(390, async () => {
      setCurrentBuilding(current);
      api();
      renderApp('/budget/compare');
      const card = (await screen.findByText('当前建筑')).closest('[role="button"], a, li')!;
      expect(screen.queryByRole('table', { name: '建筑对比' })).toBeNull();
      expect(card).toHaveTextContent('七号楼');
      expect(card).toHaveTextContent('建材生产(tCO2e)：100.00');
      expect(card).toHaveTextContent('碳汇(tCO2e)：-5.00');
      // 100 + 13 − 5 = 108
      expect(card).toHaveTextContent('碳排放总量(tCO2e)：108.00');
      fireEvent.click(card);
      await waitFor(() => expect(window.location.pathname).not.toBe('/budget/compare'));
    });
  });

  it('the current building and picks in the table; a fourth pick drops the oldest', async () => {
    setCurrentBuilding(current);
    api();
    renderApp('/budget/compare');
    const table = await screen.findByRole('table', { name: '建筑对比' });
    const row = await within(table).findByText('七号楼');
    expect(row.closest('tr')).toHaveTextContent('100.00');
    expect(row.closest('tr')).toHaveTextContent('-5.00');
    await pick('一号楼');
    await pick('二号楼');
    await pick('三号楼');
    // options are the module's completed buildings, without the current one
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /对比建筑/ }));
    expect(screen.queryByRole('option', { name: '估算楼' })).toBeNull();
    expect(screen.queryByRole('option', { name: '七号楼' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: '四号楼' }));
    await waitFor(() => expect(within(table).queryByText('一号楼')).toBeNull());
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0].textContent);
    expect(names).toEqual(['七号楼当前建筑', '二号楼', '三号楼', '四号楼']);
    expect(within(table).getByText('四号楼').closest('tr')).toHaveTextContent('44.00');
    const grouped = [...charts].reverse().find((c) => c.options.xaxis?.categories?.[0] === '建材生产')!;
    // the result fields of 概预算's stages in registry order (no 维护改造, an accounting stage), the sink last
    expect(grouped.options.xaxis.categories).toEqual(['建材生产', '建材运输', '建筑建造', '建筑拆除', '建筑运行', '废弃物处理', '碳汇']);
    expect(grouped.series.map((s: { name: string }) => s.name)).toEqual(['七号楼', '二号楼', '三号楼', '四号楼']);
    expect(grouped.series[0].data).toEqual([100, 1, 2, 0, 10, 0, -5]);
  });
});

describe('/project/compare (统计分析)', () => {
  it('shows the engineering projects with counts and totals, and the stacked chart by method', async () => {
    api();
    renderApp('/project/compare');
    const table = await screen.findByRole('table', { name: '项目统计' });
    const row = (await within(table).findByText('研发园区')).closest('tr')!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', '研发园区', '3', '2', '1,234.57']);
    expect(within(table).getByText('学校').closest('tr')).toHaveTextContent('0.00');
    await waitFor(() => expect(charts.some((c) => c.options.chart?.stacked)).toBe(true));
    const stacked = [...charts].reverse().find((c) => c.options.chart?.stacked)!;
    expect(stacked.options.xaxis.categories).toEqual(['估算', '概预算', '核算']);
  });
});
