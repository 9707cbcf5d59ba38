// The stage screens generated from the stage schemas: the table of a
// table-mode stage with 序号, 2 decimals and 合计, the add dialog with the factor picker, the method radio, save
// then calculate on 下一步, completion from the last stage, a form-mode stage, the transport warning, empty tables.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '../../src/client/providers/tokenStorage';
import { getCurrentBuilding, setCurrentBuilding } from '../../src/client/session/currentBuilding';
import { listPage, ok, plainUser, stubFetch, type Call } from './fakeApi';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/stages/StagePage';
import '../../src/client/stages/StageRecordForm';
import '../../src/client/stages/StageRowDialog';
import { atWidth } from './viewport';
import { STAGE_SCHEMAS } from '../../schemas/standards';
import { listFields } from '../../src/client/admin/schemaFields';
import { stageDef, factorPicks, hasMethods, chosenMethod, limitWarnings } from '../../src/client/stages/stageDefs';
import { stageUiSchema } from '../../src/client/stages/StageSchemaForm';
import { factorSearchText, type LabelledFactor } from '../../src/calc/factorLabel';

const STAGE = '/api/tpf/v1/tpf/stage';
const building = {
  id: 7,
  name: '七号楼',
  computeMethod: 'budget',
  standard: 'GB',
  menus: 'produce,trans,build,runtime',
};

type Row = Record<string, unknown> & { id: number };

interface World {
  rows: Record<string, Row[]>;
  stageMethods: Record<string, string>;
  data: Record<string, { title: string; total: number | null; rows: number; method: string | null; notes: string[] }>;
  factors: Record<string, unknown>[];
}

function world(partial: Partial<World> = {}): World {
  return { rows: {}, stageMethods: {}, data: {}, factors: [], ...partial };
}

/** A fake API over a small in-memory world; `extra` answers first. */
function api(w: World, extra?: (c: Call) => ReturnType<Parameters<typeof stubFetch>[0]>) {
  let nextId = 100;
  return stubFetch((c) => {
    const answer = extra?.(c);
    if (answer) return answer;
    const p = c.url.pathname;
    if (p.endsWith('currentUser')) return ok(plainUser);
    if (p === '/api/tpf/v1/tpf/tpf3ProjectV/7' || p === '/api/tpf/v1/tpf/tpf3ProjectV/9')
      return ok({ ...building, id: Number(p.split('/').pop()), stageMethods: w.stageMethods });
    if (p === `${STAGE}/data`) return ok(w.data);
    if (p === '/api/tpf/v1/tpf/tpf3Project/status') return ok({ ...building, status: '1' });
    if (p === '/api/tpf/v1/tpf/tpf3BuildMaterial/') {
      // the server's label filter: the Chinese label and category (src/calc/factorLabel.ts)
      const label = c.url.searchParams.get('label') ?? '';
      const list = w.factors.filter(
        (f) => f.type === c.url.searchParams.get('type') && factorSearchText(f as LabelledFactor).includes(label),
      );
      return ok({ dataList: list, total: list.length });
    }
    const m = /^\/api\/tpf\/v1\/tpf\/stage\/(\w+)\/(.*)$/.exec(p);
    if (m) {
      const [, code, rest] = m;
      const rows = (w.rows[code] ??= []);
      if (rest === '' && c.method === 'GET')
        return listPage(rows, c.url, { eq: ['method'], like: ['materialName', 'name'], summed: ['emission'] });
      if (rest === 'calculate')
        return ok({ stage: { code, total: 0, rowCount: rows.length, notes: [] }, result: building });
      if (rest === 'method') {
        const body = c.body as { method: string };
        w.stageMethods = { ...w.stageMethods, [code]: body.method };
        return ok({ ...building, stageMethods: w.stageMethods });
      }
      if (rest === 'batch') {
        for (const row of c.body as Row[]) {
          if (row.id)
            Object.assign(
              rows.find((r) => r.id === row.id)!,
              row,
            );
          else rows.push({ ...row, id: nextId++, emission: 1 });
        }
        return ok({ rows, result: building, stage: { code, total: 1, rowCount: rows.length, notes: [] } });
      }
      if (rest === '' && (c.method === 'PUT' || c.method === 'POST')) {
        const body = c.body as Row;
        return ok({ ...body, id: body.id ?? nextId++ });
      }
      if (c.method === 'DELETE' && rest === 'deleteBatch') {
        const method = c.url.searchParams.get('method');
        w.rows[code] = rows.filter((r) => method !== null && r.method !== method);
        return ok(null);
      }
      if (c.method === 'DELETE') return ok(null);
    }
    return ok({ dataList: [], total: 0 });
  });
}

