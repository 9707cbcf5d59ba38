// Engineering projects and buildings end to end: create a project by searching a city and dragging
// the map marker → create a building with a bad name (the message shows), then a good one → it is listed with
// its columns → copy → delete.
import type { Page } from '@playwright/test';
import { expect, login, shot, test } from './fixtures';

const ENG_NAME = 'E2E滨江科创中心';

async function pick(page: Page, label: string, typed: string, option: string | RegExp) {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

test('project by city search and marker drag → building (bad name, then good) → listed → copy → delete', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, 'demo_user', '/project/manage');
  await expect(page.getByRole('row').filter({ hasText: '江北新区低碳示范园' })).toContainText('DEMO-2026');

  // --- the engineering project, placed by searching a city and dragging the marker
  await page.getByRole('button', { name: '新增' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('新增项目')).toBeVisible();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('请输入项目名称')).toBeVisible();
  await expect(dialog.getByText('请选择项目地址！')).toBeVisible();
  await expect(page.getByText('表单校验失败, 请检查输入!')).toBeVisible();

  await dialog.getByLabel('项目名称').fill(ENG_NAME);
  await dialog.getByLabel('项目编码').fill('E2E-01');
  await dialog.getByLabel('总建筑面积(m²)').fill('86000');
  await pick(page, '搜索地点', 'suzhou', /苏州市/);
  await expect(dialog.getByLabel('经度')).toHaveValue(/^120\.\d+/);
  const lngBefore = await dialog.getByLabel('经度').inputValue();
  const marker = dialog.locator('.leaflet-marker-icon.ts-pin');
  const box = (await marker.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2 + 30, { steps: 8 });
  await page.mouse.up();
  await expect(dialog.getByLabel('经度')).not.toHaveValue(lngBefore);
  await shot(page, 'projects-engineering-dialog');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('新增成功!')).toBeVisible();
  const engRow = page.getByRole('row').filter({ hasText: ENG_NAME });
  await expect(engRow).toContainText('苏州市');
  await expect(engRow).toContainText('86,000.00');
  await shot(page, 'projects-engineering-list');

  // --- a building in 概预算 under it
  await engRow.getByRole('button', { name: '新建单体' }).click();
  await page.getByRole('menuitem', { name: '概预算' }).click();
  await expect(page).toHaveURL(/\/budget\/project\/info\?engineeringId=\d+/);
  await expect(page.getByRole('combobox', { name: '所属项目' })).toHaveValue(ENG_NAME);

  await page.getByLabel('单体名称').fill('1#楼');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('单体名称不能包含 # \\ / : * ? " < > |')).toBeVisible();
  await expect(page.getByText('请至少选择一个计算阶段!').first()).toBeVisible();
  await shot(page, 'projects-building-errors');

  await page.getByLabel('单体名称').fill('科创1号楼');
  await page.getByLabel('单体编码').fill('KC-01');
  await page.getByRole('checkbox', { name: '建材生产' }).check();
  await page.getByRole('checkbox', { name: '建筑运行' }).check();
  await pick(page, '建设地点', '苏州', '苏州市');
  await pick(page, '建筑类型', '商务办公', /商务办公/);
  await pick(page, '结构类型', '框架', '框架结构');
  await page.getByLabel('建筑面积(m²)').fill('24000');
  await page.getByLabel('建筑高度(m)').fill('62.5');
  await page.getByLabel('地上层数').fill('15');
  await page.getByLabel('地下层数').fill('2');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('新增成功!')).toBeVisible();
  await expect(page).toHaveURL(/\/budget\/project\/info\?id=\d+/);
  await shot(page, 'projects-building-saved');

  // --- listed with its columns
  await page.goto('/budget/project/list');
  const row = page.getByRole('row').filter({ hasText: '科创1号楼' });
  await expect(row).toHaveCount(1);
  for (const text of ['施工图设计', '苏州市', '公共建筑/办公建筑/商务办公', '框架结构', '24,000.00', '50', '0.00'])
    await expect(row).toContainText(text);
  await expect(row.getByRole('button', { name: '查看报告' })).toBeDisabled();
  await shot(page, 'projects-building-list');
  await page.locator('.RaDataTable-tableWrapper').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await shot(page, 'projects-building-list-results');

  // --- copy (cancel first, then confirm)
  await row.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name: '复制' }).click();
  await expect(page.getByText('确定要复制此项目吗?')).toBeVisible();
  await page.getByRole('button', { name: '取消' }).click();
  await expect(page.getByText('操作已取消')).toBeVisible();
  await row.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name: '复制' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('操作成功')).toBeVisible();
  const copy = page.getByRole('row').filter({ hasText: '科创1号楼-副本' });
  await expect(copy).toHaveCount(1);

  // --- delete the copy
  await copy.getByRole('button', { name: '删除' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('删除成功!')).toBeVisible();
  await expect(copy).toHaveCount(0);
  await expect(row).toHaveCount(1);
  await shot(page, 'projects-after-delete');
});
