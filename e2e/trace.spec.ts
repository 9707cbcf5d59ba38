// Calculation traces end to end: a building made through the API — a transport row in m³ with density 2.4 and
// no distance (C30混凝土 picked from the library, so its default 40 km applies), an operation row whose COP is
// left empty on the building's grid factor, a waste row under GB — calculated; on the result page the transport
// figure opens its trace with the 默认值 and its source, 建筑运行 shows its parts and the defaulted COP, waste is
// marked outside GB's boundary, 数据质量 shows the shares and grade; the stage table shows the 默认值 chip.
// Screenshots at 1366 and 390 px in .tmp/shots-h2/.
import { violations } from './axe';
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { buildingBody, engineeringBody } from '../tests/server/builders';
import { api, expect, login, shotBoth, test } from './fixtures';

const SHOTS = '.tmp/shots-h2';
const TPF = '/api/tpf/v1/tpf';

/** The first library factor of a type whose name contains `name` (and matches `pick`). */
async function factor(page: Page, type: string, name: string, pick: (f: any) => boolean = () => true) {
  const list = await api<{ dataList: any[] }>(
    page,
    'GET',
    `${TPF}/tpf3BuildMaterial/?type=${encodeURIComponent(type)}&name=${encodeURIComponent(name)}&pageSize=50`,
  );
  const f = list.dataList.find(pick);
  expect(f, `${type} ${name}`).toBeTruthy();
  return f;
}

