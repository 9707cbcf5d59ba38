// The budget pre-flight's 待确认问题 on the client: the families over their ceiling per m² shown with their lines,
// rows and working; an import of a chosen line among them asks for confirmation naming it and sends
// confirmProblems; lines not among them import without asking.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { setToken } from '../../src/client/providers/tokenStorage';
import type { Bill, BudgetItemAnswer, BudgetSuggestionAnswer } from '../../src/client/budget/budgetApi';
import { ok } from './fakeApi';
import { stubShell } from './shellFake';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/budget/BudgetPage';

const BASE = '/api/tpf/v1/tpf/budgetBill';
const BUILDING = {
  id: 11,
  name: '铝板楼',
  computeMethod: 'budget',
  menus: 'produce',
  engineeringName: '示例项目',
  status: '0',
};

const sug = (over: Partial<BudgetSuggestionAnswer>): BudgetSuggestionAnswer => ({
  factorId: 1,
  label: '因子',
  unit: 't',
  coUnit: 'kgCO2e/t',
  factorValue: 100,
  confidence: 1,
  reasons: [],
  saved: false,
  quantity: 1,
  steps: [],
  error: null,
  ...over,
});
const item = (key: string, over: Partial<BudgetItemAnswer>): BudgetItemAnswer => ({
  key,
  cls: 'material',
  reason: '类别「材」',
  code: '',
  name: key,
  spec: '',
  unit: 't',
  quantity: 1,
  sources: [{ sheet: '人材机汇总表', row: 9 }],
  suggestions: [],
  machine: null,
  note: null,
  ...over,
});

const MESSAGE =
  '「铝单板 3mm」20 m3 × 密度 2.7 t/m3 = 54,000 kg ÷ 楼面面积 1,000.00 m²（单体建筑面积）= 54.00 kg/m²，超过铝及铝合金上限 30.00 kg/m²（物理上限：…）';
const BILL: Bill = {
  jobId: 5,
  projectId: 11,
  fileName: '铝板楼人材机汇总表.xlsx',
  sheets: ['人材机汇总表'],
  otherSheets: [],
  totalLines: 2,
  byClass: {
    labour: { lines: 0, items: 0 },
    material: { lines: 2, items: 2 },
    equipment: { lines: 0, items: 0 },
    energy: { lines: 0, items: 0 },
    machine: { lines: 0, items: 0 },
  },
  withoutQuantity: 0,
  zeroQuantity: 0,
  costLines: 0,
  duplicatesMerged: 0,
  units: [{ unit: 'm3', lines: 2 }],
  skipped: { blank: 0, subtotal: 0, note: 0, section: 0, header: 0 },
  problems: [],
  review: [
    {
      label: '铝及铝合金',
      message: MESSAGE,
      keys: ['al'],
      names: ['铝单板 3mm'],
      sources: [{ sheet: '人材机汇总表', row: 10 }],
    },
  ],
  items: [
    item('c30', {
      name: '商品混凝土',
      spec: 'C30',
      unit: 'm3',
      quantity: 100,
      suggestions: [sug({ factorId: 101, label: 'C30混凝土', unit: 'm3', quantity: 100 })],
    }),
    item('al', {
      name: '铝单板',
      spec: '3mm',
      unit: 'm3',
      quantity: 20,
      sources: [{ sheet: '人材机汇总表', row: 10 }],
      suggestions: [sug({ factorId: 48, label: '电解铝（全国平均电网电力）', quantity: 54 })],
    }),
  ],
};
const JOB = {
  id: 5,
  kind: 'budget',
  title: '读取预算文件',
  state: 'done',
  done: 2,
  total: 2,
  result: { jobId: 5 },
  message: null,
  errors: null,
};
const ANSWER = { rows: { materials: 2, transport: 0, construction: 0 }, skipped: [], warnings: [], result: BUILDING };

function api() {
  setToken('tok', false);
  return stubShell({
    extra: (c) => {
      const p = c.url.pathname;
      if (p === '/api/tpf/v1/tpf/tpf3ProjectV/11') return ok(BUILDING);
      if (p === `${BASE}/5` && c.method === 'GET') return ok({ job: JOB, bill: BILL });
      if (p === `${BASE}/import`) return ok(ANSWER);
      return undefined;
    },
  });
}

const choiceOf = (name: string) => {
  const row = screen.getAllByTestId('bill-mapping-row').find((r) => within(r).queryByText(name))!;
  return within(row).getByRole('combobox', { name: `${name} 对应因子` });
};

describe('/bill 待确认问题', () => {
  it('shows the family over its ceiling; importing its line asks first, naming it, and sends confirmProblems', async () => {
    const { calls } = api();
    renderApp('/bill?id=11&job=5');
    const card = await screen.findByTestId('bill-review');
    expect(screen.getByTestId('bill-count-review')).toHaveTextContent('1');
    const [problem] = within(card).getAllByTestId('bill-review-item');
    expect(problem).toHaveTextContent('铝及铝合金：「铝单板 3mm」（人材机汇总表 第10行）');
    expect(problem).toHaveTextContent('= 54.00 kg/m²，超过铝及铝合金上限 30.00 kg/m²');

    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      '所选清单项有 1 个待确认的问题（铝及铝合金：「铝单板 3mm」），用量超出单位建筑面积的合理范围，详见待确认问题。确定按预算文件中的数量导入吗？',
    );
    expect(calls.some((c) => c.url.pathname === `${BASE}/import`)).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await screen.findByTestId('bill-import-answer');
    expect(calls.find((c) => c.url.pathname === `${BASE}/import`)!.body).toMatchObject({
      confirmProblems: true,
      mappings: [
        { key: 'c30', factorId: 101 },
        { key: 'al', factorId: 48 },
      ],
    });
  });

  it('without the flagged line chosen, the import asks nothing', async () => {
    const { calls } = api();
    renderApp('/bill?id=11&job=5');
    await screen.findByTestId('bill-review');
    fireEvent.mouseDown(choiceOf('铝单板'));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: '不导入' }));
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    await screen.findByTestId('bill-import-answer');
    expect(screen.queryByRole('dialog')).toBeNull();
    const sent = calls.find((c) => c.url.pathname === `${BASE}/import`)!.body as Record<string, unknown>;
    expect(sent.confirmProblems).toBeUndefined();
    expect(sent.mappings).toEqual([{ key: 'c30', factorId: 101 }]);
  });
});
