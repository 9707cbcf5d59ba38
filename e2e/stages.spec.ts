// The stage wizard end to end: a demo building's stages from its info form, a row added with a factor
// from the library, save then calculate on 下一步 through every stage, completion and the stored result.
import { expect, login, nextStage, shot, test } from './fixtures';

test('wizard: add a material row with a library factor, calculate through the stages, finish on the result', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await login(page, 'demo_user', '/budget/project/list');
  const row = page.getByRole('row').filter({ hasText: 'A1研发办公楼' });
  await expect(row.getByRole('button', { name: '查看报告' })).toBeEnabled(); // the demo building is completed
  await row.getByRole('button', { name: '编辑' }).click();
  await page.getByRole('button', { name: '保存并继续' }).click();
  await expect(page).toHaveURL(/\/budget\/produce$/);

  const table = page.getByTestId('stage-table');
  await expect(table.getByRole('row').filter({ hasText: '热轧碳钢钢筋' })).toContainText('5,382,000.00'); // 2300 t × 2340
  await shot(page, 'stages-produce');

  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(dialog.getByText('请输入材料名称')).toBeVisible();
  await dialog.getByLabel(/材料名称/).fill('C50混凝土');
  await dialog.getByLabel(/^单位/).fill('m3');
  await dialog.getByLabel(/^用量/).fill('200');
  await dialog.getByRole('combobox', { name: /排放因子\(因子库\)/ }).fill('C50');
  await page
    .getByRole('option', { name: /C50混凝土/ })
    .first()
    .click();
  await expect(dialog.getByLabel(/^排放因子$/)).toHaveValue('385');
  await shot(page, 'stages-dialog');
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: 'C50混凝土' })).toContainText('77,000.00'); // 200 m³ × 385

  // through every stage of the building, each saved and calculated
  for (const stage of ['trans', 'build', 'remove', 'runtime', 'green']) {
    await nextStage(page, 'budget', stage); // 下一步 moves on only after 计算成功!
    await expect(page.getByText('计算成功!').first()).toBeVisible();
  }
  await shot(page, 'stages-green');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(/\/budget\/result$/);
  await expect(page.getByText('碳排放总量').first()).toBeVisible();
  await shot(page, 'stages-result');
});
