// BIM import end to end: a building made through the API with one hand-entered 建材生产 row and a result; on /bim the
// layered IFC4 fixture (tests/fixtures/bim/models.ts) is uploaded, parsed, its pre-flight report read (14 elements,
// the element without material and the duplicated GlobalId named), its materials mapped (混凝土 C30 → C30混凝土
// proposed and confirmed), imported; the 建材生产 page shows the model's row and the building's total grew by the
// imported concrete: 20.085 m³ × 295 kgCO2e/m³ = 5 925.075 kg in 建材生产. Screenshots at 1366 and 390 px in
// .tmp/shots-bim/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { layeredModel } from '../tests/fixtures/bim/models';
import { buildingBody, engineeringBody } from '../tests/server/builders';
import { violations } from './axe';
import { api, expect, login, shotBoth, test } from './fixtures';

const SHOTS = '.tmp/shots-bim';
const TPF = '/api/tpf/v1/tpf';

test('BIM import: upload → pre-flight → map → import → 建材生产 rows → the result changed', async ({ page }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const model = layeredModel();
  const file = `${SHOTS}/${model.fileName}`;
  writeFileSync(file, model.text);
  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, 'demo_user', '/budget/project/list');

  const c30 = (
    await api<{ dataList: any[] }>(
      page,
      'GET',
      `${TPF}/tpf3BuildMaterial/?type=${encodeURIComponent('建材')}&name=C30${encodeURIComponent('混凝土')}&pageSize=10`,
    )
  ).dataList[0];
  const eng = await api(
    page,
    'POST',
    `${TPF}/tpf3Engineering/`,
    engineeringBody({ name: 'BIM导入工程', code: 'E2E-BIM' }),
  );
  const b = await api(
    page,
    'POST',
    `${TPF}/tpf3Project/`,
    buildingBody(eng.id, { name: 'BIM导入楼', code: 'BIM-1', menus: 'produce,runtime', buildArea: 1000 }),
  );
  await api(page, 'POST', `${TPF}/stage/produce/batch`, [
    { projectId: b.id, materialName: '手工录入混凝土', unit: 'm3', quantity: 10, factorId: c30.id },
  ]);
  const before = await api(page, 'GET', `${TPF}/tpf3ProjectV/${b.id}`);
  // 10 m³ × 295 = 2 950 kg
  expect(before.resultDetail.stages.produce.total).toBeCloseTo(2.95, 6);

  await page.goto(`/bim?id=${b.id}`);
  await expect(page.getByText('BIM导入楼').first()).toBeVisible();
  await shotBoth(page, 'bim-upload', { dir: SHOTS });
  await page.getByLabel('选择IFC模型文件').setInputFiles(file);
  await expect(page.getByText('预检报告')).toBeVisible({ timeout: 60_000 });
  // the counts, and every problem named with its element
  await expect(page.getByTestId('bim-count-elements')).toContainText('14');
  await expect(page.getByTestId('bim-count-withoutMaterial')).toContainText('1');
  await expect(page.getByTestId('bim-count-duplicateGlobalIds')).toContainText('1');
  await expect(page.getByText('预埋件-01')).toBeVisible();
  await expect(page.getByText('外墙-03')).toBeVisible();
  await shotBoth(page, 'bim-preflight', { dir: SHOTS, fullPage: true });
  // axe on the pre-flight and the mapping, at the phone's width and the desktop's
  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ]) {
    await page.setViewportSize({ width, height });
    expect(await violations(page, `/bim (预检报告、材料映射) ${width} px`)).toEqual([]);
  }

  const concrete = page.getByTestId('bim-mapping-row').filter({ hasText: '混凝土 C30' });
  await expect(concrete.getByRole('combobox')).toHaveValue(/C30混凝土/);
  await expect(concrete).toContainText('20.09 m3');
  await expect(concrete.getByRole('checkbox')).toBeChecked();
  await page.getByRole('button', { name: '导入', exact: true }).click();
  await expect(page.getByText(/导入成功，生成 \d+ 条建材生产数据/)).toBeVisible({ timeout: 60_000 });
  await shotBoth(page, 'bim-imported', { dir: SHOTS, fullPage: true });

  const after = await api(page, 'GET', `${TPF}/tpf3ProjectV/${b.id}`);
  const rows = (await api<{ dataList: any[] }>(page, 'GET', `${TPF}/stage/produce/?projectId=${b.id}&pageSize=-1`))
    .dataList;
  const imported = rows.find((r) => r.materialName === 'C30混凝土' && r.bimSource);
  // 20.085 m³ (the fixture's working) × 295 = 5 925.075 kg — the produce stage grew by at least that much
  expect(imported.quantity).toBeCloseTo(20.085, 6);
  expect(imported.emission).toBeCloseTo(5925.075, 2);
  expect(after.resultDetail.stages.produce.total).toBeGreaterThanOrEqual(2.95 + 5.925 - 1e-6);

  await page.getByRole('link', { name: '查看建材生产' }).click();
  await expect(page).toHaveURL(/\/budget\/produce$/);
  await expect(page.getByRole('row').filter({ hasText: 'C30混凝土' }).first()).toBeVisible();
  await shotBoth(page, 'bim-produce', { dir: SHOTS });
});
