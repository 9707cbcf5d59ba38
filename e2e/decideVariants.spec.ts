// Decision tools end to end, variants and phases: a calculated 概预算 building made through the API (10 m³ C30 in 建材生产,
// 10 × 295 = 2 950 kg); on /decide?tab=variants 另存为方案 「方案B」 (the live data saved as 基准方案 first),
// 切换为当前方案, the C30 quantity doubled through the stage API (+2 950 kg = +2.95 t), 计算; the comparison
// then shows 建材生产 +2.95 (+100.00%) in red and the waterfall. Phases: an 估算 and a 概预算 building linked
// through 关联阶段, the waterfall shown. 应用拓展 lists the new tools. Screenshots at 1366 and 390 px in
// .tmp/shots-decide/.
import type { Page } from '@playwright/test';
import { buildingBody, engineeringBody } from '../tests/server/builders';
import { api, expect, login, shotBoth, SHOTS_ON, test } from './fixtures';

const SHOTS = '.tmp/shots-decide';
const TPF = '/api/tpf/v1/tpf';

/** shotBoth, the notifications gone first (a toast lasts a few seconds: waited for only when shots are taken). */
async function shots(page: Page, name: string) {
  if (!SHOTS_ON) return;
  await expect(page.locator('.MuiSnackbar-root')).toHaveCount(0, { timeout: 15_000 });
  await shotBoth(page, name, { dir: SHOTS });
}

async function c30(page: Page) {
  const list = await api<{ dataList: any[] }>(
    page,
    'GET',
    `${TPF}/tpf3BuildMaterial/?type=${encodeURIComponent('建材')}&name=C30${encodeURIComponent('混凝土')}&pageSize=10`,
  );
  return list.dataList.find((f) => f.name === 'C30混凝土');
}

test('方案比选 then 阶段偏差 and 应用拓展 (one login)', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, 'demo_user', '/budget/project/list');
  await test.step('方案比选: save 方案B, switch, change a 建材生产 row, compare with the baseline', () =>
    variants(page));
  await test.step('阶段偏差: an 估算 and a 概预算 building linked; 应用拓展 lists the tools', () => phases(page));
});

async function variants(page: Page) {
  const factor = await c30(page);
  const eng = await api(
    page,
    'POST',
    `${TPF}/tpf3Engineering/`,
    engineeringBody({ name: '方案比选工程', code: 'E2E-DEC' }),
  );
  const b = await api(
    page,
    'POST',
    `${TPF}/tpf3Project/`,
    buildingBody(eng.id, { name: '方案比选楼', code: 'DEC-1', menus: 'produce,runtime', buildArea: 1000 }),
  );
  await api(page, 'POST', `${TPF}/stage/produce/batch`, [
    { projectId: b.id, materialName: 'C30混凝土', unit: 'm3', quantity: 10, factorId: factor.id },
  ]);

  await page.goto(`/decide?tab=variants`);
  await expect(page.getByRole('link', { name: '方案比选楼' })).toBeVisible({ timeout: 60_000 });
  await shots(page, 'decide-picker');
  await page.getByRole('link', { name: '方案比选楼' }).click();
  await expect(page).toHaveURL(new RegExp(`/decide\\?id=${b.id}&tab=variants`));
  await expect(page.getByRole('heading', { name: '决策分析 - 方案比选楼' })).toBeVisible();
  await expect(page.getByText('暂无方案')).toBeVisible({ timeout: 60_000 });
  await shots(page, 'decide-variants-empty');

  await page.getByRole('button', { name: '另存为方案' }).click();
  const dialog = page.getByRole('dialog', { name: '另存为方案' });
  await dialog.getByLabel('方案名称').fill('方案B');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('方案「方案B」已保存')).toBeVisible({ timeout: 30_000 });
  const rows = page.getByTestId('variant-row');
  await expect(rows).toHaveCount(2);
  const rowB = rows.filter({ hasText: '方案B' });
  const rowBase = rows.filter({ hasText: '基准' }).first();
  await expect(rowBase).toContainText('当前');
  await expect(rowBase).toContainText('2.95');

  await rowB.getByRole('button', { name: '切换为当前方案' }).click();
  await expect(page.getByRole('dialog')).toContainText('各阶段录入页面将编辑方案「方案B」的数据');
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('已切换为方案「方案B」')).toBeVisible({ timeout: 30_000 });
  await expect(rowB).toContainText('当前');

  // the live data is 方案B's now: double the concrete (10 → 20 m³) through the stage API, which calculates
  const live = (await api<{ dataList: any[] }>(page, 'GET', `${TPF}/stage/produce/?projectId=${b.id}&pageSize=-1`))
    .dataList;
  expect(live).toHaveLength(1);
  await api(page, 'POST', `${TPF}/stage/produce/batch`, [
    { id: live[0].id, projectId: b.id, materialName: 'C30混凝土', unit: 'm3', quantity: 20, factorId: factor.id },
  ]);
  await page.reload();
  await page.getByTestId('variant-row').filter({ hasText: '方案B' }).getByRole('button', { name: '计算' }).click();
  await expect(page.getByText('方案「方案B」计算完成')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('variant-row').filter({ hasText: '方案B' })).toContainText('5.90');

  const table = page.getByRole('table', { name: '方案对比' });
  const produce = table.getByRole('row').filter({ hasText: '建材生产' });
  await expect(produce).toContainText('+2.95 (+100.00%)');
  await expect(produce.locator('[data-sign="up"]')).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: '合计' })).toContainText('+2.95');
  const detail = page.getByTestId('variant-detail');
  await expect(detail.locator('.apexcharts-svg')).toBeVisible();
  await expect(detail.getByRole('table', { name: '方案B 数据变化' })).toContainText('C30混凝土');
  await shots(page, 'decide-variants-compare');
}

