// Notifications and the rest of the shell, as users meet them: demo_user adds demo_trial as a
// collaborator on a building → demo_trial's bell shows 1 after one 60 s poll (the browser clock is fast-forwarded
// by exactly one poll, so the poll itself is what delivers it) → /notify, clicking it opens its link and the badge
// goes; the user menu's order; the module app bar stays one line at 390 px with the template icon; a notice from
// the super admin reaches everyone; /sys/cache; /timeline and /apply/project. Screenshots at 1366 and 390 px.
import type { Page } from '@playwright/test';
import { api, expect, login, shot, shotBoth, test } from './fixtures';

test.describe.configure({ mode: 'serial' });

const bellOf = (page: Page) => page.getByTestId('notify-bell');
const unreadLabel = (n: number) => (n ? `消息通知（${n} 条未读）` : '消息通知');

/** The navbar: one line (≤ 64 px high), the avatar inside the viewport. */
async function expectOneLineAppBar(page: Page): Promise<void> {
  const bar = (await page.locator('header').first().boundingBox())!;
  expect(bar.height).toBeLessThanOrEqual(64);
  const avatar = (await page.getByTestId('navbar-avatar').boundingBox())!;
  expect(avatar.x + avatar.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(avatar.y + avatar.height).toBeLessThanOrEqual(bar.y + bar.height);
}

test('a collaborator added → the bell shows 1 after one poll → /notify, click it → the badge is gone', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // the receiver first, on a browser clock the test controls
  const ctx = await browser.newContext();
  const trial = await ctx.newPage();
  await trial.clock.install();
  await login(trial, 'demo_trial', '/dashboard');
  await expect(bellOf(trial)).toHaveAttribute('aria-label', unreadLabel(0));

  await login(page, 'demo_user', '/budget/project/list');
  await page.getByRole('row').filter({ hasText: 'A1研发办公楼' }).getByRole('button', { name: '编辑' }).click();
  await page.getByLabel('协作人').click();
  await page.getByRole('option', { name: '试用用户' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('保存成功!')).toBeVisible();

  // the server holds the invitation for demo_trial, yet the bell shows nothing until its next poll; one poll (60 s)
  // later it shows it
  const unreadInvitations = async () =>
    (
      await api<{ dataList: { readFlag?: number }[] }>(trial, 'GET', '/api/sys/v1/sys/sysNotify/?pageSize=100')
    ).dataList.filter((n) => !n.readFlag && JSON.stringify(n).includes('A1研发办公楼')).length;
  await expect.poll(unreadInvitations).toBe(1);
  await expect(bellOf(trial)).toHaveAttribute('aria-label', unreadLabel(0));
  await trial.clock.fastForward(60_000);
  await expect(bellOf(trial)).toHaveAttribute('aria-label', unreadLabel(1));
  await expect(bellOf(trial).locator('.MuiBadge-badge')).toHaveText('1');
  await shotBoth(trial, 'notify-bell');

  await trial.getByRole('button', { name: '用户菜单' }).click();
  const menu = trial.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([
    '账号设置',
    '因子库管理',
    '用户手册',
    '版本说明',
    '问题反馈',
    '消息通知1',
    '退出登录',
  ]);
  await shot(trial, 'notify-user-menu-1366', { fullPage: false });
  await menu.getByRole('menuitem', { name: /消息通知/ }).click();
  await expect(trial).toHaveURL(/\/notify$/);
  const item = trial.getByTestId('inbox-item').filter({ hasText: 'A1研发办公楼' });
  await expect(item).toContainText('协作邀请');
  await expect(item).toContainText('演示用户将您添加为');
  await shotBoth(trial, 'notify-page');

  await item.getByText('您已被添加为单体「A1研发办公楼」的协作者').click();
  await expect(trial).toHaveURL(/\/budget\/project\/list\?engineeringId=\d+$/);
  await expect(bellOf(trial)).toHaveAttribute('aria-label', unreadLabel(0));
  await expect(trial.getByRole('row').filter({ hasText: 'A1研发办公楼' })).toBeVisible();
  await expectOneLineAppBar(trial);
  await trial.setViewportSize({ width: 390, height: 844 });
  await expect(trial.getByRole('button', { name: '下载导入模板' })).toBeVisible();
  await expectOneLineAppBar(trial);
  await shot(trial, 'notify-module-appbar-390', { fullPage: false });

  await trial.goto('/notify');
  await trial.getByRole('tab', { name: '未读' }).click();
  await expect(trial.getByText('暂无数据')).toBeVisible();
  await shotBoth(trial, 'notify-empty');
  await ctx.close();
});

test('the module app bar stays one line at 390 px; 概预算 offers three templates, each downloaded', async ({
  page,
}) => {
  await login(page, 'demo_trial', '/budget/project/list');
  for (const width of [1366, 991, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await expect(page.getByTestId('module-name')).toBeAttached();
    await expectOneLineAppBar(page);
  }
  // resized into mobile mode, the page stays usable (the drawer once left the whole app aria-hidden)
  await page.getByRole('button', { name: '打开菜单' }).click();
  await expect(page.getByRole('menuitem', { name: '应用拓展' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: '应用拓展' })).toBeHidden();
  await page.getByRole('button', { name: '下载导入模板' }).click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['国标 GB/T 51366-2019', '省标准', '省导则']);
  await shot(page, 'template-menu-390', { fullPage: false });
  const downloaded = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: '省标准' }).click();
  expect((await downloaded).suggestedFilename()).toMatch(/\.xlsx$/);
  await page.goto('/accounting/project/list');
  const zip = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载导入模板' }).click();
  expect((await zip).suggestedFilename()).toMatch(/\.zip$/);
  await expectOneLineAppBar(page);
  await shot(page, 'accounting-appbar-390', { fullPage: false });
});