const path = () => `${window.location.pathname}${window.location.search}`;

function start(url: string, b: Parameters<typeof setCurrentBuilding>[0] = building) {
  setToken('tok', false);
  setCurrentBuilding(b);
  renderApp(url);
}

const produceRows: Row[] = [
  {
    id: 1,
    projectId: 7,
    materialName: 'C30混凝土',
    spec: 'C30',
    unit: 'm3',
    quantity: 3000,
    factorValue: 295,
    factorUnit: 'kgCO2e/m3',
    emission: 885000,
  },
  {
    id: 2,
    projectId: 7,
    materialName: '普通碳钢',
    spec: '',
    unit: 't',
    quantity: 500.5,
    factorValue: 2050,
    factorUnit: 'kgCO2e/t',
    emission: 1025000.456,
  },
];

describe('every stage schema gets its screen from the schema alone', () => {
  it('columns, hidden building/method fields, factor pickers and the default method come from each schema', () => {
    for (const schema of Object.values(STAGE_SCHEMAS)) {
      const def = stageDef(schema['x-stage'].code)!;
      expect(def.schema).toBe(schema);
      expect(listFields(def.schema).length).toBeGreaterThan(0);
      const ui = stageUiSchema(def, {}, {});
      expect(ui.projectId).toMatchObject({ 'ui:widget': 'hidden' });
      if (hasMethods(def)) {
        expect(ui.method).toMatchObject({ 'ui:widget': 'hidden' });
        expect(chosenMethod(def, {})).toBe((schema.properties as Record<string, { default?: string }>).method.default);
      }
      for (const pick of factorPicks(def.schema)) {
        expect(typeof ui[pick.field]['ui:widget']).toBe('function');
        if (!(pick.value in def.schema.properties)) continue; // a material pick (transport) brings no factor value
        expect(ui[pick.value]?.['ui:readonly']).toBeUndefined();
        expect(stageUiSchema(def, {}, { [pick.field]: 5 })[pick.value]).toMatchObject({ 'ui:readonly': true });
      }
    }
  });

  it('the transport limit is 6 % of production', () => {
    const data = (trans: number, produce: number) => ({ trans: { total: trans }, produce: { total: produce } });
    expect(limitWarnings('trans', data(6.01, 100))).toEqual(['已超建材生产碳排放 6% !']);
    expect(limitWarnings('trans', data(6, 100))).toEqual([]);
    expect(limitWarnings('produce', data(60, 100))).toEqual([]);
    expect(limitWarnings('trans', { trans: { total: 5 } })).toEqual([]);
  });
});

