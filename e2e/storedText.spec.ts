// Stored text is shown as text, never run as markup. The super admin sends a notice titled
// `<img src=x onerror=alert(1)>` whose body holds a <script> and an <img onerror>; demo_user makes a project
// named `<img src=x onerror=window.__xss=1>` with a building (building names refuse < > by schema, so the
// building is named `&lt;b&gt;楼'&amp;`: were it written as HTML it would show as `<b>楼'&`) whose material rows
// are the payload and `=1+2`. Every page that shows them — notice list, inbox, dashboard, project list
// and its map dialog, building list, building form, result page, compare pages, decision hotspots — with their
// charts' tooltips and legends hovered: no dialog opens, window.__xss stays undefined, no <img src="x"> exists,
// and the literal text is visible. The PDF and Word reports and the Excel workbook hold the literal text (and
// `=1+2` as a string, never a formula). What was made is deleted at the end.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { buildingBody, engineeringBody } from '../tests/server/builders';
import { api, expect, login, shot, test } from './fixtures';

const TPF = '/api/tpf/v1/tpf';
const SYS = '/api/sys/v1/sys';
const TITLE = '<img src=x onerror=alert(1)>';
const BODY = '维护说明 <script>window.__xss=1</script> 以及 <img src=x onerror="window.__xss=1"> 结束';
const PAYLOAD = '<img src=x onerror=window.__xss=1>';
const BUILDING = "&lt;b&gt;楼'&amp;";
const FORMULA = '=1+2';
const LITERAL = '<img src=x onerror=';
const DIR = '.tmp/screens';

/** Counts the page's alert/confirm/prompt dialogs (dismissing them): none may ever open. */
function watchDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (d) => {
    seen.push(d.message());
    void d.dismiss();
  });
  return seen;
}

/** Nothing of the payload ran or became an element: no __xss, no <img src="x">, no script mentioning __xss. */
async function expectInert(page: Page, dialogs: string[]): Promise<void> {
  // an <img src=x> fails to load asynchronously: once every image has loaded or failed, its onerror has run
  await expect
    .poll(() => page.evaluate(() => [...document.images].every((img) => img.complete || img.loading === 'lazy')))
    .toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => [...document.scripts].some((s) => s.text.includes('__xss')))).toBe(false);
  expect(dialogs).toEqual([]);
}

/**
 * Moves the mouse onto the largest `selector` (a bar, a donut slice) of the chart `testId` — just below the
 * middle of its top edge, which lies on a bar and on a donut's ring alike — and answers the tooltip's text.
 */
async function hoverChart(page: Page, testId: string, selector: string): Promise<string> {
  const chart = page.getByTestId(testId);
  await expect(chart.locator(selector).first()).toBeAttached();
  const parts = await chart.locator(selector).all();
  const areas = await Promise.all(parts.map(async (l) => ((b) => (b ? b.width * b.height : 0))(await l.boundingBox())));
  const target = parts[areas.indexOf(Math.max(...areas))];
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 6), { steps: 4 });
  const tooltip = chart.locator('.apexcharts-tooltip.apexcharts-active');
  await expect(tooltip).toBeVisible();
  return (await tooltip.textContent()) ?? '';
}

