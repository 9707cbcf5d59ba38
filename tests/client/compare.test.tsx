// The compare pages: the current building and up to three picks (a fourth drops the
// oldest), the table over the seven stages (碳汇 negative), the grouped and stacked charts, and on
// /project/compare the engineering projects' counts.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '../../src/client/providers/tokenStorage';
import { setCurrentBuilding } from '../../src/client/session/currentBuilding';
import { fieldColors, pickWithLimit, summedText, sumsByMethod } from '../../src/client/results/resultModel';
import { stageColor } from '../../schemas/stageColors';
import { ok, plainUser, stubFetch } from './fakeApi';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/results/ComparePage';
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
const others = [
  b(1, '一号楼', 'budget', 11),
  b(2, '二号楼', 'budget', 22),
  b(3, '三号楼', 'budget', 33),
  b(4, '四号楼', 'budget', 44),
  b(5, '估算楼', 'estimate', 55),
];

const method = (
  code: string,
  label: string,
  completed: number,
  sums: Record<string, number>,
  incomplete = 0,
  stale = 0,
) => ({ code, label, completed, incomplete, stale, sums });
/** 估算 55 (one building); 概预算 7 + 1 + 2 + 3 + 4 = 100 + 11 + 22 + 33 + 44 = 210, sink −5; one open, one stale */
const statistics = {
  methods: [
    method('estimate', '估算', 1, { produce: 55 }),
    method('budget', '概预算', 5, { produce: 210, green: -5 }, 1, 1),
    method('accounting', '核算', 0, {}),
  ],
  engineerings: { count: 12, buildings: 1234, completed: 1000, total: 98765.432 },
};

/**
 * The server's answers: the search filters by module and name as the server would, `matching` overrides the total
 * found.
 */
function api({ matching }: { matching?: number } = {}) {
  return stubFetch((c) => {
    const p = c.url.pathname;
    const q = c.url.searchParams;
    if (p.endsWith('currentUser')) return ok(plainUser);
    if (p === '/api/tpf/v1/tpf/tpf3ProjectV/7') return ok(current);
    if (p === '/api/tpf/v1/tpf/tpf3ProjectV/statistics') return ok(statistics);
    if (p === '/api/tpf/v1/tpf/tpf3ProjectV/') {
      const found = [current, ...others].filter(
        (b) =>
          (!q.get('computeMethod') || b.computeMethod === q.get('computeMethod')) &&
          b.name.includes(q.get('name') ?? ''),
      );
      return ok({ dataList: found, total: matching ?? found.length });
    }
    if (p === '/api/tpf/v1/tpf/tpf3Engineering/')
      return q.get('pageNum') === '2'
        ? ok({ dataList: [{ id: 11, name: '第十一个项目', projectCount: 1, endCount: 1, total: 5 }], total: 12 })
        : ok({
            dataList: [
              { id: 1, name: '研发园区', projectCount: 3, endCount: 2, total: 1234.567 },
              { id: 2, name: '学校', projectCount: 1, endCount: 0, total: null },
            ],
            total: 12,
          });
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

  it('charts the sums the server made by compute method, and says what they counted', () => {
    const s = sumsByMethod(statistics.methods);
    expect(s.methods).toEqual(['估算', '概预算', '核算']);
    // every result field of the registry (schemas/results.ts), the sink last
    expect(s.series.map((x) => x.name)).toEqual([
      '建材生产',
      '建材运输',
      '建筑建造',
      '建筑拆除',
      '建筑运行',
      '维护改造',
      '废弃物处理',
      '碳汇',
    ]);
    expect(s.series[0].data).toEqual([55, 210, 0]);
    expect(s.series[7].data).toEqual([0, -5, 0]);
    // 1 + 5 + 0 = 6 summed
    expect(summedText(statistics.methods)).toBe(
      '已计入已完成的单体 6 个（估算 1 个，概预算 5 个，核算 0 个）；未完成 1 个未计入；其中 1 个结果已过期，按原结果计入',
    );
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
    expect(grouped.options.xaxis.categories).toEqual([
      '建材生产',
      '建材运输',
      '建筑建造',
      '建筑拆除',
      '建筑运行',
      '废弃物处理',
      '碳汇',
    ]);
    expect(grouped.series.map((s: { name: string }) => s.name)).toEqual(['七号楼', '二号楼', '三号楼', '四号楼']);
    expect(grouped.series[0].data).toEqual([100, 1, 2, 0, 10, 0, -5]);
  });
});

describe('/project/compare (统计分析)', () => {
  it('pages the engineering projects with a 合计 over all of them, and charts the sums by method with what they counted', async () => {
    api();
    renderApp('/project/compare');
    const table = await screen.findByRole('table', { name: '项目统计' });
    const row = (await within(table).findByText('研发园区')).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '研发园区', '3', '2', '1,234.57']);
    expect(within(table).getByText('学校').closest('tr')).toHaveTextContent('0.00');
    // the server's totals over all 12 projects, not the sum of the page
    const total = (await within(table).findByText('合计（全部 12 个项目）')).closest('tr')!;
    expect(
      within(total)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['', '合计（全部 12 个项目）', '1,234', '1,000', '98,765.43']);
    fireEvent.click(screen.getByRole('button', { name: /下一页|next page/i }));
    expect((await within(table).findByText('第十一个项目')).closest('tr')).toHaveTextContent('11第十一个项目');
    expect(screen.getByTestId('compare-summed')).toHaveTextContent(
      '已计入已完成的单体 6 个（估算 1 个，概预算 5 个，核算 0 个）；未完成 1 个未计入',
    );
    await waitFor(() => expect(charts.some((c) => c.options.chart?.stacked)).toBe(true));
    const stacked = [...charts].reverse().find((c) => c.options.chart?.stacked)!;
    expect(stacked.options.xaxis.categories).toEqual(['估算', '概预算', '核算']);
    expect(stacked.series[0].data).toEqual([55, 210, 0]);
  });

  it('offers the latest changed completed buildings once opened and, when more match, says how many and asks for a name', async () => {
    const { calls } = api({ matching: 4321 });
    renderApp('/project/compare');
    const input = await screen.findByRole('combobox', { name: /对比建筑/ });
    await screen.findByText('研发园区');
    // the page's figures are loaded; no building was searched before the field is opened
    expect(calls.filter((c) => c.url.pathname === '/api/tpf/v1/tpf/tpf3ProjectV/')).toEqual([]);
    fireEvent.mouseDown(input);
    expect(await screen.findByRole('option', { name: '一号楼' })).toBeInTheDocument();
    expect(screen.getByText('共 4,321 个已完成的单体，显示最近修改的 20 个，请输入名称查找')).toBeInTheDocument();
    input.focus(); // (an unfocused Autocomplete resets what was typed)
    fireEvent.change(input, { target: { value: '三号' } });
    expect(await screen.findByRole('option', { name: '三号楼' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('option', { name: '一号楼' })).toBeNull());
  });
});