test('a notice from the super admin to 全部用户 reaches demo_user', async ({ page, browser }) => {
  await login(page, 'admin', '/sys/notify');
  await page.getByRole('link', { name: '新增' }).click();
  await expect(page).toHaveURL(/\/sys\/notify\/create$/);
  const title = page.getByLabel('标题');
  await title.fill('系统维护通知');
  await page.getByLabel('内容').fill('本周六 22:00 至 23:00 系统维护，期间暂停服务。');
  await shotBoth(page, 'sys-notify-create');
  // (under load the form can still initialise after the first keystrokes and drop the title: typed again if so)
  if ((await title.inputValue()) !== '系统维护通知') await title.fill('系统维护通知');
  await expect(title).toHaveValue('系统维护通知');
  await page.getByRole('button', { name: '发送' }).click();
  await expect(page.getByText('通知已发送')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: '系统维护通知' });
  await expect(row).toContainText('全部用户');
  await shotBoth(page, 'sys-notify-list');

  const ctx = await browser.newContext();
  const user = await ctx.newPage();
  await login(user, 'demo_user', '/notify');
  await expect(user.getByTestId('inbox-item').filter({ hasText: '系统维护通知' })).toContainText('通知公告');
  await expect(bellOf(user)).toHaveAttribute('aria-label', /条未读/);
  await user.getByRole('button', { name: '全部标为已读' }).click();
  await expect(user.getByText('已标记为已读')).toBeVisible();
  await expect(bellOf(user)).toHaveAttribute('aria-label', unreadLabel(0));
  await ctx.close();
});

test('/sys/cache lists the caches and clears one after confirming', async ({ page }) => {
  await login(page, 'admin', '/sys/cache');
  for (const t of ['系统字典', '因子库', '全局配置', '登录会话'])
    await expect(page.getByRole('cell', { name: t, exact: true })).toBeVisible();
  await shotBoth(page, 'sys-cache');
  await page.getByRole('button', { name: '清除系统字典' }).click();
  await expect(page.getByRole('dialog')).toContainText('确定要清除“系统字典”缓存吗？');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('清除缓存成功')).toBeVisible();
  await page.getByRole('button', { name: '清除登录会话' }).click();
  await expect(page.getByRole('dialog')).toContainText('除您以外的所有用户都将退出登录');
  await shot(page, 'sys-cache-session-confirm-1366', { fullPage: false });
  await page.getByRole('button', { name: '取消' }).click();
});

test('/timeline shows V3.3 down to V2.0; /apply/project lists the tools', async ({ page }) => {
  await login(page, 'demo_user', '/timeline');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'V3.3',
    'V3.2',
    'V3.1',
    'V3.0',
    'V2.5',
    'V2.1',
    'V2.0',
  ]);
  await expect(page.getByTestId('app-footer')).toContainText('问题反馈');
  await shotBoth(page, 'timeline');

  await page.getByRole('menuitem', { name: '应用拓展' }).click();
  await expect(page).toHaveURL(/\/apply\/project$/);
  await expect(page.getByTestId('module-name')).toHaveText('应用拓展');
  await expect(
    page.getByTestId('apply-tool').filter({ hasText: 'BIM模型导入' }).getByRole('link', { name: '进入' }),
  ).toHaveAttribute('href', '/bim');
  await shotBoth(page, 'apply-project');
  await page.getByTestId('apply-tool').filter({ hasText: '单体建筑对比' }).getByRole('link', { name: '进入' }).click();
  await expect(page).toHaveURL(/\/project\/compare$/);
});
