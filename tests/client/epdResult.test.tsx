// What an EPD factor changes on a building's pages: the result page's EN 15978 模块 table (a line per module, 未计算 in
// place of 0, the sink as 碳汇, the 合计 equal to the stored total, D on its own row outside it; the note under the name
// at 390 px) and, on the stage table, a row's notices (an EPD past its validity) in orange under the row.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { moduleView } from '../../src/calc/modules';
import { setToken } from '../../src/client/providers/tokenStorage';
import { setCurrentBuilding } from '../../src/client/session/currentBuilding';
import { MODULES_CAPTION } from '../../src/client/results/ModulesCard';
import { ok, plainUser, stubFetch } from './fakeApi';
import { renderApp } from './renderApp';
import { atWidth } from './viewport';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/results/ResultRoute';
import '../../src/client/stages/StagePage';

vi.mock('react-apexcharts', () => ({ default: (p: { type: string }) => <div data-testid={`apex-${p.type}`} /> }));

const session = { id: 7, name: '七号楼', computeMethod: 'budget', standard: 'GB', menus: 'produce,green', status: '1' };
const stages = { produce: { total: 24.53 }, green: { total: -1.5 } };
const D_NOTE = 'EPD 因子「测试混凝土」（EPD-T-1）：D -12.6 kgCO2e/m3';
const titles = { produce: '建材生产', green: '碳汇', trans: '建材运输' };
const building = {
  ...session,
  useDateLimit: 50,
  buildArea: 1000,
  produce: 24.53,
  green: -1.5,
  total: 23.03,
  resultDetail: { stages, modules: moduleView(stages, 23.03, titles, { value: -1.26, notes: [D_NOTE] }) },
};

function api(detail: object, rows: object[] = []) {
  return stubFetch((c) => {
    const p = c.url.pathname;
    if (p.endsWith('currentUser')) return ok(plainUser);
    if (p === '/api/tpf/v1/tpf/tpf3ProjectV/7') return ok(detail);
    if (p === '/api/tpf/v1/tpf/stage/produce/') return ok({ dataList: rows, total: rows.length });
    return ok({ dataList: [], total: 0 });
  });
}

const modulesTable = async () => {
  const card = await screen.findByTestId('modules');
  return { card, table: within(card).getByRole('table', { name: 'EN 15978 模块' }) };
};

beforeEach(() => {
  setToken('tok', false);
  setCurrentBuilding(session);
});

describe('EN 15978 模块 on the result page', () => {
  it('lists the modules: values, 未计算, 碳汇, the 合计 and D apart', async () => {
    api(building);
    renderApp('/budget/result');
    const { card, table } = await modulesTable();
    expect(within(card).getByText(MODULES_CAPTION)).toBeInTheDocument();
    const head = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(head).toEqual(['模块', '名称', '碳排放(tCO2e)', '说明']);
    expect(within(table).getByTestId('module-A1–A3-value')).toHaveTextContent('24.53');
    expect(within(table).getByTestId('module-A1–A3')).toHaveTextContent('建材生产');
    expect(within(table).getByTestId('module-A4-value')).toHaveTextContent('未计算');
    expect(within(table).getByTestId('module-B1-value')).toHaveTextContent('未计算');
    expect(within(table).getByTestId('module-碳汇')).toHaveTextContent('-1.50');
    expect(within(within(table).getByTestId('module-碳汇')).getAllByRole('cell')[0]).toHaveTextContent('碳汇');
    // the 合计 is the building's stored total, as 碳排放总量 shows it
    expect(within(table).getByTestId('module-total-value')).toHaveTextContent('23.03');
    expect(screen.getByTestId('figure-碳排放总量(tCO2e)')).toHaveTextContent('23.03');
    const rows = within(table).getAllByRole('row');
    const divider = rows.findIndex((r) => r.textContent === 'D（不计入合计）');
    expect(divider).toBeGreaterThan(rows.indexOf(within(table).getByTestId('module-total')));
    expect(rows[divider + 1]).toBe(within(table).getByTestId('module-D'));
    expect(within(table).getByTestId('module-D-value')).toHaveTextContent('-1.26');
    expect(within(table).getByTestId('module-D')).toHaveTextContent(D_NOTE);
  });

  it('a result calculated before the view: its lines from the stage totals, D 未计算', async () => {
    api({ ...building, resultDetail: { stages } });
    renderApp('/budget/result');
    const { table } = await modulesTable();
    expect(within(table).getByTestId('module-A1–A3-value')).toHaveTextContent('24.53');
    expect(within(table).getByTestId('module-A4')).toHaveTextContent('本单体的计算未包含建材运输');
    expect(within(table).getByTestId('module-D-value')).toHaveTextContent('未计算');
  });

  it('at 390 px: three columns, the note under the name', async () => {
    await atWidth(390, async () => {
      api(building);
      renderApp('/budget/result');
      const { table } = await modulesTable();
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['模块', '名称', '碳排放(tCO2e)']);
      const a4 = within(table).getByTestId('module-A4');
      expect(within(a4).getAllByRole('cell')).toHaveLength(3);
      expect(within(a4).getAllByRole('cell')[1]).toHaveTextContent('运输至施工现场本单体的计算未包含建材运输');
    });
  });
});

describe('stage table: a row’s notices', () => {
  it('an EPD past its validity: the row counts, its notice in orange under it', async () => {
    const notice = 'EPD 因子「测试混凝土」（EPD-T-1）的有效期已于 2013-12-31 结束，请核实或更换因子';
    const row = {
      id: 1,
      projectId: 7,
      materialName: '混凝土',
      unit: 'm3',
      quantity: 10,
      factorValue: 300,
      factorUnit: 'kgCO2e/m3',
      emission: 3000,
      trace: { formula: 'x', inputs: [], defaults: [], notices: [notice] },
    };
    api(building, [row]);
    renderApp('/budget/produce');
    const table = await screen.findByRole('table', { name: '建材生产' });
    const note = await within(table).findByTestId('row-notices');
    expect(note).toHaveTextContent(`第 1 行：${notice}`);
    expect(within(table).queryByTestId('row-problems')).toBeNull();
    expect(getComputedStyle(within(note).getAllByRole('cell')[1]).color).toBe('rgb(179, 80, 0)'); // warning.main
  });
});
