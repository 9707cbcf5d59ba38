// Screenshots of the user manual (docs/manual/images, referenced by the chapters and embedded in the PDF that
// src/server/help/manual.ts renders): the real screens at 1366 × 768 on the demo data — login, 项目管理 with the
// 新增项目 dialog, a module's building list, the building form, a stage table and its row dialog, the result page
// and the factor library (as the group admin, who may add and import factors). Each image is checked to be a
// 1366 × 768 PNG under 200 KB (re-encoded with a palette when the plain PNG is larger), so the repository stays
// small.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, login, settled, SHOTS_ON, test } from './fixtures';

// Taken with the other screenshots (E2E_SHOTS=1) or alone (UPDATE_MANUAL_SHOTS=1); `npm run manual:shots` sets
// both. UPDATE_MANUAL_SHOTS=1 writes them over the manual's committed images, otherwise they go to .tmp so a run
// leaves the tree unchanged.
const UPDATE = process.env.UPDATE_MANUAL_SHOTS === '1';
const DIR = UPDATE ? 'docs/manual/images' : '.tmp/manual-shots';
const WIDTH = 1366;
const HEIGHT = 768;
const MAX_BYTES = 200 * 1024;

/** The viewport as a PNG in DIR/<name>.png, kept under MAX_BYTES. */
async function capture(page: Page, name: string): Promise<void> {
  await expect(page.locator('.MuiSnackbar-root')).toHaveCount(0, { timeout: 15_000 }); // no toast over the screen
  await settled(page); // dialogs faded in, charts drawn
  const png = await page.screenshot({
    type: 'png',
    scale: 'css',
    animations: 'disabled',
    clip: { x: 0, y: 0, width: WIDTH, height: HEIGHT },
  });
  const out =
    png.length <= MAX_BYTES ? png : await sharp(png).png({ palette: true, quality: 90, effort: 10 }).toBuffer();
  const path = `${DIR}/${name}.png`;
  await sharp(out).toFile(path);
  const meta = await sharp(readFileSync(path)).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['png', WIDTH, HEIGHT]);
  expect(statSync(path).size).toBeLessThan(MAX_BYTES);
}

const rowOf = (scope: Page | Locator, text: string) => scope.getByRole('row').filter({ hasText: text });

test('manual screenshots: login, projects, buildings, building form, stage table and dialog, result, factor library', async ({
  page,
}) => {
  test.skip(
    !SHOTS_ON && !UPDATE,
    "the manual's images are taken by npm run manual:shots (E2E_SHOTS=1 or UPDATE_MANUAL_SHOTS=1)",
  );
  test.setTimeout(180_000);
  mkdirSync(DIR, { recursive: true });
  await page.setViewportSize({ width: WIDTH, height: HEIGHT });

  // 登录页
  await page.goto('/login');
  await expect(page.getByRole('tab', { name: '账号登录' })).toBeVisible();
  await capture(page, 'login');

  // 项目管理 and the 新增项目 dialog
  await login(page, 'demo_user', '/project/manage');
  await expect(rowOf(page, '江北新区低碳示范园')).toContainText('DEMO-2026');
  await capture(page, 'project-list');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const engineering = page.getByRole('dialog');
  await expect(engineering.getByText('新增项目')).toBeVisible();
  await engineering.getByLabel('项目名称').fill('滨江科创中心');
  await engineering.getByLabel('项目编码').fill('BJ-2026');
  await capture(page, 'project-dialog');
  await engineering.getByRole('button', { name: '取消' }).click();
  await expect(engineering).toHaveCount(0);

  // 概预算 单体建筑列表 → the building form of A1研发办公楼
  await page.goto('/budget/project/list');
  const a1 = rowOf(page, 'A1研发办公楼');
  await expect(a1.getByRole('button', { name: '查看报告' })).toBeEnabled();
  await capture(page, 'building-list');
  await a1.getByRole('button', { name: 'A1研发办公楼' }).click();
  await expect(page).toHaveURL(/\/budget\/project\/info\?id=\d+/);
  await expect(page.getByRole('textbox', { name: '单体名称' })).toHaveValue('A1研发办公楼'); // (the list may still be on screen: its sort button is labelled 按单体名称…)
  await capture(page, 'building-form');

  // 建材生产: the stage table, then a row's 编辑 dialog
  await page.getByRole('menuitem', { name: '建材生产' }).click();
  await expect(page).toHaveURL(/\/budget\/produce$/);
  const table = page.getByTestId('stage-table');
  await expect(rowOf(table, '热轧碳钢钢筋')).toContainText('5,382,000.00');
  await capture(page, 'stage-table');
  await rowOf(table, '热轧碳钢钢筋').getByRole('button', { name: '编辑' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('编辑建材生产')).toBeVisible();
  await expect(dialog.getByLabel(/材料名称/)).toHaveValue('热轧碳钢钢筋');
  await capture(page, 'stage-dialog');
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toHaveCount(0);

  // 计算结果
  await page.getByRole('menuitem', { name: '计算结果' }).click();
  await expect(page).toHaveURL(/\/budget\/result$/);
  await expect(page.getByTestId('chart-shares').locator('.apexcharts-canvas svg').first()).toBeVisible();
  await expect(page.getByTestId('chart-stage').locator('.apexcharts-canvas svg').first()).toBeVisible();
  await capture(page, 'result');

  // 因子库管理 as the group admin (who may add and import factors), the building materials
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login/);
  await login(page, 'demo_admin', '/divisor');
  await expect(page.getByRole('button', { name: '导入' })).toBeVisible();
  await page.getByLabel('类型', { exact: true }).fill('建材');
  await expect(page.getByRole('row').filter({ hasText: '制冷剂' })).toHaveCount(0);
  await expect(rowOf(page, '建材').first()).toBeVisible();
  await capture(page, 'factor-library');
});

test('用户手册 from the user menu: a PDF download whose first page renders', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'demo_user');
  await page.getByRole('button', { name: '用户菜单' }).click();
  const downloading = page.waitForEvent('download', { timeout: 60_000 }); // the first download draws the manual
  await page.getByRole('menuitem', { name: '用户手册' }).click();
  const pdf = await downloading;
  expect(pdf.suggestedFilename()).toBe('碳算用户手册V3.3.pdf');
  mkdirSync('.tmp/screens', { recursive: true });
  const file = '.tmp/screens/manual.pdf';
  await pdf.saveAs(file);
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.url()).not.toContain('access-token');
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '50',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    file,
    '.tmp/screens/manual-page1',
  ]);
  const page1 = await sharp('.tmp/screens/manual-page1.png').stats();
  // a page with text on it: not one flat colour
  expect(page1.channels[0].min).toBeLessThan(128);
});
