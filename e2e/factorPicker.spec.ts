// End to end: the factor picker labels the library in Chinese and fills the row (a production
// row: name, unit, density); in the operation dialog 电 finds the grid factors with the building's own province
// first (A1研发办公楼 is sited in 南京市, 江苏); an elevator row is filled from the lookup tables (参数表管理) with
// each value's mark, h/d converted to h/a. Screenshots at 1366 and 390 px in .tmp/shots-h4/.
import { expect, login, shotAround, shotBoth, test } from './fixtures';

const SHOTS = '.tmp/shots-h4';
const JIANGSU = '江苏省 2023 年电网平均排放因子 0.5827 kgCO2/kWh';

test('factor picker and lookup tables: Chinese labels, the row filled, the province first, an elevator from 参数表', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, 'demo_user', '/budget/project/list');
  const row = page.getByRole('row').filter({ hasText: 'A1研发办公楼' });
  await row.getByRole('button', { name: '编辑' }).click();

  // the building form: 运行分项方式 is accounting's; the grid factors in Chinese, 江苏 first
  const grid = page.getByRole('combobox', { name: '电网排放因子' });
  await grid.click();
  await expect(page.getByRole('option').first()).toContainText(JIANGSU, { timeout: 30_000 });
  await shotAround(page, grid, 'building-grid-factor', { dir: SHOTS }); // (the open list follows its field)
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '保存并继续' }).click();
  await expect(page).toHaveURL(/\/budget\/produce$/);

  // a production row: picking C30混凝土 fills the name, the unit and the density
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: /排放因子\(因子库\)/ }).fill('混凝土');
  const c30 = page.getByRole('option', { name: /^C30混凝土 295\.0000 kgCO2e\/m3/ });
  await expect(c30).toBeVisible();
  await expect(c30).toContainText('建材·混凝土 · 单位 m3 · 密度 2.400 t/m3');
  await shotAround(page, dialog.getByRole('combobox', { name: /排放因子\(因子库\)/ }), 'produce-factor-options', {
    dir: SHOTS,
  });
  await c30.click();
  await expect(dialog.getByLabel(/材料名称/)).toHaveValue('C30混凝土');
  await expect(dialog.getByRole('textbox', { name: /^单位/ })).toHaveValue('m3');
  await expect(dialog.getByLabel(/^密度\(t\/单位\)/)).toHaveValue('2.4');
  await expect(dialog.getByLabel(/^排放因子$/)).toHaveValue('295');
  await shotBoth(page, 'produce-factor-filled', { dir: SHOTS });
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toHaveCount(0);

  // the operation dialog: an elevator row
  await page.goto('/budget/runtime');
  await expect(page.getByTestId('stage-page')).toBeVisible();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: /用能系统/ }).click();
  await page.getByRole('option', { name: '电梯', exact: true }).click();
  await dialog.getByLabel(/^名称/).fill('客梯');

  // 电 finds the grid factors, the building's province first
  await dialog.getByRole('combobox', { name: /能源因子\(因子库\)/ }).fill('电');
  await expect(page.getByRole('option').first()).toContainText(JIANGSU);
  await expect(page.getByRole('option').first()).toContainText('能源·电力');
  await shotAround(page, dialog.getByRole('combobox', { name: /能源因子\(因子库\)/ }), 'runtime-factor-search', {
    dir: SHOTS,
  });
  await page.getByRole('option').first().click();
  await expect(dialog.getByRole('textbox', { name: '单位', exact: true })).toHaveValue('kWh');
  await expect(dialog.getByLabel(/^能源因子$/)).toHaveValue('0.5827');

  // the lookup tables: class VDI 4707 A (M), usage class 3 (V, per day × 365)
  const lookups = dialog.getByTestId('lookup-pickers');
  await expect(lookups).toContainText('从参数表取值');
  await lookups.getByRole('combobox', { name: '电梯能效等级' }).click();
  await expect(page.getByRole('option', { name: /VDI 4707 G 级/ })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('option', { name: /VDI 4707 G 级/ })).toContainText('来源未知');
  await shotAround(page, lookups.getByRole('combobox', { name: '电梯能效等级' }), 'runtime-lookup-options', {
    dir: SHOTS,
  });
  await page.getByRole('option', { name: /^VDI 4707 A 级/ }).click();
  await lookups.getByRole('combobox', { name: '电梯使用等级' }).click();
  await page.getByRole('option', { name: /^使用类别 3（中）/ }).click();
  await expect(dialog.getByLabel(/^特定能量消耗/)).toHaveValue('0.56');
  await expect(dialog.getByLabel(/^待机功率/)).toHaveValue('50');
  await expect(dialog.getByLabel(/^年运行时间/)).toHaveValue('547.5');
  await expect(dialog.getByLabel(/^年待机时间/)).toHaveValue('8212.5');
  await expect(dialog.getByTestId('lookup-elevatorClass-result')).toContainText('回忆值（待核实）');
  await expect(dialog.getByTestId('lookup-elevatorUsage-result')).toContainText('已核实');
  await dialog.getByLabel(/^额定速度/).fill('1.5');
  await dialog.getByLabel(/^额定载重量/).fill('1000');
  await dialog.getByLabel(/^台数/).fill('2');
  await lookups.scrollIntoViewIfNeeded();
  await shotBoth(page, 'runtime-lookup-filled', { dir: SHOTS });

  // saved and calculated: (3.6 × 0.56 × 547.5 × 1.5 × 1000 / 1000 + 50 × 8212.5 / 1000) × 2 = 4 132.53 kWh/a
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('stage-table').getByRole('row').filter({ hasText: '客梯' })).toBeVisible();
  await shotBoth(page, 'runtime-row-saved', { dir: SHOTS });
});