describe('table-mode stage', () => {
  it('lists the rows with 序号, 2 decimals (a factor up to its x-decimals), the emission and the 合计; the stage total in tCO2e', async () => {
    const w = world({
      rows: { produce: produceRows },
      data: { produce: { title: '建材生产', total: 1910.0005, rows: 2, method: null, notes: [] } },
    });
    const { calls } = api(w);
    start('/budget/produce');
    const table = await screen.findByRole('table', { name: '建材生产' });
    const head = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(head).toEqual(
      expect.arrayContaining(['序号', '材料名称', '用量', '排放因子', '因子单位', '碳排放量(kgCO2e)', '操作']),
    );
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('1C30混凝土');
    expect(within(first).getByText('3,000.00')).toBeInTheDocument();
    expect(within(first).getByText('295.00')).toBeInTheDocument(); // (x-decimals 4: up to 4, not padded)
    expect(within(first).getByText('885,000.00')).toBeInTheDocument();
    expect(within(second).getByText('500.50')).toBeInTheDocument();
    const sum = screen.getByTestId('stage-sum');
    expect(sum).toHaveTextContent('合计');
    expect(sum).toHaveTextContent('1,910,000.46');
    expect(await screen.findByTestId('stage-total')).toHaveTextContent('1,910.00');
    const list = calls.find((c) => c.url.pathname === `${STAGE}/produce/`)!;
    expect(list.url.searchParams.get('projectId')).toBe('7');
    expect(list.url.searchParams.get('pageSize')).toBe('10');
    expect(list.url.searchParams.get('pageNum')).toBe('1');
    expect(list.url.searchParams.get('sortField')).toBe('id');
  });

  it('an empty table shows 暂无数据; 批量删除 on it says 列表暂无数据', async () => {
    api(world());
    start('/budget/produce');
    const table = await screen.findByRole('table', { name: '建材生产' });
    expect(await within(table).findByText('暂无数据')).toBeInTheDocument();
    expect(screen.queryByTestId('stage-sum')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '批量删除' }));
    expect(await screen.findByText('列表暂无数据')).toBeInTheDocument();
  });

  it('pages on the server (10 rows, 共 N 条): the 合计 is the server’s over every row, 序号 goes on, a selection outlives its page', async () => {
    // 130 rows of 10 kg each: the server sums 130 × 10 = 1,300.00 whatever page is shown
    const many = Array.from({ length: 130 }, (_, i) => ({ ...produceRows[0], id: 1000 + i, emission: 10 }));
    const w = world({ rows: { produce: many } });
    const { calls } = api(w);
    start('/budget/produce');
    const table = await screen.findByRole('table', { name: '建材生产' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 10 + 1); // head, a page of rows, 合计
    expect(screen.getByTestId('stage-sum')).toHaveTextContent('1,300.00');
    expect(screen.getByText('第 1-10 条，共 130 条')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: '全选本页' }));
    fireEvent.click(screen.getByRole('button', { name: /下一页|next page/i }));
    await screen.findByRole('checkbox', { name: '选择第 11 行' });
    expect(screen.getByText('第 11-20 条，共 130 条')).toBeInTheDocument();
    const pageTwo = within(screen.getByRole('table', { name: '建材生产' })).getAllByRole('row');
    expect(pageTwo).toHaveLength(1 + 10 + 1);
    expect(pageTwo[1]).toHaveTextContent(/^11C30混凝土/);
    expect(calls.some((c) => c.url.pathname === `${STAGE}/produce/` && c.url.searchParams.get('pageNum') === '2')).toBe(
      true,
    );
    expect(screen.getByTestId('stage-sum')).toHaveTextContent('1,300.00');
    // page 1's ten rows stay chosen; one of page 2 more: 批量删除 sends the eleven ids
    fireEvent.click(screen.getByRole('checkbox', { name: '选择第 11 行' }));
    expect(screen.getByTestId('stage-selection')).toHaveTextContent('已选 11 条');
    fireEvent.click(screen.getByRole('button', { name: '批量删除' }));
    expect(await screen.findByText('确定要删除选中的 11 条数据吗？')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => {
      const del = calls.find((c) => c.method === 'DELETE' && c.url.pathname === `${STAGE}/produce/`);
      expect(del?.url.searchParams.getAll('ids')).toEqual([
        ...Array.from({ length: 10 }, (_, i) => String(1000 + i)),
        '1010',
      ]);
    });
  });

  it('sorts by a sortable column and searches the row names on the server', async () => {
    const w = world({
      rows: { produce: produceRows },
      data: { produce: { title: '建材生产', total: 1910.0005, rows: 2, method: null, notes: [] } },
    });
    const { calls } = api(w);
    start('/budget/produce');
    const table = await screen.findByRole('table', { name: '建材生产' });
    fireEvent.click(within(table).getByRole('button', { name: /碳排放量\(kgCO2e\)/ }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.pathname === `${STAGE}/produce/` && c.url.searchParams.get('sortField') === 'emission'),
      ).toBe(true),
    );
    fireEvent.change(screen.getByLabelText('材料名称'), { target: { value: '碳钢' } });
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: '建材生产' })).queryByText('C30混凝土')).toBeNull(),
    );
    expect(screen.getByText('普通碳钢')).toBeInTheDocument();
    expect(
      calls.some(
        (c) => c.url.searchParams.get('materialName') === '碳钢' && c.url.searchParams.get('projectId') === '7',
      ),
    ).toBe(true);
    // the 合计 is the found rows’ (1,025,000.456 kg)
    expect(screen.getByTestId('stage-sum')).toHaveTextContent('1,025,000.46');
  });

  it('on a phone each row is a card with its name and figures; a tap opens the row, the 合计 stays', async () => {
    await atWidth(390, async () => {
      api(world({ rows: { produce: produceRows } }));
      start('/budget/produce');
      const card = (await screen.findByText('C30混凝土')).closest('[role="button"], a, li')!;
      expect(screen.queryByRole('table', { name: '建材生产' })).toBeNull();
      // the figures a table would have put off screen: 3000 m³ × 295 = 885,000.00 kg
      // each with its unit, from the row's own unit fields
      expect(card).toHaveTextContent('用量：3,000.00 m3');
      expect(card).toHaveTextContent('排放因子：295.00 kgCO2e/m3');
      expect(card).toHaveTextContent('碳排放量(kgCO2e)：885,000.00');
      // 885,000 + 1,025,000.456 = 1,910,000.456 kg
      expect(screen.getByTestId('stage-sum')).toHaveTextContent('合计：1,910,000.46 kgCO2e');
      fireEvent.click(card);
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('编辑建材生产')).toBeInTheDocument();
      expect(within(dialog).getByLabelText(/材料名称/)).toHaveValue('C30混凝土');
    });
  });

  it('批量删除 needs a selection; deleting a row asks first (取消 → 操作已取消, 确定 → DELETE and recalculate)', async () => {
    const w = world({ rows: { produce: produceRows.map((r) => ({ ...r })) } });
    const { calls } = api(w);
    start('/budget/produce');
    await screen.findByText('C30混凝土');
    fireEvent.click(screen.getByRole('button', { name: '批量删除' }));
    expect(await screen.findByText('请先选择要删除的数据!')).toBeInTheDocument();

    const row = screen.getByText('C30混凝土').closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '删除' }));
    fireEvent.click(await screen.findByRole('button', { name: '取消' }));
    expect(await screen.findByText('操作已取消')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(row).getByRole('button', { name: '删除' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === `${STAGE}/produce/1`)).toBe(true),
    );
    await waitFor(() => expect(calls.some((c) => c.url.pathname === `${STAGE}/produce/calculate`)).toBe(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('checkbox', { name: '选择第 2 行' }));
    fireEvent.click(screen.getByRole('button', { name: '批量删除' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => {
      const del = calls.find((c) => c.method === 'DELETE' && c.url.pathname === `${STAGE}/produce/`);
      expect(del?.url.searchParams.getAll('ids')).toEqual(['2']);
    });
  });

  it('新增: the dialog picks a library factor (value, unit and source filled) and saves the row with the building', async () => {
    const w = world({
      factors: [
        {
          id: 55,
          type: '建材',
          name: 'C30混凝土',
          spec: '',
          unit: 'm3',
          materialCo: 0.295,
          coUnit: 'tCO2e/m3',
          source: 'GB/T 51366-2019 附录D',
          verification: 'V',
        },
      ],
    });
    const { calls } = api(w);
    start('/budget/produce');
    await screen.findByText('暂无数据');
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('新增建材生产')).toBeInTheDocument();
    fireEvent.change(await within(dialog).findByLabelText(/材料名称/), { target: { value: 'C30混凝土' } });
    fireEvent.change(within(dialog).getByLabelText(/^单位/), { target: { value: 'm3' } });
    fireEvent.change(within(dialog).getByLabelText(/^用量/), { target: { value: '3000' } });
    const picker = within(dialog).getByRole('combobox', { name: /排放因子\(因子库\)/ });
    fireEvent.change(picker, { target: { value: 'C30' } });
    // the library is searched by type, then by the label typed (debounced): the option is picked from that
    // answer, so no later answer can replace the list under the click (a load-dependent race once)
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.url.pathname === '/api/tpf/v1/tpf/tpf3BuildMaterial/' && c.url.searchParams.get('label') === 'C30',
        ),
      ).toBe(true),
    );
    fireEvent.click(await screen.findByRole('option', { name: /C30混凝土/ }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^排放因子$|^排放因子 /)).toHaveProperty('value', '295'));
    expect(within(dialog).getByLabelText(/因子单位/)).toHaveValue('kgCO2e/m3');
    expect(within(dialog).getByLabelText(/因子来源/)).toHaveValue('GB/T 51366-2019 附录D');
    const search = calls.find(
      (c) => c.url.pathname === '/api/tpf/v1/tpf/tpf3BuildMaterial/' && c.url.searchParams.get('label') === 'C30',
    )!;
    expect(search.url.searchParams.get('type')).toBe('建材');
    expect(search.url.searchParams.get('pageSize')).toBe('50');

    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('新增成功!')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === `${STAGE}/produce/batch`)!;
    expect(post.body).toEqual([
      {
        projectId: 7,
        materialName: 'C30混凝土',
        unit: 'm3',
        quantity: 3000,
        factorId: 55,
        factorValue: 295,
        factorUnit: 'kgCO2e/m3',
        factorSource: 'GB/T 51366-2019 附录D',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('C30混凝土')).toBeInTheDocument();
  });

  it('the dialog checks the form in Chinese and shows the server field errors under their fields', async () => {
    const { calls } = api(world(), (c) =>
      c.url.pathname === `${STAGE}/produce/batch`
        ? {
            status: 400,
            body: {
              code: 2,
              message: '表单校验失败, 请检查输入!',
              data: [{ field: '第1行 factorId', errorMsg: '请选择建材类的因子' }],
            },
          }
        : undefined,
    );
    start('/budget/produce');
    await screen.findByText('暂无数据');
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByLabelText(/材料名称/);
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入材料名称')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入用量')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/材料名称/), { target: { value: '砂' } });
    fireEvent.change(within(dialog).getByLabelText(/^单位/), { target: { value: 't' } });
    fireEvent.change(within(dialog).getByLabelText(/^用量/), { target: { value: '10' } });
    // the server's save rule, mirrored: a row without a factor is named before any request
    fireEvent.click(within(dialog).getByRole('button', { name: '保存并新增' }));
    expect((await within(dialog).findAllByText('请选择或填写排放因子')).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/^排放因子$/), { target: { value: '2.51' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存并新增' }));
    expect((await within(dialog).findAllByText('请选择建材类的因子')).length).toBeGreaterThan(0);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('units', () => {
  it('a unit that cannot be converted to the factor’s is named under 单位 before any request', async () => {
    const { calls } = api(world());
    start('/budget/produce');
    await screen.findByText('暂无数据');
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(await within(dialog).findByLabelText(/材料名称/), { target: { value: '混凝土' } });
    fireEvent.change(within(dialog).getByLabelText(/^单位/), { target: { value: 't' } });
    fireEvent.change(within(dialog).getByLabelText(/^用量/), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText(/^排放因子$/), { target: { value: '295' } });
    fireEvent.change(within(dialog).getByLabelText(/因子单位/), { target: { value: 'kgCO2e/m3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    const msg = '用量单位「t」与排放因子单位「kgCO2e/m3」不一致，且该材料没有密度';
    expect((await within(dialog).findAllByText(msg)).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  const rebar = {
    id: 56,
    type: '建材',
    smallType: '钢铁',
    name: '热轧碳钢钢筋',
    spec: '',
    unit: 't',
    materialCo: 2340,
    coUnit: 'kgCO2e/t',
    source: 'GB/T 51366-2019 附录D',
    verification: 'V',
  };
  async function pickRebar(dialog: HTMLElement, calls: Call[]) {
    fireEvent.change(within(dialog).getByRole('combobox', { name: /排放因子\(因子库\)/ }), {
      target: { value: '钢筋' },
    });
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.url.pathname === '/api/tpf/v1/tpf/tpf3BuildMaterial/' && c.url.searchParams.get('label') === '钢筋',
        ),
      ).toBe(true),
    );
    fireEvent.click(await screen.findByRole('option', { name: /热轧碳钢钢筋/ }));
    await waitFor(() => expect(within(dialog).getByLabelText(/因子单位/)).toHaveValue('kgCO2e/t'));
  }

  it('单位 kg typed, the per-t 热轧碳钢钢筋 picked: 单位 stays kg and the row is saved in kg', async () => {
    const { calls } = api(world({ factors: [rebar] }));
    start('/budget/produce');
    await screen.findByText('暂无数据');
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(await within(dialog).findByLabelText(/材料名称/), { target: { value: '钢筋' } });
    fireEvent.change(within(dialog).getByLabelText(/^单位/), { target: { value: 'kg' } });
    fireEvent.change(within(dialog).getByLabelText(/^用量/), { target: { value: '5000' } });
    await pickRebar(dialog, calls);
    expect(within(dialog).getByLabelText(/^单位/)).toHaveValue('kg');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('新增成功!')).toBeInTheDocument();
    // the server converts 5 000 kg = 5 t on its factor (tests/server/typedUnit.test.ts: 11 700 kgCO2e)
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === `${STAGE}/produce/batch`)!;
    expect(post.body).toEqual([
      {
        projectId: 7,
        materialName: '钢筋',
        unit: 'kg',
        quantity: 5000,
        factorId: 56,
        factorValue: 2340,
        factorUnit: 'kgCO2e/t',
        factorSource: 'GB/T 51366-2019 附录D',
      },
    ]);
  });

  it('an empty 单位 takes the factor’s; a unit it cannot take is named under 单位 with both units, nothing sent', async () => {
    const { calls } = api(world({ factors: [rebar] }));
    start('/budget/produce');
    await screen.findByText('暂无数据');
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(await within(dialog).findByLabelText(/材料名称/), { target: { value: '钢筋' } });
    await pickRebar(dialog, calls);
    expect(within(dialog).getByLabelText(/^单位/)).toHaveValue('t');
    fireEvent.change(within(dialog).getByLabelText(/^单位/), { target: { value: '根' } });
    fireEvent.change(within(dialog).getByLabelText(/^用量/), { target: { value: '120' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    const msg = '用量单位「根」与排放因子单位「kgCO2e/t」不一致，且该材料没有密度';
    expect((await within(dialog).findAllByText(msg)).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('stages with methods', () => {
  const buildRows: Row[] = [
    {
      id: 11,
      projectId: 7,
      method: 'energy',
      name: '柴油',
      unit: 'kg',
      quantity: 50000,
      factorValue: 3.096,
      emission: 154800,
    },
    {
      id: 12,
      projectId: 7,
      method: 'machine',
      name: '挖掘机',
      unit: '台班',
      quantity: 100,
      energyPerShift: 63,
      factorValue: 3.096,
      emission: 19504.8,
    },
  ];

  it('the radio shows the building method and its rows; a change PUTs …/method and shows the other rows', async () => {
    const w = world({ rows: { build: buildRows }, stageMethods: {} });
    const { calls } = api(w);
    start('/budget/build');
    // default: the method property's default (energy)
    const energy = await screen.findByRole('radio', { name: '按总能源用量计算' });
    expect(energy).toBeChecked();
    expect(await screen.findByText('柴油')).toBeInTheDocument();
    expect(screen.queryByText('挖掘机')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: '按施工机械和临时设施计算' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: '按施工机械和临时设施计算' })).toBeChecked());
    const put = calls.find((c) => c.method === 'PUT' && c.url.pathname === `${STAGE}/build/method`)!;
    expect(put.body).toEqual({ projectId: 7, method: 'machine' });
    expect(await screen.findByText('挖掘机')).toBeInTheDocument();
    expect(screen.queryByText('柴油')).toBeNull();
    expect(screen.getByTestId('stage-sum')).toHaveTextContent('19,504.80');
  });

  it('rows of the method the building does not use are named above the table as not counted, and can be deleted', async () => {
    const w = world({ rows: { build: buildRows }, stageMethods: { build: 'energy' } });
    const { calls } = api(w);
    start('/budget/build');
    const alert = await screen.findByTestId('other-method-rows');
    expect(alert).toHaveTextContent(
      '另有 1 行按其他计算方式录入，本单体该阶段采用「按总能源用量计算」，这些行未计入计算。',
    );
    fireEvent.click(within(alert).getByRole('button', { name: '删除这些行' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => {
      const del = calls.find((c) => c.method === 'DELETE' && c.url.pathname === `${STAGE}/build/deleteBatch`);
      expect(Object.fromEntries(del?.url.searchParams ?? [])).toEqual({ projectId: '7', method: 'machine' });
    });
    await waitFor(() => expect(screen.queryByTestId('other-method-rows')).toBeNull());
  });

  it('a new row gets the building method', async () => {
    const w = world({ rows: { build: buildRows }, stageMethods: { build: 'machine' } });
    const { calls } = api(w);
    start('/budget/build');
    expect(await screen.findByRole('radio', { name: '按施工机械和临时设施计算' })).toBeChecked();
    fireEvent.click(await screen.findByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(await within(dialog).findByLabelText(/能源\/机械名称/), { target: { value: '塔吊' } });
    fireEvent.change(within(dialog).getByLabelText(/用量\/台班数/), { target: { value: '20' } });
    fireEvent.change(within(dialog).getByLabelText(/^台班能耗$/), { target: { value: '5' } });
    // the per-shift energy is asked with its unit, beside it
    fireEvent.change(within(dialog).getByLabelText(/^台班能耗单位$/), { target: { value: 'kWh' } });
    fireEvent.mouseDown(within(dialog).getByLabelText(/能源种类/));
    fireEvent.click(await screen.findByRole('option', { name: /电力|electricity/ })); // (the fake has no energyKind dictionary)
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === `${STAGE}/build/batch`)).toBe(true));
    const post = calls.find((c) => c.url.pathname === `${STAGE}/build/batch`)!;
    // electricity without a factor of its own: the building's grid factor, on the server (默认值)
    expect(post.body).toEqual([
      {
        projectId: 7,
        method: 'machine',
        name: '塔吊',
        energy: 'electricity',
        quantity: 20,
        energyPerShift: 5,
        energyPerShiftUnit: 'kWh',
      },
    ]);
  });
});

describe('save then calculate', () => {
  it('下一步 calculates the stage (mask, 计算成功!) and goes to the next stage', async () => {
    const { calls } = api(world());
    start('/budget/produce');
    await screen.findByText('暂无数据');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(screen.getByText('正在保存, 请稍候...')).toBeVisible());
    expect(await screen.findByText('计算成功!')).toBeInTheDocument();
    await waitFor(() => expect(path()).toBe('/budget/trans'));
    const calc = calls.find((c) => c.url.pathname === `${STAGE}/produce/calculate`)!;
    expect(calc.url.searchParams.get('projectId')).toBe('7');
  });

  it('a failed calculation stays on the stage', async () => {
    api(world(), (c) =>
      c.url.pathname === `${STAGE}/produce/calculate`
        ? { status: 403, body: { code: 0, message: '没有权限，拒绝访问!', data: null } }
        : undefined,
    );
    start('/budget/produce');
    await screen.findByText('暂无数据');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText('没有权限，拒绝访问!')).toBeInTheDocument();
    expect(path()).toBe('/budget/produce');
  });

  it('from the last stage: calculate, PUT status 1, the session building is complete, then the result', async () => {
    const { calls } = api(world());
    start('/budget/runtime');
    await screen.findByText('暂无数据');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(path()).toBe('/budget/result'));
    const i = calls.findIndex((c) => c.url.pathname === `${STAGE}/runtime/calculate`);
    const j = calls.findIndex((c) => c.method === 'PUT' && c.url.pathname === '/api/tpf/v1/tpf/tpf3Project/status');
    expect(i).toBeGreaterThan(-1);
    expect(j).toBeGreaterThan(i);
    expect(calls[j].body).toEqual({ id: 7, status: '1' });
    expect(getCurrentBuilding()?.status).toBe('1');
  });

  it('transport: 已超建材生产碳排放 6% ! when transport exceeds 6 % of production', async () => {
    const w = world({
      data: {
        produce: { title: '建材生产', total: 100, rows: 1, method: null, notes: [] },
        trans: { title: '建材运输', total: 6.5, rows: 1, method: null, notes: [] },
      },
    });
    api(w);
    start('/budget/trans');
    expect(await screen.findByText('已超建材生产碳排放 6% !')).toBeInTheDocument();
    expect(screen.getByTestId('stage-total')).toHaveTextContent('6.50');
  });

  it('transport within 6 % of production: no warning; notes of the calculation are shown', async () => {
    const w = world({
      data: {
        produce: { title: '建材生产', total: 100, rows: 1, method: null, notes: [] },
        trans: { title: '建材运输', total: 5.99, rows: 1, method: null, notes: ['运输距离按默认值计算'] },
      },
    });
    api(w);
    start('/budget/trans');
    expect(await screen.findByText('运输距离按默认值计算')).toBeInTheDocument();
    expect(screen.queryByText('已超建材生产碳排放 6% !')).toBeNull();
  });
});

describe('form-mode stage', () => {
  const accounting = {
    id: 9,
    name: '九号楼',
    computeMethod: 'accounting',
    standard: 'ZQYJG',
    menus: 'supplement,produce',
  };

  it('loads the record of the building and PUTs it with its id; 下一步 saves a changed form first', async () => {
    const w = world({ rows: { supplement: [{ id: 3, projectId: 9, accountingOrg: '某核算单位', actualArea: 1000 }] } });
    const { calls } = api(w);
    start('/accounting/supplement', accounting);
    const org = await screen.findByLabelText(/核算单位/);
    expect(org).toHaveValue('某核算单位');
    expect(screen.getByLabelText(/竣工建筑面积/)).toHaveProperty('value', '1000');
    const get = calls.find((c) => c.url.pathname === `${STAGE}/supplement/`)!;
    expect(get.url.searchParams.get('projectId')).toBe('9');

    fireEvent.change(org, { target: { value: '新核算单位' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('保存成功！')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT' && c.url.pathname === `${STAGE}/supplement/`)!;
    expect(put.body).toEqual({ id: 3, projectId: 9, accountingOrg: '新核算单位', actualArea: 1000 });

    fireEvent.change(await screen.findByLabelText(/核算单位/), { target: { value: '第三单位' } });
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(path()).toBe('/accounting/produce'));
    const puts = calls.filter((c) => c.method === 'PUT' && c.url.pathname === `${STAGE}/supplement/`);
    expect(puts).toHaveLength(2);
    expect((puts[1].body as Row).accountingOrg).toBe('第三单位');
    const k = calls.findIndex((c) => c.url.pathname === `${STAGE}/supplement/calculate`);
    expect(k).toBeGreaterThan(calls.indexOf(puts[1]));
  });

  it('a building without the record POSTs a new one', async () => {
    const { calls } = api(world());
    start('/accounting/supplement', accounting);
    fireEvent.change(await screen.findByLabelText(/核算单位/), { target: { value: '核算中心' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname === `${STAGE}/supplement/`)).toBe(true),
    );
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ projectId: 9, accountingOrg: '核算中心' });
  });
});
