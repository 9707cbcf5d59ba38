// The offline map: no basemap, the bundled places as named dots (the names that fit at the view), a click near a
// district fills 项目位置 with 省+市+区县 and says how near it is.
import { expect, login, shotBoth, test } from './fixtures';

test('offline map: named places; a click in 北京 fills 项目位置 with its district', async ({ page }) => {
  await login(page, 'demo_user', '/project/manage');
  await page.getByRole('button', { name: '新增' }).click();
  const dialog = page.getByRole('dialog');
  const map = dialog.getByTestId('leaflet-map');
  await expect(map).toHaveAttribute('data-offline', 'true');
  // before any point: a regional overview, main cities named first
  // (a place's marker is a 0 × 0 anchor at its dot: the name inside it is what shows)
  await expect(map.locator('.ts-place--named .ts-place__name', { hasText: '南京市' })).toBeVisible();
  expect(await map.locator('.ts-place--named').count()).toBeGreaterThan(10);
  await shotBoth(page, 'map-offline-overview', { fullPage: false });

  const search = dialog.getByRole('combobox', { name: '搜索地点' });
  await search.fill('beijing');
  await page
    .getByRole('option', { name: /^北京市/ })
    .first()
    .click();
  await expect(dialog.getByLabel('项目位置')).toHaveValue('北京市');
  // at city level the districts are drawn in place of the city and named where they fit; one step closer the
  // central ones get room
  await dialog.getByRole('button', { name: '放大' }).click();
  const chaoyang = map.locator('.ts-place--district.ts-place--named .ts-place__name', { hasText: '朝阳区' });
  await expect(chaoyang).toBeVisible();
  const name = (await chaoyang.boundingBox())!;
  // the name starts 6 px right of the dot and is centred on it: click just below the dot (names take no clicks)
  await page.mouse.click(name.x - 6, name.y + name.height / 2 + 4);
  await expect(dialog.getByLabel('项目位置')).toHaveValue('北京市朝阳区');
  await expect(dialog.getByTestId('map-nearby')).toHaveText(/^位于 北京市朝阳区 附近（约 \d+\.\d 公里）$/);
  await expect(dialog.getByLabel('经度')).toHaveValue(/^116\.4\d+$/);
  await shotBoth(page, 'map-offline-district', { fullPage: false });
});

test('offline map below the city: a click in 南京 fills 省+市+区县', async ({ page }) => {
  await login(page, 'demo_user', '/project/manage');
  await page.getByRole('button', { name: '新增' }).click();
  const dialog = page.getByRole('dialog');
  const map = dialog.getByTestId('leaflet-map');
  await dialog.getByRole('combobox', { name: '搜索地点' }).fill('nanjing');
  await page
    .getByRole('option', { name: /^江苏省南京市 / })
    .first()
    .click();
  await dialog.getByRole('button', { name: '放大' }).click();
  await expect(map.locator('.ts-place--district.ts-place--named .ts-place__name').first()).toBeVisible();
  // the city is drawn by its districts now: its own dot is hidden
  await expect(map.locator('.ts-place--named .ts-place__name', { hasText: /^南京市$/ })).toHaveCount(0);
  // 江宁区's dot, named or not (which names fit depends on the exact view): a click on it picks the district
  await map.scrollIntoViewIfNeeded();
  const jiangning = map.locator('.ts-place--district', {
    has: page.locator('.ts-place__name', { hasText: /^江宁区$/ }),
  });
  const dot = (await jiangning.locator('.ts-place__dot').boundingBox())!;
  await page.mouse.click(dot.x + dot.width / 2, dot.y + dot.height / 2 + 2);
  await expect(dialog.getByLabel('项目位置')).toHaveValue('江苏省南京市江宁区');
  await expect(dialog.getByTestId('map-nearby')).toHaveText(/^位于 江苏省南京市江宁区 附近（约 \d+\.\d 公里）$/);
  await shotBoth(page, 'map-offline-nanjing', { fullPage: false });
});