async function phases(page: Page) {
  const factor = await c30(page);
  const eng = await api(
    page,
    'POST',
    `${TPF}/tpf3Engineering/`,
    engineeringBody({ name: '阶段偏差工程', code: 'E2E-PH' }),
  );
  const est = await api(
    page,
    'POST',
    `${TPF}/tpf3Project/`,
    buildingBody(eng.id, {
      name: '阶段楼-估算',
      code: 'PH-E',
      computeMethod: 'estimate',
      standard: 'JS',
      stage: '方案设计',
      menus: 'produce,trans,runtime',
      buildArea: 1000,
    }),
  );
  await api(page, 'POST', `${TPF}/stage/produce/batch`, [
    { projectId: est.id, materialName: '综合', unit: 'm2', quantity: 1000, factorValue: 5 },
  ]);
  const bud = await api(
    page,
    'POST',
    `${TPF}/tpf3Project/`,
    buildingBody(eng.id, { name: '阶段楼-概预算', code: 'PH-B', menus: 'produce,runtime', buildArea: 1000 }),
  );
  await api(page, 'POST', `${TPF}/stage/produce/batch`, [
    { projectId: bud.id, materialName: 'C30混凝土', unit: 'm3', quantity: 20, factorId: factor.id },
  ]);

  await page.goto(`/decide?id=${bud.id}&tab=phases`);
  await expect(page.getByText('关联同一建筑的估算、概预算、核算单体后，可查看各阶段之间的碳排放变化')).toBeVisible({
    timeout: 60_000,
  });
  await shots(page, 'decide-phases-empty');
  await page.getByRole('button', { name: '关联阶段' }).click();
  const dialog = page.getByRole('dialog', { name: '关联阶段' });
  await dialog.getByText('阶段楼-估算（估算）').click();
  await dialog.getByRole('button', { name: '关联' }).click();
  await expect(page.getByText('关联成功')).toBeVisible({ timeout: 30_000 });
  const cards = page.getByTestId('phase-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('阶段楼-估算');
  await expect(cards.nth(1)).toContainText('阶段楼-概预算');
  await expect(page.getByTestId('phase-waterfall').locator('.apexcharts-svg')).toBeVisible();
  // 5 t (1000 m² × 5 kg) → 5.90 t (20 m³ × 295 kg): +0.90 t
  await expect(page.getByTestId('phase-step').first()).toContainText('+0.90');
  await shots(page, 'decide-phases');

  await page.goto('/apply/project');
  for (const title of ['方案比选', '阶段偏差分析', '热点与低碳替代', '不确定性分析', '参考线'])
    await expect(page.getByRole('heading', { name: title })).toBeVisible({ timeout: 60_000 });
  await shots(page, 'decide-apply');
}
