// Most of the carbon mapped without a click: one frame building's bill as three vendors export it (vendorBills.ts),
// read through the API against the seeded library. Every item opens preselected exactly when its line alone decides
// the right library row, and then on that row; the pre-flight's coverage is the estimates (first converting
// proposal, quantity × factor value) of the preselected items over all, ≥ 90 % on each layout; the page's rule
// (src/client/budget/selection.ts) opens the same items chosen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers';
import { buildingBody, ENG, engineeringBody, PROJECT } from '../builders';
import { upload } from '../files';
import type { BudgetItemAnswer, BudgetPreflightAnswer } from '../../../schemas/budget';
import { initialChoice } from '../../../src/client/budget/selection';
import { gbFrameBill, gccpFrameBill, lineIn, swFrameBill, VENDOR_LINES, type MixLine } from './vendorBills';

const BASE = '/api/tpf/v1/tpf/budgetBill';
type Bill = NonNullable<BudgetPreflightAnswer['bill']>;
let t: TestApp;
let user: string;
let projectId: number;

beforeAll(async () => {
  t = await testApp();
  user = await t.login('demo_user');
  const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody({ name: '覆盖率工程', code: 'COV-1' }))).body.data;
  projectId = (
    await t.call(
      'POST',
      `${PROJECT}/`,
      user,
      buildingBody(eng.id, { name: '框架办公楼', code: 'COV-B1', menus: 'produce,trans,build' }),
    )
  ).body.data.id;
});
afterAll(() => t.close());

async function read(fileName: string, content: Buffer): Promise<Bill> {
  const up = await upload(t, BASE, user, { projectId }, { name: fileName, content });
  expect(up.body.message, fileName).toBe('预算文件读取完成');
  return (await t.call('GET', `${BASE}/${up.body.data.jobId}`, user)).body.data.bill;
}

const text = (name: string, spec: string) => [name, spec].filter(Boolean).join(' ');
// (a line is found by its name and specification together: a reader may split 热轧H型钢 HW200×200 at the H)
const same = (a: string, b: string) => a.replace(/\s/g, '') === b.replace(/\s/g, '');
const estimate = (i: BudgetItemAnswer) =>
  i.suggestions
    .map((s) => (s.error || s.quantity === null || s.factorValue === null ? null : s.quantity * s.factorValue))
    .find((x) => x !== null) ?? 0;

const LAYOUTS = [
  { vendor: 'gccp', file: '框架办公楼-人材机汇总表.xlsx', make: gccpFrameBill },
  { vendor: 'sw', file: '框架办公楼-工料机汇总表.xls', make: swFrameBill },
  { vendor: 'gb', file: '框架办公楼-表-21.xlsx', make: gbFrameBill },
] as const;

describe.each(LAYOUTS)('$file', ({ vendor, file, make }) => {
  let bill: Bill;
  const lines: readonly MixLine[] = VENDOR_LINES[vendor];
  const itemOf = (l: MixLine) => {
    const v = lineIn(l, vendor);
    const found = bill.items.filter((i) => same(text(i.name, i.spec), text(v.name, v.spec)));
    expect(found, text(v.name, v.spec)).toHaveLength(1);
    return found[0];
  };
  beforeAll(async () => {
    bill = await read(file, await make());
  });

  it('every material line is one item, preselected exactly when the line decides its row, and then on that row', () => {
    expect(bill.items.filter((i) => i.cls === 'material' || i.cls === 'equipment')).toHaveLength(lines.length);
    const wrong: string[] = [];
    for (const l of lines) {
      const item = itemOf(l);
      const first = item.suggestions[0];
      const chosen = initialChoice(item) !== null;
      if (chosen !== l.decided)
        wrong.push(
          `${text(item.name, item.spec)}: ${chosen ? `preselected ${first.label}` : `not preselected (${first?.label ?? '无建议'} ${first?.confidence ?? ''})`}`,
        );
      else if (chosen && !first.label.startsWith(l.factor!))
        wrong.push(`${text(item.name, item.spec)}: ${first.label}, not ${l.factor}`);
    }
    expect(wrong).toEqual([]);
  });

  it('each item is estimated as worked by hand in vendorBills.ts (first converting proposal, quantity × factor)', () => {
    for (const l of lines) expect(estimate(itemOf(l)), text(l.name, l.spec)).toBeCloseTo(l.kg, 3);
  });

  it('the coverage: the preselected items’ estimates over all, ≥ 90 %', () => {
    // the sums of the hand-worked estimates of vendorBills.ts: all lines, and the lines that decide their row
    const all = lines.reduce((s, l) => s + l.kg, 0);
    const decided = lines.filter((l) => l.decided).reduce((s, l) => s + l.kg, 0);
    const c = bill.coverage!;
    console.log(
      `${file}: 已自动匹配 ${c.matched} 项 / ${c.total} 项，占估算碳排放 ${(c.share! * 100).toFixed(2)}%（${(c.matchedEstimated / 1000).toFixed(3)} / ${(c.estimated / 1000).toFixed(3)} tCO2e；${c.unestimated} 项无可换算的推荐因子）`,
    );
    expect(c).toMatchObject({
      matched: lines.filter((l) => l.decided).length,
      total: lines.length,
      unestimated: lines.filter((l) => l.kg === 0).length,
    });
    expect(c.estimated).toBeCloseTo(all, 2);
    expect(c.matchedEstimated).toBeCloseTo(decided, 2);
    expect(c.share!).toBeCloseTo(decided / all, 9);
    expect(c.share!).toBeGreaterThanOrEqual(0.9);
  });
});
