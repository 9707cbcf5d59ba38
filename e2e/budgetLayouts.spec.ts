// Two budget files a cost engineer brings, on one 概预算 building: a 斯维尔/宏业-style 工料机汇总表 (.xls, 名称 and 规格 in
// one column; tests/server/budget/vendorBills.ts) whose pre-flight says how much of the estimated 建材生产 opens
// already mapped, and a 人材机汇总表 whose grades sit in a column titled 参数 (tests/server/budget/layouts.ts), named
// in the pre-flight as a column it could not classify, its C30 and C50 lines kept apart. Screenshots at 390 and
// 1366 px in .tmp/screens/ (bill-coverage-*, bill-unread-*).
import { swFrameBill } from '../tests/server/budget/vendorBills';
import { unreadGrades } from '../tests/server/budget/layouts';
import { billBuilding, billFile } from './bill';
import { expect, shotAround, test } from './fixtures';

test('budget files: the coverage of the proposals, and a column that may hold grades named', async ({ page }) => {
  test.setTimeout(180_000);
  const vendor = billFile('工料机汇总表.xls', await swFrameBill());
  const grades = billFile('人材机汇总表_参数列.xlsx', await unreadGrades());
  const b = await billBuilding(page, {
    engineering: '清单版式工程',
    building: '清单版式楼',
    code: 'LAYOUT-1',
    menus: 'produce,trans,build',
  });

  await page.goto(`/bill?id=${b.id}`);
  await page.getByLabel('选择预算文件').setInputFiles(vendor);
  await expect(page.getByRole('heading', { name: '预检报告' })).toBeVisible({ timeout: 60_000 });
  const coverage = page.getByTestId('bill-coverage');
  await expect(coverage).toContainText(/已自动匹配 \d+ 项，占估算碳排放 (9\d|100)\.\d{2}%/);
  await shotAround(page, coverage, 'bill-coverage', { below: 240 });

  await page.goto(`/bill?id=${b.id}`);
  await page.getByLabel('选择预算文件').setInputFiles(grades);
  await expect(page.getByTestId('bill-unread-columns')).toContainText('人材机汇总表 C列「参数」', { timeout: 60_000 });
  await expect(page.getByTestId('bill-count-duplicatesMerged')).toContainText('1');
  await shotAround(page, page.getByTestId('bill-unread-columns'), 'bill-unread', { below: 240 });
});
