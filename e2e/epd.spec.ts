// EPD import end to end: the admin opens 导入EPD from the factor library; an EC3 record whose validity ended in 2013 is
// refused (导入 disabled); an openEPD document of a ready-mix concrete (1 m3, A1–A3 245.3, D −12.6 kgCO2e) is read as
// written and imported, its page showing 「EPD 数据」. A building then uses it in 建材生产: 100 m3 × 245.3 = 24 530 kg
// → A1–A3 24.53 t, the modules GB does not calculate 未计算, and D = 100 × −12.6 = −1 260 kg → −1.26 t outside the
// total. No axe violation on the three screens. Screenshots (E2E_SHOTS=1) at 1366 and 390 px in .tmp/screens/epd-*.png.
import { readFileSync } from 'node:fs';
import { buildingBody, engineeringBody } from '../tests/server/builders';
import { violations } from './axe';
import { api, expect, login, shot, shotAround, shotBoth, test } from './fixtures';

const FILES = 'e2e/fixtures/epd';
const TPF = '/api/tpf/v1/tpf';
const PRODUCT = '示例预拌混凝土 C30（EPD演示）';

test('导入EPD: pre-flight, a refusal, the import, the factor’s EPD data, the EN 15978 modules', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, 'admin', '/divisor');
  await page.getByRole('link', { name: '导入EPD' }).click();
  await expect(page).toHaveURL(/\/divisor\/epd$/);
  await expect(page.getByRole('heading', { level: 1, name: '导入EPD' })).toBeVisible();
  const files = page.locator('input[type=file]');
  const report = page.getByTestId('epd-preflight');
  const importButton = page.getByRole('button', { name: '导入', exact: true });

  // an expired EC3 record: read, refused, nothing to import
  await files.setInputFiles(`${FILES}/rockwool-ec3-expired.yaml`);
  await expect(report.getByTestId('epd-refusals')).toContainText('EPD 有效期已于 2013-12-31 结束');
  await expect(report.getByTestId('epd-field-有效期至').getByTestId('epd-expired')).toHaveText('已过期');
  await expect(importButton).toBeDisabled();
  await shotBoth(page, 'epd-refused');

  // the openEPD document: its declared unit and A1–A3 as the file writes them, the modules in EN 15804 order
  await files.setInputFiles(`${FILES}/concrete-openepd.json`);
  await expect(report.getByTestId('epd-field-产品名称')).toHaveText(PRODUCT);
  await expect(report.getByTestId('epd-field-声明单位')).toHaveText('1 m3');
  await expect(report.getByTestId('epd-field-A1–A3 GWP')).toHaveText('245.30 kgCO2e / 1 m3（声明值）');
  await expect(report.getByTestId('epd-field-标准与指标')).toContainText('EN 15804+A2 的 GWP-total');
  await expect(report.getByTestId('epd-field-每声明单位质量(kg)')).toHaveText('2,350.00');
  await expect(report.getByTestId('epd-refusals')).toHaveCount(0);
  const modules = report.getByRole('table', { name: 'EPD 各模块的 GWP' }).getByRole('row');
  await expect(modules).toHaveCount(8);
  await expect(modules.nth(1)).toContainText('A1–A3');
  await expect(modules.nth(1)).toContainText('245.30');
  await expect(modules.nth(7)).toContainText('D');
  await expect(modules.nth(7)).toContainText('-12.60');
  await expect(report.getByTestId('epd-factor-碳排放因子')).toHaveText('245.30 kgCO2e/m3');
  await expect(report.getByTestId('epd-factor-数据质量')).toHaveText('EPD（产品专用）');
  await shotBoth(page, 'epd-preflight');
  expect(await violations(page, '导入EPD 预检')).toEqual([]);

  await page.getByLabel('小类').fill('混凝土');
  await importButton.click();
  await expect(page.getByText('EPD 已导入为因子')).toBeVisible();
  await expect(page).toHaveURL(/\/divisor\/\d+$/);
  const factorId = Number(new URL(page.url()).pathname.split('/').pop());
  await page.reload(); // (the page as it opens later, without the notification over it)
  const panel = page.getByTestId('epd-panel');
  await expect(panel.getByRole('heading', { name: 'EPD 数据' })).toBeVisible();
  await expect(panel.getByTestId('epd-field-注册编号')).toHaveText('EPD-DEMO-2024-0001');
  await expect(panel.getByTestId('epd-field-有效期至')).toHaveText('2030-06-30');
  await expect(panel.getByTestId('epd-module-D')).toContainText('-12.60');
  await expect(panel.getByTestId('epd-expired')).toHaveCount(0);
  await shotAround(page, panel, 'epd-factor');
  expect(await violations(page, '因子的 EPD 数据')).toEqual([]);

  // a building using it in 建材生产, calculated through the API
  const eng = await api(
    page,
    'POST',
    `${TPF}/tpf3Engineering/`,
    engineeringBody({ name: 'EPD演示工程', code: 'E2E-EPD' }),
  );
  const b = await api(
    page,
    'POST',
    `${TPF}/tpf3Project/`,
    buildingBody(eng.id, { name: 'EPD演示楼', code: 'EPD-1', menus: 'produce', buildArea: 1000 }),
  );
  const saved = await api(page, 'POST', `${TPF}/stage/produce/batch`, [
    { projectId: b.id, materialName: '预拌混凝土', unit: 'm3', quantity: 100, factorId },
  ]);
  expect(Number(saved.rows[0].emission)).toBeCloseTo(24_530, 6);
  await api(page, 'PUT', `${TPF}/tpf3Project/status`, { id: b.id, status: '1' });

  await page.goto(`/factors/result?projectId=${b.id}`);
  await expect(page).toHaveURL(/\/budget\/result$/);
  const result = page.getByTestId('result-page');
  await expect(result.getByTestId('figure-碳排放总量(tCO2e)')).toHaveText('24.53');
  const table = result.getByTestId('modules');
  await expect(table.getByRole('heading', { name: 'EN 15978 模块' })).toBeVisible();
  await expect(table.getByTestId('module-A1–A3-value')).toHaveText('24.53');
  await expect(table.getByTestId('module-A4-value')).toHaveText('未计算');
  await expect(table.getByTestId('module-B1-value')).toHaveText('未计算');
  await expect(table.getByTestId('module-C1-value')).toHaveText('未计算');
  await expect(table.getByTestId('module-total-value')).toHaveText('24.53');
  await expect(table.getByText('D（不计入合计）')).toBeVisible();
  await expect(table.getByTestId('module-D-value')).toHaveText('-1.26');
  await expect(table.getByTestId('module-D')).toContainText(`EPD 因子「${PRODUCT}」（EPD-DEMO-2024-0001）：D -12.6`);
  // the same result as a file another tool reads: the lines, the total and D outside it
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    table.getByRole('button', { name: '导出模块结果(JSON)' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/-EN15978\.json$/);
  const exported = JSON.parse(readFileSync(await file.path(), 'utf8'));
  expect(exported).toMatchObject({
    format: 'tansuan-en15978',
    total: 24.53,
    d: { value: -1.26, includedInTotal: false },
  });
  await shotAround(page, table, 'epd-result-modules');
  expect(await violations(page, 'EN 15978 模块')).toEqual([]);
  // the whole card at 390 px, down to its D row
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'epd-result-modules-card-390', { of: table });
});
