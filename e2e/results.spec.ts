// The result and compare pages end to end: A1研发办公楼's result from the building list (查看报告) with its charts,
// the 计算结果 panel folding, the export dialog, and 统计分析 where a fourth pick drops the oldest.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { expect, login, shot, test } from './fixtures';

test('result: donut, indicators, the runtime parts bar chart, fold and the export dialog', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'demo_user', '/budget/project/list');
  const row = page.getByRole('row').filter({ hasText: 'A1研发办公楼' });
  await row.getByRole('button', { name: '查看报告' }).click();
  await expect(page).toHaveURL(/\/budget\/result$/);
  const result = page.getByTestId('result-page');
  await expect(result.getByTestId('figure-碳排放总量(tCO2e)')).toHaveText(/^-?[\d,]+\.\d\d$/);
  await expect(result.getByTestId('figure-单位面积年均碳排放(kgCO2e/(m²·a))')).toHaveText(/^-?[\d,]+\.\d\d$/);
  await expect(page.getByTestId('chart-shares').locator('.apexcharts-canvas svg').first()).toBeVisible();
  await expect(page.getByTestId('chart-stage').locator('.apexcharts-canvas svg').first()).toBeVisible();
  await expect(result.getByTestId('sink')).toContainText('减碳');
  await shot(page, 'results-result');

  await page.getByRole('radiogroup', { name: '计算阶段' }).getByLabel('建筑运行').check();
  await expect(page.getByTestId('chart-stage').locator('.apexcharts-xaxis-label').first()).toBeVisible();
  await shot(page, 'results-runtime-parts');

  const header = page.getByRole('button', { name: '计算结果' });
  await header.click();
  await expect(header).toHaveAttribute('aria-expanded', 'false');
  await page.reload();
  await expect(page.getByRole('button', { name: '计算结果' })).toHaveAttribute('aria-expanded', 'false');
  await page.getByRole('button', { name: '计算结果' }).click();

  await page.getByRole('button', { name: '导出报告' }).click();
  const dialog = page.getByRole('dialog', { name: '导出报告' });
  await expect(dialog.getByLabel('PDF')).toBeChecked();
  await shot(page, 'results-export-dialog');
  // a PDF through the dialog: saved, its first page rendered with pdftoppm for a look (.tmp/screens)
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '确定' }).click();
  const pdf = await downloading;
  await expect(page.getByText('导出成功')).toBeVisible();
  const file = '.tmp/screens/results-report.pdf';
  await pdf.saveAs(file);
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    file,
    '.tmp/screens/results-report-page1',
  ]);
  expect(existsSync('.tmp/screens/results-report-page1.png')).toBe(true);

  await page.getByRole('button', { name: '建筑对比' }).click();
  await expect(page).toHaveURL(/\/budget\/compare$/);
  await expect(page.getByRole('table', { name: '建筑对比' })).toContainText('A1研发办公楼');
  await page.getByRole('combobox', { name: /对比建筑/ }).click();
  await page.getByRole('option', { name: 'D4商业配套中心' }).click();
  await expect(page.getByRole('table', { name: '建筑对比' })).toContainText('D4商业配套中心');
  await expect(page.getByTestId('chart-compare').locator('.apexcharts-canvas svg').first()).toBeVisible();
  await shot(page, 'results-compare-module');
});

test('统计分析: engineering totals, charts, and a fourth pick drops the oldest', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, 'demo_user', '/dashboard');
  await page.getByRole('link', { name: '统计分析' }).click();
  await expect(page).toHaveURL(/\/project\/compare$/);
  await expect(page.getByRole('table', { name: '项目统计' })).toContainText('江北新区低碳示范园');
  // the sums say what they counted, and 合计 covers every project (summed by the server, not the page)
  await expect(page.getByTestId('compare-summed')).toContainText(
    /^已计入已完成的单体 \d+ 个（估算 \d+ 个，概预算 \d+ 个，核算 \d+ 个）/,
  );
  await expect(page.getByRole('table', { name: '项目统计' }).getByRole('row').last()).toContainText(
    /合计（全部 \d+ 个项目）/,
  );
  const combo = page.getByRole('combobox', { name: /对比建筑/ });
  for (const name of ['A1研发办公楼', 'B2人才公寓', 'C3配套学校', 'D4商业配套中心']) {
    await combo.click();
    await page.getByRole('option', { name }).click();
  }
  const table = page.getByRole('table', { name: '建筑对比' });
  await expect(table).toContainText('D4商业配套中心');
  await expect(table).not.toContainText('A1研发办公楼');
  await expect(table.getByRole('row')).toHaveCount(4); // header + three picks
  await expect(page.getByTestId('chart-compare').locator('.apexcharts-canvas svg').first()).toBeVisible();
  await expect(page.getByTestId('chart-methods').locator('.apexcharts-canvas svg').first()).toBeVisible();
  await shot(page, 'results-compare-all');
});
