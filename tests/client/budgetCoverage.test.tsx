// The pre-flight's coverage line: how many items the mapping opens with their factor chosen and their share of the
// estimated 建材生产 (server: budget/coverage.ts), as the page's other percentages, with 2 decimals.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import { coverageText, PreflightCard } from '../../src/client/budget/PreflightCard';
import type { Bill } from '../../src/client/budget/budgetApi';

const coverage = {
  matched: 21,
  total: 35,
  unestimated: 5,
  estimated: 6272006.992,
  matchedEstimated: 5844856.012,
  share: 5844856.012 / 6272006.992,
};

const bill = (over: Partial<Bill> = {}): Bill => ({
  jobId: 7,
  projectId: 3,
  fileName: '框架办公楼-人材机汇总表.xlsx',
  sheets: ['人材机汇总表'],
  otherSheets: [],
  totalLines: 40,
  byClass: {
    labour: { lines: 1, items: 1 },
    material: { lines: 34, items: 34 },
    equipment: { lines: 1, items: 1 },
    energy: { lines: 2, items: 2 },
    machine: { lines: 2, items: 2 },
  },
  withoutQuantity: 0,
  zeroQuantity: 0,
  costLines: 0,
  duplicatesMerged: 0,
  units: [],
  skipped: { blank: 0, subtotal: 0, note: 0, section: 0, header: 0 },
  problems: [],
  items: [],
  ...over,
});

describe('已自动匹配 N 项，占估算碳排放 x%', () => {
  it('the matched items, the share to 2 decimals, and the items left out of the estimate', () => {
    // 5 844 856.012 / 6 272 006.992 = 0.931895… → 93.19%
    expect(coverageText(coverage)).toBe(
      '已自动匹配 21 项，占估算碳排放 93.19%；另有 5 项没有可换算的推荐因子，未计入估算',
    );
    expect(coverageText({ ...coverage, unestimated: 0 })).toBe('已自动匹配 21 项，占估算碳排放 93.19%');
    expect(coverageText({ matched: 0, total: 2, unestimated: 2, estimated: 0, matchedEstimated: 0, share: null })).toBe(
      '已自动匹配 0 项（无可估算的碳排放）；另有 2 项没有可换算的推荐因子，未计入估算',
    );
  });

  it('is shown in the pre-flight when the server answers it, and not otherwise', () => {
    const { rerender } = render(
      <AdminContext dataProvider={testDataProvider()}>
        <PreflightCard bill={bill({ coverage })} />
      </AdminContext>,
    );
    expect(screen.getByTestId('bill-coverage')).toHaveTextContent('已自动匹配 21 项，占估算碳排放 93.19%');
    rerender(
      <AdminContext dataProvider={testDataProvider()}>
        <PreflightCard bill={bill()} />
      </AdminContext>,
    );
    expect(screen.queryByTestId('bill-coverage')).toBeNull();
  });
});
