// The screens' half of the low-code proof (tests/server/lowCodeStage.test.ts has the API, reports and workbook): a
// stage added by one schema file and named in schemas/standards.ts appears on the result page — its row in
// 各阶段碳排放, its radio and bar, its slice of the donut and the donut's centre — on the compare page as a column
// of its own result field, and in the building list's column picker. No client code names it.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addFixtureStage } from '../fixtures/stageFixture';
import { ok, plainUser, stubFetch } from './fakeApi';

const charts = vi.hoisted(() => [] as { type: string; series: unknown; options: Record<string, any> }[]);
vi.mock('react-apexcharts', () => ({
  default: (props: { type: string; series: unknown; options: Record<string, any> }) => {
    charts.push(props);
    return <div data-testid={`apex-${props.type}`} />;
  },
}));

// named before any module of the app reads the registry, as the schema file would be at start
await addFixtureStage();
const { renderApp } = await import('./renderApp');
const { setToken } = await import('../../src/client/providers/tokenStorage');
const { setCurrentBuilding } = await import('../../src/client/session/currentBuilding');
const { availableColumns, columnTitle } = await import('../../src/client/buildings/buildingColumns');
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
await import('../../src/client/results/ResultRoute');
await import('../../src/client/results/ComparePage');

const session = {
  id: 7,
  name: '七号楼',
  computeMethod: 'budget',
  standard: 'GB',
  menus: 'produce,fixture',
  status: '1',
};
// 建材生产 100 t and 制冷剂补充 90.27 t (the server test's 20 × 2088 × 2 + 10 × 675 = 90 270 kg): total 190.27 t
const building = {
  ...session,
  useDateLimit: 50,
  buildArea: 10000,
  produce: 100,
  refrigerant: 90.27,
  total: 190.27,
  streng3: 0.38,
  resultDetail: {
    parts: {},
    breakdown: {},
    stages: { produce: { total: 100, rows: 3 }, fixture: { total: 90.27, rows: 2 } },
  },
};
const other = {
  id: 8,
  name: '八号楼',
  computeMethod: 'budget',
  status: '1',
  menus: 'produce,fixture',
  produce: 50,
  refrigerant: 12.5,
  total: 62.5,
};

function api() {
  setToken('tok', false);
  setCurrentBuilding(session);
  return stubFetch((c) => {
    const p = c.url.pathname;
    if (p.endsWith('currentUser')) return ok(plainUser);
    if (p === '/api/tpf/v1/tpf/tpf3ProjectV/7') return ok(building);
    if (p === '/api/tpf/v1/tpf/tpf3ProjectV/') return ok({ dataList: [building, other], total: 2 });
    // the compare page's sums by method, the fixture's field among them: 90.27 + 12.5 t of refrigerant
    const sums = { produce: 150, refrigerant: 102.77, total: 252.77 };
    const budget = { code: 'budget', label: '概预算', completed: 2, incomplete: 0, stale: 0, sums };
    if (p === '/api/tpf/v1/tpf/tpf3ProjectV/statistics')
      return ok({ methods: [budget], engineerings: { count: 0, buildings: 2, completed: 2, total: 252.77 } });
    return ok({ dataList: [], total: 0 });
  });
}

const lastChart = (type: string) => [...charts].reverse().find((c) => c.type === type)!;

describe('a stage added by one schema file, on the screens', () => {
  it('the result page: its row, its slice of the donut and the centre, its radio and bar', async () => {
    api();
    renderApp('/budget/result');
    const row = await screen.findByTestId('stage-figure-fixture');
    expect(row).toHaveTextContent('制冷剂补充');
    expect(row).toHaveTextContent('90.27');
    await screen.findByTestId('apex-donut');
    const donut = lastChart('donut');
    expect(donut.options.labels).toEqual(['建材生产', '制冷剂补充']);
    expect(donut.series).toEqual([100, 90.27]);
    // the centre is the sum of the slices: 100 + 90.27, the stored total (no sink here)
    expect(donut.options.plotOptions.pie.donut.labels.total.formatter()).toBe('190.27');
    expect(screen.getByTestId('figure-碳排放总量(tCO2e)')).toHaveTextContent('190.27');
    const radios = screen.getByRole('radiogroup', { name: '计算阶段' });
    expect(
      within(radios)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['produce', 'fixture']);
    fireEvent.click(within(radios).getByLabelText('制冷剂补充'));
    await waitFor(() => expect(lastChart('bar').options.xaxis.categories).toEqual(['制冷剂补充']));
    expect(lastChart('bar').series).toEqual([{ name: '碳排放(tCO2e)', data: [90.27] }]);
  });

  it('the compare page: a column of its result field, before the sink', async () => {
    api();
    renderApp('/budget/compare');
    const table = await screen.findByRole('table', { name: '建筑对比' });
    const header = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(header).toEqual([
      '单体建筑',
      '建材生产(tCO2e)',
      '建材运输(tCO2e)',
      '建筑建造(tCO2e)',
      '建筑拆除(tCO2e)',
      '建筑运行(tCO2e)',
      '废弃物处理(tCO2e)',
      '制冷剂补充(tCO2e)',
      '碳汇(tCO2e)',
      '碳排放总量(tCO2e)',
    ]);
    const current = (await within(table).findByText('七号楼')).closest('tr')!;
    expect(
      within(current)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['七号楼当前建筑', '100.00', '0.00', '0.00', '0.00', '0.00', '0.00', '90.27', '0.00', '190.27']);
  });

  it('the building list offers its result column, titled after the stage', () => {
    expect(availableColumns('budget')).toContain('refrigerant');
    expect(availableColumns('estimate')).not.toContain('refrigerant');
    expect(columnTitle('refrigerant')).toBe('制冷剂补充(tCO2e)');
  });
});
