// The stage dialog: the form mirrors the schema's physical bounds with the server's words (the field's
// title and its range, schemas/bounds.ts through formatErrors) and the cross-field save rule (hot water above the
// cold supply); nothing is sent while a value is out of range.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { setToken } from '../../src/client/providers/tokenStorage';
import { setCurrentBuilding } from '../../src/client/session/currentBuilding';
import { ok, plainUser, stubFetch } from './fakeApi';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/stages/StagePage';
import '../../src/client/stages/StageRowDialog';

const building = {
  id: 7,
  name: '七号楼',
  computeMethod: 'budget',
  standard: 'GB',
  menus: 'produce,trans,build,runtime',
};

/** A fake API: the building, the stage rows given, nothing else. */
function api(rows: Record<string, Record<string, unknown>[]>) {
  return stubFetch((c) => {
    const p = c.url.pathname;
    if (p.endsWith('currentUser')) return ok(plainUser);
    if (p === '/api/tpf/v1/tpf/tpf3ProjectV/7') return ok(building);
    const m = /^\/api\/tpf\/v1\/tpf\/stage\/(\w+)\/$/.exec(p);
    if (m && c.method === 'GET') return ok({ dataList: rows[m[1]] ?? [], total: (rows[m[1]] ?? []).length });
    return ok({ dataList: [], total: 0 });
  });
}

const runtimeRows = [
  {
    id: 1,
    projectId: 7,
    method: 'systems',
    part: 'pv',
    name: '屋面光伏',
    energy: 'electricity',
    irradiation: 1300,
    efficiency: 0.2,
    lossRate: 0.2,
    panelArea: 500,
    emission: -1,
  },
  {
    id: 2,
    projectId: 7,
    method: 'systems',
    part: 'hotWater',
    name: '生活热水',
    energy: 'electricity',
    users: 200,
    quota: 60,
    hotTemp: 60,
    coldTemp: 10,
    emission: 1,
  },
];

/** The table row showing `name`, once the list is read. */
const row = async (name: string) => (await screen.findByText(name)).closest('tr')!;

function start(url: string) {
  setToken('tok', false);
  setCurrentBuilding(building);
  renderApp(url);
}

describe('the stage dialog mirrors the bounds', () => {
  it('a quantity above its bound is named with the range before any request', async () => {
    const { calls } = api({});
    start('/budget/produce');
    await screen.findByText('暂无数据');
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(await within(dialog).findByLabelText(/材料名称/), { target: { value: '砂' } });
    fireEvent.change(within(dialog).getByLabelText(/^单位/), { target: { value: 't' } });
    fireEvent.change(within(dialog).getByLabelText(/^用量/), { target: { value: '20000000000' } });
    fireEvent.change(within(dialog).getByLabelText(/^排放因子$/), { target: { value: '2.51' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('用量应不小于 0 且不大于 100亿')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' || c.method === 'PUT')).toBe(false);
  });

  it('a PV loss coefficient of 1.5 is refused in the dialog', async () => {
    const { calls } = api({ runtime: runtimeRows });
    start('/budget/runtime');
    fireEvent.click(within(await row('屋面光伏')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(await within(dialog).findByLabelText(/^系统损失效率/), { target: { value: '1.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('系统损失效率应不小于 0 且小于 1')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' || c.method === 'PUT')).toBe(false);
  });

  it('hot water colder than the cold supply is refused in the dialog', async () => {
    const { calls } = api({ runtime: runtimeRows });
    start('/budget/runtime');
    fireEvent.click(within(await row('生活热水')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(await within(dialog).findByLabelText(/^热水温度/), { target: { value: '10' } });
    fireEvent.change(within(dialog).getByLabelText(/^冷水温度/), { target: { value: '15' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findAllByText('热水温度(℃)应高于冷水温度(℃)')).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'POST' || c.method === 'PUT')).toBe(false);
  });
});
