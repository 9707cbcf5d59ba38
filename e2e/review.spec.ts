// 校审 (sign-off) end to end: the administrator adds 校对人, 审核人 and 审定人 to the demo tenant; demo_user's completed
// 概预算 building names them; on /review 计算人 submits (a reason for each flag of the result) → 校对人 finds it in
// 待我校审 and returns it with a comment on a row of 建材生产 (shown on the stage page beside the row) → 计算人 fixes the
// row, resolves the comment and submits again → 校对, 审核, 审定 sign → 已审定 with a report number; the stage page is
// locked; the building's changes (变更记录) name who changed what; the frozen report's PDF (its hash as shown, its
// 签署页 and QR code, its appendix) opens the public verify page, which finds a copy 匹配 and a changed one 不匹配.
// Screenshots at 1366 and 390 px in .tmp/screens/ (review-*).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { pdfQr } from '../tests/server/reportFiles';
import { buildingBody, engineeringBody } from '../tests/server/builders';
import { violations } from './axe';
import { api, expect, login, loginWith, shot, shotBoth, SHOTS_ON, test } from './fixtures';

const TPF = '/api/tpf/v1/tpf';
const SIGNERS = [
  ['rv_checker', '王校对'],
  ['rv_reviewer', '赵审核'],
  ['rv_approver', '钱审定'],
] as const;
const PASSWORD = 'Rv-Signer-Pass-1';

async function signer(browser: Browser, userName: string, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginWith(page, userName, PASSWORD, path);
  return page;
}