test('stored text renders as text on every page, in the reports and in notifications', async ({ page, browser }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const adminDialogs = watchDialogs(page);
  await login(page, 'admin', '/sys/notify');
  const notice = await api<{ id: number }>(page, 'POST', `${SYS}/sysNotice/`, { title: TITLE, content: BODY });

  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const user = await ctx.newPage();
  const dialogs = watchDialogs(user);
  await login(user, 'demo_user', '/dashboard');
  const c30 = (
    await api<{ dataList: { id: number }[] }>(
      user,
      'GET',
      `${TPF}/tpf3BuildMaterial/?type=${encodeURIComponent('建材')}&name=${encodeURIComponent('C30混凝土')}&pageSize=5`,
    )
  ).dataList[0];
  const eng = await api<{ id: number }>(
    user,
    'POST',
    `${TPF}/tpf3Engineering/`,
    engineeringBody({ name: PAYLOAD, code: 'E2E-XSS' }),
  );
  const b = await api<{ id: number }>(
    user,
    'POST',
    `${TPF}/tpf3Project/`,
    buildingBody(eng.id, { name: BUILDING, code: 'XSS-1', menus: 'produce', buildArea: 1000 }),
  );

  try {
    await api(user, 'POST', `${TPF}/stage/produce/batch`, [
      { projectId: b.id, materialName: PAYLOAD, unit: 'm3', quantity: 10, factorId: c30.id },
      { projectId: b.id, materialName: FORMULA, unit: 'm3', quantity: 4, factorId: c30.id },
    ]);
    await api(user, 'PUT', `${TPF}/tpf3Project/status`, { id: b.id, status: '1' });

    // 通知公告: the list (screenshot for the issue; a sent notice has no page of its own: it is immutable)
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: LITERAL });
    await expect(row.getByText(TITLE, { exact: true })).toBeVisible();
    await expect(row.getByText(BODY, { exact: true })).toBeVisible();
    await shot(page, 'xss-notice', { dir: '.tmp', fullPage: false });
    await expectInert(page, adminDialogs);

    // the inbox (消息通知) with the bell above it, and the dashboard
    await user.goto('/notify');
    const item = user.getByTestId('inbox-item').filter({ hasText: LITERAL });
    await expect(item.getByText(TITLE, { exact: true })).toBeVisible();
    await expect(item.getByText(BODY, { exact: true })).toBeVisible();
    await expect(user.getByTestId('notify-bell')).toHaveAttribute('aria-label', /条未读/);
    await expectInert(user, dialogs);
    await user.goto('/dashboard');
    await expect(user.getByTestId('notify-bell')).toBeVisible();
    await expectInert(user, dialogs);

    // 项目管理 and its edit dialog with the map
    await user.goto('/project/manage');
    const engRow = user.getByRole('row').filter({ hasText: LITERAL });
    await expect(engRow.getByText(PAYLOAD, { exact: true })).toBeVisible();
    await engRow.getByRole('button', { name: '编辑' }).click();
    const engDialog = user.getByRole('dialog');
    await expect(engDialog.getByLabel('项目名称')).toHaveValue(PAYLOAD);
    await expect(engDialog.getByTestId('leaflet-map')).toBeVisible();
    await expectInert(user, dialogs);
    await engDialog.getByRole('button', { name: '关闭' }).click();

    // the building lists (all modules and 概预算), then the building's form
    await user.goto('/project/list');
    await expect(user.getByRole('row').filter({ hasText: BUILDING }).getByText(PAYLOAD, { exact: true })).toBeVisible();
    await expectInert(user, dialogs);
    await user.goto('/budget/project/list');
    const bRow = user.getByRole('row').filter({ hasText: BUILDING });
    await expect(bRow.getByText(BUILDING, { exact: true })).toBeVisible();
    await expectInert(user, dialogs);
    await bRow.getByRole('button', { name: BUILDING }).click();
    await expect(user).toHaveURL(/\/budget\/project\/info/);
    await expect(user.getByRole('textbox', { name: '单体名称', exact: true })).toHaveValue(BUILDING);
    await expect(user.getByRole('combobox', { name: '所属项目' })).toHaveValue(PAYLOAD);
    await expectInert(user, dialogs);
    await user.goto('/budget/produce');
    await expect(user.getByRole('table', { name: '建材生产' }).getByText(PAYLOAD, { exact: true })).toBeVisible();
    await expectInert(user, dialogs);

    // the workbook of the building: the payload and `=1+2` as plain strings, no formula anywhere
    await user.goto('/budget/project/list');
    await user.getByRole('row').filter({ hasText: BUILDING }).getByRole('button', { name: '更多' }).click();
    const xlsxDownload = user.waitForEvent('download');
    await user.getByRole('menuitem', { name: '导出表格' }).click();
    const xlsxFile = `${DIR}/xss-workbook.xlsx`;
    await (await xlsxDownload).saveAs(xlsxFile);
    const xlsx = unzipSync(readFileSync(xlsxFile));
    const sheets = Object.keys(xlsx).filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n));
    expect(sheets.length).toBeGreaterThan(0);
    const strings = strFromU8(xlsx['xl/sharedStrings.xml']);
    expect(strings).toContain('&lt;img src=x onerror=window.__xss=1&gt;');
    expect(strings).toContain(`>${FORMULA}<`);
    for (const s of sheets) expect(strFromU8(xlsx[s]), s).not.toMatch(/<f[ >]/);

    // the result page: its charts hovered
    await user.getByRole('row').filter({ hasText: BUILDING }).getByRole('button', { name: '查看报告' }).click();
    await expect(user).toHaveURL(/\/budget\/result$/);
    await expect(user.getByTestId('result-page').getByText(BUILDING).first()).toBeVisible();
    await hoverChart(user, 'chart-shares', '.apexcharts-pie-area');
    await hoverChart(user, 'chart-stage', '.apexcharts-bar-area');
    await expectInert(user, dialogs);

    // the PDF and Word reports through the export dialog
    const pdfDownload = user.waitForEvent('download');
    await user.getByRole('button', { name: '导出报告' }).click();
    await user.getByRole('dialog', { name: '导出报告' }).getByRole('button', { name: '确定' }).click();
    const pdfFile = `${DIR}/xss-report.pdf`;
    await (await pdfDownload).saveAs(pdfFile);
    const pdfText = execFileSync('pdftotext', ['-enc', 'UTF-8', pdfFile, '-'], { encoding: 'utf8' }).replace(
      /\s+/g,
      '',
    );
    expect(pdfText).toContain('<imgsrc=xonerror=window.__xss=1>');
    expect(pdfText).toContain(BUILDING);
    const docxDownload = user.waitForEvent('download');
    await user.getByRole('button', { name: '导出报告' }).click();
    const exportDialog = user.getByRole('dialog', { name: '导出报告' });
    await exportDialog.getByLabel('Word').check();
    await exportDialog.getByRole('button', { name: '确定' }).click();
    const docxFile = `${DIR}/xss-report.docx`;
    await (await docxDownload).saveAs(docxFile);
    const documentXml = strFromU8(unzipSync(readFileSync(docxFile))['word/document.xml']);
    expect(documentXml).toContain('&lt;img src=x onerror=window.__xss=1&gt;');
    expect(documentXml).toContain('&amp;lt;b&amp;gt;楼');
    expect(documentXml).not.toContain(LITERAL);
    await expectInert(user, dialogs);

    // 建筑对比 (the module's): with a demo building beside it, the building is a series — its legend and
    // tooltip show the name as written
    await user.getByRole('button', { name: '建筑对比' }).click();
    await expect(user).toHaveURL(/\/budget\/compare$/);
    await expect(user.getByRole('table', { name: '建筑对比' }).getByText(BUILDING)).toBeVisible();
    await user.getByRole('combobox', { name: /对比建筑/ }).click();
    await user.getByRole('option', { name: 'A1研发办公楼' }).click();
    await expect(
      user.getByTestId('chart-compare').locator('.apexcharts-legend-text').filter({ hasText: BUILDING }),
    ).toBeVisible();
    expect(await hoverChart(user, 'chart-compare', '.apexcharts-series[rel="1"] .apexcharts-bar-area')).toContain(
      BUILDING,
    );
    await expectInert(user, dialogs);

    // 统计分析: the project in its table, the current building (the one chosen above) in the charts
    await user.goto('/project/compare');
    await expect(user.getByRole('table', { name: '项目统计' }).getByText(PAYLOAD, { exact: true })).toBeVisible();
    await expect(user.getByRole('table', { name: '建筑对比' }).getByText(BUILDING)).toBeVisible();
    expect(await hoverChart(user, 'chart-compare', '.apexcharts-bar-area')).toContain(BUILDING);
    await hoverChart(user, 'chart-methods', '.apexcharts-bar-area');
    await expectInert(user, dialogs);

    // 决策分析 · 热点与替代: the material names are the chart's categories, shown in its tooltip title
    await user.goto(`/decide?id=${b.id}&tab=hotspots`);
    await expect(user.getByRole('heading', { name: `决策分析 - ${BUILDING}` })).toBeVisible({ timeout: 60_000 });
    await expect(user.getByTestId('hotspot-panel').getByText(PAYLOAD, { exact: true }).first()).toBeVisible();
    const hotspot = user.getByTestId('hotspot-panel');
    await hoverChart(user, 'hotspot-panel', '.apexcharts-bar-area');
    await expect(hotspot.locator('.apexcharts-tooltip-title')).toContainText(LITERAL);
    await expectInert(user, dialogs);
  } finally {
    // what this test made, and the notice's copies in the two inboxes it used
    await api(user, 'DELETE', `${TPF}/tpf3Project/${b.id}`);
    await api(user, 'DELETE', `${TPF}/tpf3Engineering/${eng.id}`);
    await api(page, 'DELETE', `${SYS}/sysNotice/${notice.id}`);
    for (const p of [page, user]) {
      const inbox = await api<{ dataList: { id: number; title: string }[] }>(
        p,
        'GET',
        `${SYS}/sysNotify/?pageSize=100&kind=notice`,
      );
      for (const n of inbox.dataList.filter((x) => x.title === TITLE))
        await api(p, 'DELETE', `${SYS}/sysNotify/${n.id}`);
    }
    await ctx.close();
  }
});
