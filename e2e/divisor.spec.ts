// The factor library at /divisor: the seeded GB/T 51366 rows, 2-decimal numbers, the warning flag on a row
// whose factor is 0, add → edit (a new version) → delete with confirmation (the previous version is current
// again, then deleted too), and the batch-delete selection rule.
import { expect, login, shot, test } from './fixtures';

test('factor library: seeded rows, paging, add with a 0 factor is flagged, edit, delete with confirmation', async ({
  page,
}) => {
  await login(page, 'demo_admin', '/divisor');
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(11); // header + default page size 10
  await expect(page.getByText(/共\s*\d{3}\s*条|\/\s*\d{3}|of \d{3}/).first()).toBeVisible();

  await page.getByRole('button', { name: '批量删除' }).click();
  await expect(page.getByText('请先选择要删除的数据!')).toBeVisible();

  await page.getByRole('link', { name: '新增' }).click();
  await expect(page).toHaveURL(/\/divisor\/create$/);
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('请输入名称').first()).toBeVisible(); // required, the schema's own title
  await page.getByLabel('类型').first().fill('建材');
  await page.getByLabel('名称').first().fill('E2E待核实砂浆');
  await page.getByLabel('单位').first().fill('t');
  await page.getByLabel('碳排放因子').first().fill('0');
  await shot(page, 'divisor-create');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/divisor$/);

  // (the new factor is the list's first row, newest first; a name filter typed here could, after its debounce,
  // bring the page back to the list from the edit page below)
  const row = table.getByRole('row').filter({ hasText: 'E2E待核实砂浆' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('0.00');
  await expect(row.getByTestId('row-warning')).toBeVisible();
  await shot(page, 'divisor-warning');

  await row.getByRole('link', { name: '编辑' }).click();
  // (the form is filled once the record has loaded: typing before that is reset by the loaded record)
  await expect(page.getByLabel('名称').first()).toHaveValue('E2E待核实砂浆');
  await page.getByLabel('碳排放因子').first().fill('0.256');
  await page.getByRole('button', { name: '保存' }).click();
  // back on the list, which keeps its name filter (react-admin writes it back into the query)
  await expect(page).toHaveURL(/\/divisor(\?.*)?$/);
  await expect(row).toContainText('0.26');
  await expect(row.getByTestId('row-warning')).toHaveCount(0);

  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('button', { name: '取消' }).click();
  await expect(page.getByText('操作已取消')).toBeVisible();
  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('删除成功!')).toBeVisible();
  // the edit made version 2; deleting it makes version 1 (0.00, flagged) current again — an edit undone
  await expect(row).toContainText('0.00');
  await expect(row.getByTestId('row-warning')).toBeVisible();
  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(row).toHaveCount(0);
});