test('校审: submit → return with a row comment → resolve → resubmit → 校对 → 审核 → 审定 → locked', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1366, height: 900 });

  // the administrator adds the three signers to the demo tenant
  const admin = await (await browser.newContext()).newPage();
  await login(admin, 'admin', '/sys/user');
  const tenants = await api<{ dataList: { id: number; code: string }[] }>(
    admin,
    'GET',
    '/api/sys/v1/sys/sysTenant/?pageSize=50',
  );
  const demo = tenants.dataList.find((t) => t.code === 'demo')!.id;
  const ids: Record<string, number> = {};
  // (with the 实名 their signatures print: 钱审定（rv_approver）)
  for (const [userName, name] of [...SIGNERS, ['rv_checker2', '孙校对']])
    ids[userName] = (
      await api<{ id: number }>(admin, 'POST', '/api/sys/v1/sys/sysUser/', {
        userName,
        name,
        realName: name,
        password: PASSWORD,
        roleList: [],
        tenantId: demo,
      })
    ).id;
  await admin.context().close();

  // demo_user's completed building names them
  await login(page, 'demo_user', '/budget/project/list');
  const eng = await api(page, 'POST', `${TPF}/tpf3Engineering/`, engineeringBody({ name: '校审工程', code: 'E2E-RV' }));
  const b = await api<{ id: number }>(
    page,
    'POST',
    `${TPF}/tpf3Project/`,
    buildingBody(eng.id, {
      name: '校审楼',
      code: 'RV-1',
      menus: 'produce',
      checkerId: ids.rv_checker,
      reviewerId: ids.rv_reviewer,
      approverId: ids.rv_approver,
    }),
  );
  await api(page, 'POST', `${TPF}/stage/produce/batch`, [
    {
      projectId: b.id,
      materialName: '钢材',
      unit: 't',
      quantity: 100,
      factorValue: 2,
      factorUnit: 'kgCO2e/t',
      factorSource: '测试',
    },
  ]);
  await api(page, 'PUT', `${TPF}/tpf3Project/status`, { id: b.id, status: '1' });

  // 计算人 submits, with a reason for each flag of the result
  const submit = async () => {
    await page.goto(`/review?id=${b.id}`);
    await expect(page.getByRole('heading', { name: '校审 — 校审楼' })).toBeVisible();
    const reasons = page.getByLabel(/^说明：/);
    await expect(reasons.first()).toBeVisible();
    for (const field of await reasons.all()) await field.fill('示意数据，建筑仅含钢材一项');
    await page.getByRole('button', { name: '提交校审' }).click();
    await expect(page.getByTestId('review-state')).toHaveText('待校对');
  };
  await page.goto(`/review?id=${b.id}`);
  await expect(page.getByTestId('review-level-calc')).toContainText('演示用户');
  await expect(page.getByTestId('review-level-check')).toContainText('王校对');
  await expect(page.getByRole('button', { name: '提交校审' })).toBeDisabled();
  await shotBoth(page, 'review-draft');
  await submit();

  // 校对人 finds it in 待我校审 and returns it with a comment on the row
  const checker = await signer(browser, 'rv_checker', '/review');
  const waiting = checker.getByTestId('review-waiting-row').filter({ hasText: '校审楼' });
  await expect(waiting).toContainText('校对人');
  await shotBoth(checker, 'review-waiting');
  await waiting.getByRole('link', { name: '校审楼' }).click();
  await checker.getByRole('button', { name: '退回' }).click();
  const dialog = checker.getByRole('dialog', { name: '退回并提出意见' });
  await dialog.getByLabel('意见 1').fill('钢材用量与结构计算书不符，请核对');
  await dialog.getByLabel('针对').click();
  await checker.getByRole('option', { name: '建材生产' }).click();
  await dialog.getByLabel('数据行').click();
  await checker.getByRole('option', { name: /第 1 行 钢材/ }).click();
  await shot(checker, 'review-return-dialog-1366', { fullPage: false });
  await dialog.getByRole('button', { name: '退回' }).click();
  await expect(checker.getByTestId('review-state')).toHaveText('编制中');

  // 计算人 sees the comment on the stage page, beside its row
  await page.goto('/budget/project/list');
  await page.getByRole('row').filter({ hasText: '校审楼' }).getByRole('button', { name: '校审楼' }).click();
  await page.goto('/budget/produce');
  await expect(page.getByTestId('stage-comments')).toContainText(
    '建材生产 第 1 行 钢材：钢材用量与结构计算书不符，请核对（王校对，未处理）',
  );
  await expect(page.getByRole('row').filter({ hasText: '钢材' }).getByTestId('row-comment')).toHaveText('未处理');
  await shotBoth(page, 'review-stage-comment', { fullPage: false });

  // 计算人 fixes the row, resolves the comment and submits again
  await page.goto(`/review?id=${b.id}`);
  const comment = page.getByTestId('review-comment');
  await expect(comment).toContainText('钢材用量与结构计算书不符，请核对');
  await expect(comment).toContainText('未处理');
  await expect(comment).toContainText('建材生产 第 1 行 钢材');
  const rows = await api<{ dataList: Record<string, unknown>[] }>(
    page,
    'GET',
    `${TPF}/stage/produce/?projectId=${b.id}`,
  );
  await api(page, 'PUT', `${TPF}/stage/produce/`, { ...rows.dataList[0], quantity: 120 });
  await comment.getByLabel('处理说明').fill('已按结构计算书改为 120 t');
  await comment.getByRole('button', { name: '处理' }).click();
  await expect(comment).toContainText('已处理');
  await shotBoth(page, 'review-returned');
  // the row saved alone left the result stale: the page says so before anything is submitted, and 重新计算 brings
  // it up to date (the flags to acknowledge are then those of 120 t)
  await page.goto(`/review?id=${b.id}`);
  const stale = page.getByTestId('result-stale');
  await expect(stale).toContainText('结果已过期');
  await shotBoth(page, 'review-stale', { fullPage: false });
  await stale.getByRole('button', { name: '重新计算' }).click();
  await expect(page.getByText('已按现有数据重新计算')).toBeVisible();
  await expect(stale).toHaveCount(0);
  await submit();

  // 校对, 审核, 审定 sign in turn (their sessions kept for revision B)
  const sessions: Record<string, Page> = { rv_checker: checker };
  for (const [userName] of SIGNERS) {
    const p = (sessions[userName] ??= await signer(browser, userName, `/review?id=${b.id}`));
    await p.goto(`/review?id=${b.id}`);
    await p.getByRole('button', { name: '签署' }).click();
    await expect(p.getByTestId('review-state')).not.toHaveText(/待校对/);
    if (userName === 'rv_approver') {
      await expect(p.getByTestId('review-state')).toHaveText('已审定');
      await expect(p.getByTestId('review-report-no')).toContainText(/报告编号 demo-\d{4}-\d{4}/);
    }
  }
  await page.goto(`/review?id=${b.id}`);
  await expect(page.getByTestId('review-state')).toHaveText('已审定');
  await expect(page.getByTestId('review-comment')).toContainText('已关闭');
  await expect(page.getByTestId('review-event')).toHaveCount(6);
  await shotBoth(page, 'review-approved');

  // the building's changes: the row fix by 计算人, the states by the people who moved them; narrowed to 建材生产
  const trail = page.getByRole('list', { name: '变更记录' });
  await expect(trail.getByTestId('audit-entry').filter({ hasText: '校审状态：待审定 → 已审定' })).toContainText(
    '钱审定',
  );
  await page.getByLabel('范围').click();
  await page.getByRole('option', { name: '建材生产' }).click();
  await expect(trail.getByTestId('audit-entry').first()).toContainText(
    /演示用户修改建材生产「钢材」.*用量：\d+(\.\d+)? → 120/,
  );
  const trailCard = page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: '变更记录' }) });
  if (SHOTS_ON) {
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await shot(page, `review-audit-${width}`, { of: trailCard });
    }
  }

  // the frozen report: its stored PDF (the hash the page shows), the 签署页 with the QR code, the public verify page
  const card = page.getByTestId('frozen-report');
  // drawn as a job after the last signature: the card shows its progress, then the stored file's hash
  await expect(card.getByTestId('frozen-sha256')).toBeVisible({ timeout: 60_000 });
  const sha = (await card.getByTestId('frozen-sha256').textContent())!.trim();
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: '下载 PDF 报告' }).click();
  const pdf = readFileSync((await (await downloading).path())!);
  expect(createHash('sha256').update(pdf).digest('hex')).toBe(sha);
  mkdirSync('.tmp/shots-review', { recursive: true });
  writeFileSync('.tmp/shots-review/report.pdf', pdf);
  if (SHOTS_ON) {
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '70',
      '-f',
      '2',
      '-l',
      '2',
      '-singlefile',
      '.tmp/shots-review/report.pdf',
      '.tmp/screens/review-report-signoff',
    ]);
    const pages = Number(
      /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['.tmp/shots-review/report.pdf'], { encoding: 'utf8' }))![1],
    );
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '70',
      '-f',
      String(pages),
      '-l',
      String(pages),
      '-singlefile',
      '.tmp/shots-review/report.pdf',
      '.tmp/screens/review-report-appendix',
    ]);
  }
  const qr = pdfQr('.tmp/shots-review', pdf, 2)!;
  expect(qr).toMatch(/^http:\/\/[^/]+\/verify\/demo-\d{4}-\d{4}\?c=[\w-]{16}$/);
  const stranger = await (await browser.newContext()).newPage(); // no login
  await stranger.setViewportSize({ width: 1366, height: 900 });
  await stranger.goto(`${new URL(qr).pathname}${new URL(qr).search}`);
  await expect(stranger.getByTestId('verify-summary')).toContainText('单体名称校审楼');
  await expect(stranger.getByRole('table', { name: '签署' })).toContainText('审定钱审定（rv_approver）');
  await stranger
    .getByTestId('verify-file')
    .setInputFiles({ name: '校审楼碳排放报告.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(stranger.getByTestId('verify-result')).toContainText(
    '匹配：「校审楼碳排放报告.pdf」与存档的签署报告一致',
  );
  await expect(stranger.getByTestId('verify-signature')).toContainText('内嵌签名有效');
  await shotBoth(stranger, 'review-verify');
  expect(await violations(stranger, `${new URL(qr).pathname}${new URL(qr).search}`)).toEqual([]);
  const changed = Buffer.from(pdf);
  changed[changed.length >> 1] ^= 1;
  await stranger
    .getByTestId('verify-file')
    .setInputFiles({ name: '改过的报告.pdf', mimeType: 'application/pdf', buffer: changed });
  await expect(stranger.getByTestId('verify-result')).toContainText('不匹配：「改过的报告.pdf」');
  await shot(stranger, 'review-verify-mismatch-1366', { fullPage: false });
  await stranger.context().close();

  // the stage page says it is locked, and the server refuses a change
  await page.goto('/budget/produce');
  await expect(page.getByTestId('review-notice')).toContainText('已审定');
  await expect(page.getByTestId('review-notice')).toContainText('已锁定，不能修改');
  // read only: no 新增, 编辑, 删除 or 计算
  await expect(page.getByRole('row').filter({ hasText: '钢材' })).toBeVisible();
  for (const name of ['新增', '编辑', '删除', '计算'])
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  await shotBoth(page, 'review-locked-stage', { fullPage: false });
  const token = await page.evaluate(
    () => sessionStorage.getItem('access-token') ?? localStorage.getItem('access-token'),
  );
  const refused = await page.request.fetch(`${TPF}/stage/produce/`, {
    method: 'PUT',
    data: { ...rows.dataList[0], quantity: 1 },
    headers: { 'Access-Token': token ?? '' },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe('单体「校审楼」修订版 A 处于「已审定」状态，已锁定，不能修改');

  // the tenant's own rules: its group admin sets them on /review (本单位校审设置)
  const groupAdmin = await (await browser.newContext()).newPage();
  await groupAdmin.setViewportSize({ width: 1366, height: 900 });
  await login(groupAdmin, 'demo_admin', '/review');
  const rules = groupAdmin.getByTestId('signoff-settings');
  await expect(rules).toContainText('本单位校审设置');
  await rules.getByLabel('报告编号前缀').fill('DEMO-JS');
  await rules.getByRole('button', { name: '保存' }).click();
  await expect(groupAdmin.getByText('保存成功！')).toBeVisible();
  await shotBoth(groupAdmin, 'review-settings');
  const stored = await api<{ reportPrefix: string; canEdit: boolean }>(groupAdmin, 'GET', `${TPF}/review/settings`);
  expect(stored).toMatchObject({ reportPrefix: 'DEMO-JS', canEdit: true });

  // 计算人 makes revision B of the signed A; a second one (a second tab, a retry) is refused naming B
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/review?id=${b.id}`);
  await page.getByRole('button', { name: '新建修订版' }).click();
  await expect(page.getByTestId('review-state')).toHaveText('编制中');
  await expect(page.getByText('修订版 B', { exact: true })).toBeVisible();
  const revB = Number(new URL(page.url()).searchParams.get('id'));
  expect(revB).not.toBe(b.id);
  const again = await page.request.fetch(`${TPF}/review/revise`, {
    method: 'POST',
    data: { projectId: b.id },
    headers: { 'Access-Token': token ?? '' },
  });
  expect(await again.json()).toMatchObject({
    code: 0,
    message: '单体「校审楼」修订版 A 已有修订版 B，不能再次新建修订版',
    data: { id: revB },
  });

  // the list offers the building once, as B, with its 历史修订版
  await page.goto('/budget/project/list');
  const listed = page.getByRole('row').filter({ hasText: '校审楼' });
  await expect(listed).toHaveCount(1);
  await expect(listed.getByRole('cell').filter({ hasText: /^编制中修订版 B历史修订版$/ })).toBeVisible();
  await shotBoth(page, 'review-list-revision', { fullPage: false });
  await listed.getByRole('button', { name: '历史修订版' }).click();
  const history = page.getByRole('dialog', { name: '历史修订版：校审楼' });
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history.getByRole('row').nth(2)).toContainText('修订版 A已审定');
  await expect(history.getByRole('row').nth(2)).toContainText('已被新修订版替代，不计入汇总');
  await shot(page, 'review-history-1366', { fullPage: false }); // (a phone lists cards: no 历史修订版 there)
  await history.getByRole('button', { name: '关闭' }).click();

  // B is submitted; 计算人 takes it back (撤回) before 校对 signs, and submits it again
  const submitB = async () => {
    const flags = (await api<{ flags: string[] }>(page, 'GET', `${TPF}/review/${revB}`)).flags;
    await api(page, 'POST', `${TPF}/review/submit`, {
      projectId: revB,
      acknowledgements: flags.map((text) => ({ text, reason: '修订版沿用审定版数据' })),
    });
  };
  await submitB();
  await page.goto(`/review?id=${revB}`);
  await expect(page.getByTestId('review-state')).toHaveText('待校对');
  await shotBoth(page, 'review-withdraw', { fullPage: false });
  await page.getByRole('button', { name: '撤回', exact: true }).click();
  await page.getByRole('dialog', { name: '撤回校审' }).getByRole('button', { name: '撤回' }).click();
  await expect(page.getByTestId('review-state')).toHaveText('编制中');
  await submitB();

  // 王校对 is away: the group admin names 孙校对 校对人 of B, who is told
  await groupAdmin.goto(`/review?id=${revB}`);
  await groupAdmin.getByRole('button', { name: '更换签署人：校对人' }).click();
  const reassign = groupAdmin.getByRole('dialog', { name: '更换签署人：校对人' });
  await reassign.getByLabel('新的校对人').click();
  await groupAdmin.getByRole('option', { name: /rv_checker2/ }).click();
  await shotBoth(groupAdmin, 'review-reassign', { fullPage: false });
  await reassign.getByRole('button', { name: '确定更换' }).click();
  await expect(groupAdmin.getByTestId('review-level-check')).toContainText('孙校对');
  await groupAdmin.context().close();

  // B is signed at its three levels (校对 by 孙校对); A's public page then says it was replaced, naming B's report
  sessions.rv_checker2 = await signer(browser, 'rv_checker2', `/review?id=${revB}`);
  for (const userName of ['rv_checker2', 'rv_reviewer', 'rv_approver'])
    await api(sessions[userName], 'POST', `${TPF}/review/approve`, { projectId: revB });
  for (const p of Object.values(sessions)) await p.context().close();
  const reader = await (await browser.newContext()).newPage(); // no login
  await reader.setViewportSize({ width: 1366, height: 900 });
  await expect(async () => {
    await reader.goto(new URL(qr).pathname + new URL(qr).search);
    await expect(reader.getByTestId('verify-superseded')).toContainText(
      /已被修订版 B（报告编号 DEMO-JS-\d{4}-\d{4}，\d{4}-\d{2}-\d{2}）替代/,
      { timeout: 2000 },
    );
  }).toPass({ timeout: 90_000 });
  await shotBoth(reader, 'review-verify-superseded');
  await reader.context().close();
});
