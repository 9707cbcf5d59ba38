// A new budget / GB building through every stage with realistic data — materials imported from Excel, the other
// stages entered in their dialogs — to completion, with totals equal to the hand-worked figures below.
// Building: 5000 m², 50 a, 南京市 (grid factor 江苏 2023: 0.5827 kgCO2/kWh).
//   produce  2000 m³ C30混凝土 × 295 + 300 t 热轧碳钢钢筋 × 2340 = 590 000 + 702 000 = 1 292 000 kg
//   trans    2000 m³ × 2.4 t/m³ × 40 km (the library's C30混凝土 default, 默认值) × 0.162 (重型柴油货车 10t) = 31 104 kg
//   build    20 000 kg 柴油 × 3.096 = 61 920 kg
//   remove   10 % × 61 920 = 6 192 kg
//   runtime  照明 (电力, no factor) 100 000 kWh/a × 0.5827 (grid, 默认值) × 50 a = 2 913 500 kg
//   green    −1000 m² × 0.5 kgCO2/(m²·a) × 50 a = −25 000 kg
//   total    4 279 716 kg = 4 279.72 tCO2e; intensity 4 279 716 / (50 × 5000) = 17.12 kgCO2e/(m²·a)
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, login, nextStage, shot, test } from './fixtures';

async function materialsWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('建材生产');
  ws.addRow(['材料名称', '单位', '用量', '排放因子名称', '密度(t/单位)']);
  ws.addRow(['C30混凝土', 'm3', 2000, 'C30混凝土', 2.4]);
  ws.addRow(['热轧碳钢钢筋', 't', 300, '热轧碳钢钢筋', 1]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function pickOption(page: Page, label: string | RegExp, typed: string, option: string | RegExp) {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

async function addRow(page: Page, fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await fill(dialog);
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

test('budget / GB building: every stage with realistic data, an Excel import, completion, hand-worked totals', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await login(page, 'demo_user', '/budget/project/info?create=1');
  await pickOption(page, '所属项目', '江北', '江北新区低碳示范园');
  await page.getByRole('combobox', { name: '计算标准' }).click();
  await page.getByRole('option', { name: '国家标准GB/T 51366-2019' }).click();
  await page.getByRole('radio', { name: '施工图设计' }).check();
  for (const m of ['建材生产', '建材运输', '建筑建造', '建筑拆除', '建筑运行', '碳汇'])
    await page.getByRole('checkbox', { name: m }).check();
  await page.getByLabel('单体名称').fill('E2E实验楼');
  await page.getByLabel('单体编码').fill('E2E-LAB');
  await pickOption(page, '建设地点', '南京', '南京市');
  await pickOption(page, '建筑类型', '商务办公', /商务办公/);
  await pickOption(page, '结构类型', '框架', '框架结构');
  await page.getByLabel('建筑面积(m²)').fill('5000');
  await page.getByLabel('建筑高度(m)').fill('24');
  await page.getByLabel('地上层数').fill('6');
  await page.getByLabel('地下层数').fill('1');
  await page.getByRole('button', { name: '保存并继续' }).click();
  await expect(page).toHaveURL(/\/budget\/produce$/);

  // materials from Excel
  await page.getByTestId('import-file-stageProduce').setInputFiles({
    name: '建材.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await materialsWorkbook(),
  });
  await expect(page.getByText('上传文件成功')).toBeVisible();
  const table = page.getByTestId('stage-table');
  await expect(table.getByRole('row').filter({ hasText: '热轧碳钢钢筋' })).toContainText('702,000.00');
  await expect(table.getByRole('row').filter({ hasText: 'C30混凝土' })).toContainText('590,000.00');
  await shot(page, 'wizard-produce-imported');

  await nextStage(page, 'budget', 'trans');
  await addRow(page, async (d) => {
    await d.getByLabel(/材料名称/).fill('C30混凝土');
    await d.getByLabel(/^单位/).fill('m3');
    await d.getByLabel(/^用量/).fill('2000');
    await d.getByLabel(/^密度\(t/).fill('2.4');
    // the library material brings its default distance (40 km for concrete)
    await d.getByRole('combobox', { name: /材料\(因子库\)/ }).fill('C30');
    await page
      .getByRole('option', { name: /C30混凝土/ })
      .first()
      .click();
    await d.getByRole('combobox', { name: /运输因子\(因子库\)/ }).fill('重型柴油');
    await page
      .getByRole('option', { name: /重型柴油货车运输.*10t/ })
      .first()
      .click();
  });
  await expect(page.getByTestId('stage-table')).toContainText('31,104.00');

  await nextStage(page, 'budget', 'build');
  await addRow(page, async (d) => {
    await d.getByLabel(/能源\/机械名称/).fill('柴油');
    await d.getByLabel(/^单位/).fill('kg');
    await d.getByLabel(/用量\/台班数/).fill('20000');
    await d.getByRole('combobox', { name: /能源因子\(因子库\)/ }).fill('柴油');
    await page.getByRole('option', { name: /^柴油/ }).first().click();
  });
  await expect(page.getByTestId('stage-table')).toContainText('61,920.00');

  await nextStage(page, 'budget', 'remove');
  await addRow(page, async (d) => {
    await d.getByLabel(/^名称/).fill('按建造碳排放比例');
    await d.getByLabel(/比例系数/).fill('10');
  });
  await expect(page.getByTestId('stage-table')).toContainText('6,192.00');

  await nextStage(page, 'budget', 'runtime');
  await addRow(page, async (d) => {
    await d.getByRole('combobox', { name: /用能系统/ }).click();
    await page.getByRole('option', { name: '照明' }).click();
    await d.getByRole('combobox', { name: /能源种类/ }).click();
    await page.getByRole('option', { name: '电力' }).click();
    await d.getByLabel(/^名称/).fill('照明');
    await d.getByLabel(/^年用量/).fill('100000');
  });
  await expect(page.getByTestId('stage-table')).toContainText('2,913,500.00');

  await nextStage(page, 'budget', 'green');
  await addRow(page, async (d) => {
    await d.getByLabel(/种植类型/).fill('草坪');
    await d.getByLabel(/面积/).fill('1000');
    await d.getByLabel(/^固碳量$/).fill('0.5');
  });
  await expect(page.getByTestId('stage-table')).toContainText('-25,000.00');
  await shot(page, 'wizard-green');

  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(/\/budget\/result$/);
  await expect(page.getByTestId('figure-碳排放总量(tCO2e)')).toHaveText('4,279.72');
  // (the figures themselves: 合理性检查's table and the EN 15978 合计 repeat them)
  await expect(page.getByTestId('figure-单位面积年均碳排放(kgCO2e/(m²·a))')).toHaveText('17.12');
  await shot(page, 'wizard-result');

  // completed: the list offers its report
  await page.goto('/budget/project/list');
  await expect(
    page.getByRole('row').filter({ hasText: 'E2E实验楼' }).getByRole('button', { name: '查看报告' }),
  ).toBeEnabled();
});
