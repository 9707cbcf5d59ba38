// Factor versions end to end: a group admin edits a factor a completed building uses → the owner's notification opens
// the building's result, which shows 因子已更新; 重新计算 shows the per-stage before/after table (nothing stored
// yet), 确认更新 stores it. Also the chip in the building list and the factor's 历史版本 page.
// Worked by hand: 1000 kg 钢筋 × 2.34 kgCO2e/kg = 2 340 kg; 10 m³ C30混凝土 × 295 = 2 950 kg → 5.29 t; the steel
// factor edited to 2.5 → 2 500 + 2 950 = 5 450 kg → 5.45 t, difference +0.16 t.
import type { Browser, Page } from '@playwright/test';
import { buildingBody, engineeringBody } from '../tests/server/builders';
import { api, expect, login, shotBoth, test } from './fixtures';

const SHOTS = '.tmp/shots-h5';
const F = '/api/tpf/v1/tpf/tpf3BuildMaterial';
const NAME = '因子版本演示楼';

/** demo_admin's session in a context of its own (the factor library is written by admins). */
async function groupAdmin(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await login(page, 'demo_admin');
  return { page, close: () => ctx.close() };
}

test('a factor edit: notification → 因子已更新 → before/after per stage → 确认更新', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const admin = await groupAdmin(browser);
  const steel = await api(admin.page, 'POST', `${F}/`, {
    type: '建材',
    name: '演示钢筋(版本)',
    materialCo: 2.34,
    coUnit: 'kgCO2e/kg',
    unit: 'kg',
  });

  await login(page, 'demo_user', '/budget/project/list');
  const c30 = (await api(page, 'GET', `${F}/?pageSize=-1&name=${encodeURIComponent('C30混凝土')}`)).dataList[0];
  const eng = await api(
    page,
    'POST',
    '/api/tpf/v1/tpf/tpf3Engineering/',
    engineeringBody({ name: '因子版本演示工程', code: 'E2E-FV' }),
  );
  const b = await api(
    page,
    'POST',
    '/api/tpf/v1/tpf/tpf3Project/',
    buildingBody(eng.id, { name: NAME, code: 'FV-1', menus: 'produce' }),
  );
  await api(page, 'POST', '/api/tpf/v1/tpf/stage/produce/batch', [
    { projectId: b.id, materialName: '钢筋', unit: 'kg', quantity: 1000, factorId: steel.id },
    { projectId: b.id, materialName: 'C30混凝土', unit: 'm3', quantity: 10, factorId: c30.id },
  ]);
  await api(page, 'PUT', '/api/tpf/v1/tpf/tpf3Project/status', { id: b.id, status: '1' });

  // the admin edits the factor: a new version; the building keeps version 1
  const v2 = await api(admin.page, 'PUT', `${F}/`, { ...steel, materialCo: 2.5 });
  expect(v2).toMatchObject({ version: 2, lineageId: steel.id });
  await admin.close();

  // the building list flags it
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: NAME });
  await expect(row.getByTestId('factor-updated')).toBeVisible();
  await shotBoth(page, 'factor-list', { dir: SHOTS });

  // the owner's notification opens the building's result page
  await page.goto('/notify');
  const item = page.getByTestId('inbox-item').filter({ hasText: '因子「演示钢筋(版本)」已更新' });
  await expect(item).toContainText(`「${NAME}」`);
  await expect(item).toContainText('2.34 → 2.5 kgCO2e/kg');
  await shotBoth(page, 'factor-notification', { dir: SHOTS });
  await item.getByRole('button').first().click();
  await expect(page).toHaveURL(/\/budget\/result$/);
  const result = page.getByTestId('result-page');
  await expect(result.getByTestId('figure-碳排放总量(tCO2e)')).toHaveText('5.29');
  await expect(page.getByTestId('factor-updated')).toBeVisible();
  await shotBoth(page, 'factor-result-chip', { dir: SHOTS });

  // 重新计算: the preview, nothing stored yet
  await page.getByRole('button', { name: '重新计算' }).click();
  const dialog = page.getByRole('dialog', { name: /按当前因子版本重新计算/ });
  const table = dialog.getByRole('table', { name: '重新计算前后对比' });
  await expect(table.getByRole('row').filter({ hasText: '建材生产' })).toContainText(/5\.29\s*5\.45\s*\+0\.16/);
  await expect(table.getByRole('row').filter({ hasText: '碳排放总量' })).toContainText('+0.16');
  await expect(dialog).toContainText('演示钢筋(版本)：第 1 版 2.3400 kgCO2e/kg → 第 2 版 2.5000 kgCO2e/kg');
  await shotBoth(page, 'factor-recalc-dialog', { dir: SHOTS });
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(result.getByTestId('figure-碳排放总量(tCO2e)')).toHaveText('5.29');

  // 确认更新 stores it; the flag is gone
  await page.getByRole('button', { name: '重新计算' }).click();
  await expect(table).toContainText('+0.16');
  await dialog.getByRole('button', { name: '确认更新' }).click();
  await expect(page.getByText('已按当前因子版本重新计算并保存')).toBeVisible();
  await expect(result.getByTestId('figure-碳排放总量(tCO2e)')).toHaveText('5.45');
  await expect(page.getByTestId('factor-updated')).toHaveCount(0);
  await shotBoth(page, 'factor-result-applied', { dir: SHOTS });

  // the factor's history, from its row in the library (the filter in the URL first: its debounce then has run)
  await page.goto('/divisor');
  await page.getByLabel('名称', { exact: true }).fill('演示钢筋(版本)');
  await expect(page).toHaveURL(/filter=.*%E6%BC%94%E7%A4%BA/);
  await page.getByRole('row').filter({ hasText: '演示钢筋(版本)' }).getByRole('link', { name: '历史版本' }).click();
  await expect(page).toHaveURL(/\/factors\/versions\/\d+$/); // the current version's id: the page shows its whole line
  const versions = page.getByRole('table', { name: '因子历史版本' });
  await expect(versions.getByRole('row')).toHaveCount(3);
  await expect(versions.getByRole('row').nth(1)).toContainText('第 2 版');
  await expect(versions.getByRole('row').nth(1)).toContainText('当前');
  await expect(versions.getByRole('row').nth(2)).toContainText('2.3400');
  await shotBoth(page, 'factor-versions', { dir: SHOTS });
});