test('result page: stage traces with 默认值, parts, data quality, waste outside GB', async ({ page }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, 'demo_user', '/budget/project/list');

  const concrete = await factor(page, '建材', 'C30混凝土');
  expect(concrete).toMatchObject({ density: 2.4, defaultDistance: 40 });
  const truck = await factor(page, '运输', '重型柴油货车', (f) => f.materialCo === 0.078);
  const grid = await factor(page, '能源', '江苏', (f) => f.smallType === '电力');
  const eng = await api(
    page,
    'POST',
    `${TPF}/tpf3Engineering/`,
    engineeringBody({ name: '计算过程工程', code: 'E2E-TRACE' }),
  );
  const b = await api(
    page,
    'POST',
    `${TPF}/tpf3Project/`,
    buildingBody(eng.id, {
      name: '计算过程楼',
      code: 'TR-1',
      menus: 'produce,trans,runtime,waste',
      buildArea: 5000,
      gridFactorId: grid.id,
    }),
  );
  await api(page, 'POST', `${TPF}/stage/produce/batch`, [
    { projectId: b.id, materialName: 'C30混凝土', unit: 'm3', quantity: 120, factorId: concrete.id },
  ]);
  // m³ with the density given, no distance: the material's default distance (40 km) is used and recorded
  await api(page, 'POST', `${TPF}/stage/trans/batch`, [
    {
      projectId: b.id,
      materialId: concrete.id,
      materialName: 'C30混凝土',
      unit: 'm³',
      quantity: 120,
      density: 2.4,
      factorId: truck.id,
    },
  ]);
  // heating on electricity without a factor (the grid's) and without a COP (1)
  await api(page, 'POST', `${TPF}/stage/runtime/batch`, [
    { projectId: b.id, method: 'systems', part: 'airHot', name: '空调热泵', energy: 'electricity', annualLoad: 20000 },
  ]);
  await api(page, 'POST', `${TPF}/stage/waste/batch`, [
    { projectId: b.id, name: '建筑垃圾填埋', quantity: 10, factorValue: 3.2 },
  ]);
  await api(page, 'GET', `${TPF}/stage/waste/calculate?projectId=${b.id}`);
  await api(page, 'PUT', `${TPF}/tpf3Project/status`, { id: b.id, status: '1' });
  const stored = await api(page, 'GET', `${TPF}/tpf3ProjectV/${b.id}`);
  // 120 m³ × 2.4 t/m³ × 40 km × 0.078 kgCO2e/(t·km) = 898.56 kgCO2e
  const transRow = (await api<{ rows: { dataList: any[] } }>(page, 'GET', `${TPF}/stage/trans/trace?projectId=${b.id}`))
    .rows.dataList[0];
  expect(transRow.emission).toBeCloseTo(898.56, 6);

  await page.reload();
  await page.getByRole('row').filter({ hasText: '计算过程楼' }).getByRole('button', { name: '查看报告' }).click();
  await expect(page).toHaveURL(/\/budget\/result$/);
  const result = page.getByTestId('result-page');
  // one total: the stored figure rounded once (src/calc/format.ts)
  const shown = Number(stored.total).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(result.getByTestId('figure-碳排放总量(tCO2e)')).toHaveText(shown);
  await expect(result.getByTestId('stage-figure-waste')).toContainText('废弃物处理（不在 GB/T 51366-2019 计算边界内）');
  const quality = result.getByTestId('quality-section');
  await expect(quality.getByRole('heading', { name: '数据质量' })).toBeVisible();
  await expect(quality.getByTestId('quality-grade')).toHaveText(stored.resultDetail.grade);
  await expect(quality.getByTestId('quality-database')).toContainText(
    `${Number(stored.resultDetail.qualityShares.database).toFixed(2)}%`,
  );
  await expect(page.getByTestId('chart-shares')).toBeVisible();
  await shotBoth(page, 'result', { dir: SHOTS });

  // the transport figure → 建材运输 计算过程
  await result
    .getByRole('table', { name: '各阶段碳排放' })
    .getByRole('button', { name: /查看建材运输计算过程/ })
    .click();
  const dialog = page.getByRole('dialog', { name: '建材运输 计算过程' });
  const row = dialog.getByTestId('trace-row').first();
  await expect(row.getByTestId('trace-working')).toHaveText(
    /^用量 × 单位质量\(t\/单位\) × 运输距离\(km\) × 运输因子：120 × \S+ × 40 × 0\.078 = 898\.56 kgCO2e$/,
  );
  await expect(row.getByTestId('trace-defaults')).toContainText(
    '默认值运输距离(km) 40.00 km — 来源：因子库材料的默认运输距离',
  );
  await expect(row.getByTestId('verification-mark')).toHaveText('V 已核实');
  await expect(row).toContainText('因子来源：GB/T 51366-2019 附录E');
  await expect(row).toContainText('数据质量：标准默认值');
  await shotBoth(page, 'trace-trans', { dir: SHOTS, fullPage: false });
  expect(await violations(page, '建材运输 计算过程')).toEqual([]);
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();

  // 建筑运行: its parts and the COP filled in
  await result
    .getByRole('table', { name: '各阶段碳排放' })
    .getByRole('button', { name: /查看建筑运行计算过程/ })
    .click();
  const runtime = page.getByRole('dialog', { name: '建筑运行 计算过程' });
  await expect(
    runtime.getByRole('table', { name: '各用能系统碳排放' }).getByRole('row').filter({ hasText: '供暖' }),
  ).toContainText('582.70');
  const defaults = runtime.getByTestId('trace-defaults');
  await expect(defaults).toContainText('系统能效比(COP/EER) 1.00 — 来源：未填写系统能效比');
  await expect(defaults).toContainText('能源因子 0.5827 kgCO2/kWh — 来源：单体电网排放因子');
  await shotBoth(page, 'trace-runtime', { dir: SHOTS, fullPage: false });
  await runtime.getByRole('button', { name: '关闭' }).click();

  // the bar chart's button opens the chosen stage: waste, marked outside GB's boundary
  await page.getByRole('radiogroup', { name: '计算阶段' }).getByLabel('废弃物处理').check();
  await page.getByRole('button', { name: '查看废弃物处理计算过程', exact: true }).click();
  const waste = page.getByRole('dialog', { name: '废弃物处理 计算过程' });
  await expect(waste.getByText('不在 GB/T 51366-2019 计算边界内')).toBeVisible();
  await shotBoth(page, 'trace-waste', { dir: SHOTS, fullPage: false });
  await waste.getByRole('button', { name: '关闭' }).click();

  // the stage table: the transport row's 默认值 chip lists its default with the source
  await page.goto('/budget/trans');
  const table = page.getByRole('table', { name: '建材运输' });
  const chip = table.getByTestId('defaults-chip');
  await expect(chip).toHaveText('默认值');
  await chip.hover();
  await expect(page.getByRole('tooltip')).toContainText('运输距离(km) 40.00 km — 因子库材料的默认运输距离');
  await expect(page.getByTestId('stage-defaults')).toContainText('其中 1 行使用了默认值');
  await shotBoth(page, 'stage-trans', { dir: SHOTS });
  await page.goto('/budget/runtime');
  await expect(page.getByRole('table', { name: '建筑运行' })).toContainText('电力');
  await shotBoth(page, 'stage-runtime', { dir: SHOTS });
});
