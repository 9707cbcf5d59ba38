// Machine shifts of a budget file on a building that counts 建筑建造 by machines: the generated bill of machines in
// every size notation (tests/server/budget/machineBill.ts) is uploaded; the mapping says how the building counts,
// preselects the machines on the 表C.0.1 row of their size, shows a nearest size unchosen with why, and the user
// corrects one machine's row (斗容量 0.8 m³ → the 0.6 m³ row) before importing. Screenshots at 390 and 1366 px in
// .tmp/screens/ (bill-machine-*).
import { machineBill, MACHINE_LINES } from '../tests/server/budget/machineBill';
import { atMappingWidths, billBuilding, billFile } from './bill';
import { api, expect, shot, test } from './fixtures';

const TPF = '/api/tpf/v1/tpf';

test('budget file machines: the row of their size, one corrected by hand, imported under the machine method', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const file = billFile('机械台班汇总表.xlsx', await machineBill());
  const b = await billBuilding(page, {
    engineering: '机械台班工程',
    building: '机械台班楼',
    code: 'MACH-1',
    menus: 'build',
  });
  await api(page, 'PUT', `${TPF}/stage/build/method`, { projectId: b.id, method: 'machine' });

  await page.goto(`/bill?id=${b.id}`);
  await page.getByLabel('选择预算文件').setInputFiles(file);
  await expect(page.getByRole('heading', { name: '清单映射' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('bill-build-method')).toContainText(
    '本单体建筑建造按「按施工机械和临时设施计算」计算：只导入机械台班项',
  );

  const row = (name: string, spec: string) =>
    page
      .getByTestId('bill-mapping-row')
      .filter({ has: page.getByText(name, { exact: true }) })
      .filter({ hasText: spec })
      .first();
  const machine = (name: string, spec: string) =>
    row(name, spec).getByRole('combobox', { name: `${name} 附录C 施工机械` });
  const factor = (name: string, spec: string) => row(name, spec).getByRole('combobox', { name: `${name} 对应因子` });
  // the same size: preselected (斗容量(m3) 0.6 is 0.6 m³, not 3)
  await expect(machine('履带式单斗液压挖掘机', '斗容量(m3) 0.6')).toContainText(
    '附录C：履带式单斗液压挖掘机 斗容量 0.6 m3（柴油 33.68 kg/台班）',
  );
  await expect(factor('履带式单斗液压挖掘机', '斗容量(m3) 0.6')).toContainText('柴油');
  await expect(machine('混凝土输送泵', '输送量(m3/h) 75')).toContainText('输送量 75 m3/h（电力 367.96 kWh/台班）');
  // a nearest size: the row taken and why, not chosen
  const digger = row('履带式单斗液压挖掘机', '斗容量(m3) 0.8');
  await expect(digger.getByTestId('bill-machine-match')).toContainText(
    '规格取表中最接近的 斗容量 1 m3（清单为 斗容量 0.8 m3）',
  );
  await expect(factor('履带式单斗液压挖掘机', '斗容量(m3) 0.8')).toContainText('不导入');
  // corrected by hand: the 0.6 m³ row, its diesel factor chosen with it; 6.2 台班 × 33.68 kg/台班 = 208.816 kg
  await atMappingWidths(page, async (w) => {
    await machine('履带式单斗液压挖掘机', '斗容量(m3) 0.8').scrollIntoViewIfNeeded();
    await machine('履带式单斗液压挖掘机', '斗容量(m3) 0.8').click();
    const pick = page.getByRole('option', { name: '履带式单斗液压挖掘机 斗容量 0.6 m3（柴油 33.68 kg/台班）' });
    await expect(pick).toBeVisible();
    await shot(page, `bill-machine-menu-${w}`, { fullPage: false });
    await pick.click();
    await expect(digger.getByTestId('bill-chosen')).toContainText('计入：6.20 台班 × 33.68 kg/台班 = 208.82 kg');
    await expect(digger.getByTestId('bill-machine-match')).toContainText('手动选择');
    await expect(page.getByRole('listbox')).toBeHidden();
    await shot(page, `bill-machine-pick-${w}`, { fullPage: false });
  });

  await page.getByRole('button', { name: '导入', exact: true }).click();
  // the eight lines of their size and the corrected one; 汽车式起重机 25 t (nearest) and 混凝土振捣器 (not in 附录C) not
  const chosen = MACHINE_LINES.filter((l) => l.exact).length + 1;
  await expect(page.getByTestId('bill-import-answer')).toContainText(`建筑建造：${chosen} 条`, { timeout: 60_000 });
  const rows = (
    await api<{ dataList: { name: string; method: string; energyPerShift: number }[] }>(
      page,
      'GET',
      `${TPF}/stage/build/?projectId=${b.id}&pageSize=-1`,
    )
  ).dataList;
  expect(rows.every((r) => r.method === 'machine')).toBe(true);
  expect(rows.find((r) => r.name === '履带式单斗液压挖掘机 斗容量(m3) 0.8')!.energyPerShift).toBe(33.68);
});
