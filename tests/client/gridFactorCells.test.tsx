// Runtime rows on the building's grid factor: an electricity row without its own factor is calculated
// with the building's 电网排放因子 (x-defaults, recorded in the row's trace), so its stored 能源因子 and 因子单位 are
// empty — the 运行 table showed blank cells there. It shows the factor the calculation used: its value with the
// name 电网排放因子, and its unit; a row with its own factor shows its own.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { setToken } from '../../src/client/providers/tokenStorage';
import { setCurrentBuilding } from '../../src/client/session/currentBuilding';
import { listPage, ok, plainUser, stubFetch } from './fakeApi';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/stages/StagePage';
import { atWidth } from './viewport';

const STAGE = '/api/tpf/v1/tpf/stage';
const building = { id: 7, name: '七号楼', computeMethod: 'budget', standard: 'GB', menus: 'runtime' };
const gridDefault = {
  field: 'factorValue',
  title: '能源因子',
  value: 0.5827,
  unit: 'kgCO2/kWh',
  source: '单体电网排放因子：生态环境部 公告2025年第47号',
};
const rows = [
  {
    id: 1,
    projectId: 7,
    method: 'systems',
    part: 'light',
    name: '照明',
    energy: 'electricity',
    unit: 'kWh',
    annualQuantity: 1000,
    factorValue: null,
    factorUnit: '',
    emission: 29135,
    trace: { defaults: [gridDefault] },
  },
  {
    id: 2,
    projectId: 7,
    method: 'systems',
    part: 'gas',
    name: '燃气灶',
    energy: 'naturalGas',
    unit: 'm3',
    annualQuantity: 100,
    factorValue: 2.162,
    factorUnit: 'kgCO2/m3',
    emission: 10810,
    trace: { defaults: [] },
  },
];

function start() {
  stubFetch((c) => {
    const p = c.url.pathname;
    if (p.endsWith('currentUser')) return ok(plainUser);
    if (p === '/api/tpf/v1/tpf/tpf3ProjectV/7') return ok({ ...building, stageMethods: {} });
    if (p === `${STAGE}/data`)
      return ok({ runtime: { title: '建筑运行', total: 39.945, rows: 2, method: 'systems', notes: [] } });
    if (p === `${STAGE}/runtime/`) return listPage(rows, c.url, { eq: ['method'], summed: ['emission'] });
    return ok({ dataList: [], total: 0 });
  });
  setToken('tok', false);
  setCurrentBuilding(building);
  renderApp('/budget/runtime');
}

describe('runtime rows on the grid factor', () => {
  it('show the grid factor the calculation used in 能源因子 and 因子单位, named 电网排放因子', async () => {
    start();
    const table = await screen.findByRole('table', { name: '建筑运行' });
    const head = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent ?? '');
    const col = (name: string) => head.indexOf(name);
    expect(col('能源因子')).toBeGreaterThan(0);
    const cells = (text: string) =>
      within(within(table).getByText(text).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent ?? '');
    const grid = cells('照明');
    expect(grid[col('能源因子')]).toMatch(/^0\.5827/);
    expect(grid[col('能源因子')]).toContain('电网排放因子');
    expect(grid[col('因子单位')]).toBe('kgCO2/kWh');
    // one mark, on the grid row's factor: the tooltip names the value and its source
    expect(within(table).getByTestId('filled-mark')).toHaveAccessibleName(
      /^电网排放因子：能源因子 0\.5827 kgCO2\/kWh — 单体电网排放因子：.*公告2025年第47号/,
    );
    const own = cells('燃气灶');
    expect(own[col('能源因子')]).toBe('2.162');
    expect(own[col('因子单位')]).toBe('kgCO2/m3');
  });

  it('on a phone the row’s card shows the grid factor as 能源因子 too', async () => {
    await atWidth(390, async () => {
      start();
      const card = (await screen.findByText('照明')).closest('[role="button"], a, li')!;
      expect(card).toHaveTextContent('能源因子：0.5827');
    });
  });
});
