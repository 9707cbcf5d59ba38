// A large Excel import: 40 000 material rows (2 MB) run as a job (asked for at once here), so the
// dialog follows the job — 已处理 n / 40,000 行 — until it ends; then the rows are all there.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import ExcelJS from 'exceljs';
import { buildingBody, engineeringBody } from '../tests/server/builders';
import { api, expect, login, shot, shotBoth, test } from './fixtures';

const ROWS = 40_000;
const FILE = '.tmp/screens/big-import.xlsx';

/** The produce sheet: 100 quantities 1…100 repeated, C30混凝土 from the library on every row. */
async function writeWorkbook(): Promise<void> {
  mkdirSync(dirname(FILE), { recursive: true }); // a fresh clone has no .tmp/screens
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: FILE, useSharedStrings: true });
  const ws = wb.addWorksheet('建材生产');
  ws.addRow(['材料名称', '单位', '用量', '排放因子名称']).commit();
  for (let i = 0; i < ROWS; i++) ws.addRow([`混凝土${i % 50}`, 'm3', (i % 100) + 1, 'C30混凝土']).commit();
  ws.commit();
  await wb.commit();
}

test('a 40 000-row import shows its progress, then every row is there', async ({ page }) => {
  test.setTimeout(240_000);
  await writeWorkbook();
  await login(page, 'demo_user', '/budget/project/list');
  const eng = await api(
    page,
    'POST',
    '/api/tpf/v1/tpf/tpf3Engineering/',
    engineeringBody({ name: '批量导入工程', code: 'E2E-BULK' }),
  );
  await api(
    page,
    'POST',
    '/api/tpf/v1/tpf/tpf3Project/',
    buildingBody(eng.id, { name: '批量导入楼', code: 'BULK-1', menus: 'produce' }),
  );
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: '批量导入楼' });
  await row.getByRole('button', { name: '编辑' }).click();
  await page.getByRole('button', { name: '保存并继续' }).click();
  await expect(page).toHaveURL(/\/budget\/produce$/);
  await expect(page.getByText('暂无数据')).toBeVisible();

  // the upload answers with its job at once (?wait=0), whatever this machine's speed: the dialog's path is
  // tested, not whether 40 000 rows outlast the 1.5 s wait
  await page.route('**/stage/produce/fileUpload', (route) =>
    route.continue({ url: `${route.request().url()}?wait=0` }),
  );
  await page.getByTestId('import-file-stageProduce').setInputFiles(FILE);
  const dialog = page.getByRole('dialog', { name: /导入建材生产/ });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByRole('progressbar')).toBeVisible();
  await expect(dialog).toContainText(/已处理 [\d,]+ (\/ 40,000 )?行/);
  await shotBoth(page, 'big-import-progress');

  await expect(dialog).toBeHidden({ timeout: 120_000 });
  // the end as it stays: the importer's 消息通知 (the 上传文件成功 toast can come and go while the page draws the
  // rows, so waiting for it is waiting for a moment, not a state)
  await expect(page.getByRole('link', { name: '消息通知（1 条未读）' })).toBeVisible({ timeout: 60_000 });
  // the page recalculates after the import: each quantity 1…100 on 400 rows → 400 × 5050 = 2 020 000 m³ ×
  // 295 kgCO2e/m³ = 595 900 000 kg = 595 900 t
  const id = await page.evaluate(() => localStorage.getItem('tansuan.projectId'));
  await expect
    .poll(async () => (await api(page, 'GET', `/api/tpf/v1/tpf/stage/data?tpf3ProjectId=${id}`)).produce, {
      timeout: 60_000,
    })
    .toMatchObject({ rows: ROWS, total: 595_900 });
  // the table reads a page of the rows from the server, its 合计 over all of them: 595 900 000.00 kg
  await expect(page.getByText(`第 1-10 条，共 ${ROWS.toLocaleString('en-US')} 条`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('table', { name: '建材生产' }).getByRole('row')).toHaveCount(1 + 10 + 1);
  await expect(page.getByTestId('stage-sum')).toContainText('595,900,000.00');
  await shot(page, 'big-import-done', { fullPage: false });
});
