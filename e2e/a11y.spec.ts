// Accessibility (issue 25 §3): axe-core on every route — the account pages, a demo user's module, stage, result,
// decision and BIM pages, and the administrator's library and system pages — with no critical and no serious
// violation of the WCAG 2.0/2.1 A and AA rules and of axe's best practices, and none of the page-structure rules
// (an h1 on every page, headings in order, a main landmark). A failure lists each violation with its rule,
// impact, elements and why.
import type { Page } from '@playwright/test';
import { violations } from './axe';
import { expect, login, test } from './fixtures';

// (the verify page of a number never signed: its message)
const PUBLIC = ['/login', '/register', '/reset-password', '/verify/demo-2026-9999'];
const USER = [
  '/dashboard',
  '/project/manage',
  '/project/list',
  '/budget/project/list',
  '/budget/project/info',
  '/budget/produce',
  '/budget/trans',
  '/budget/build',
  '/budget/runtime',
  '/budget/result',
  '/budget/compare',
  '/project/compare',
  '/apply/project',
  '/notify',
  '/feedback',
  '/timeline',
  '/userinfo',
  '/decide',
  '/bim',
  '/bill',
  '/review',
];
const ADMIN = [
  '/divisor',
  '/divisor/create',
  '/divisor/lookup',
  '/divisor/benchmark',
  '/sys/user',
  '/sys/user/create',
  '/sys/role',
  '/sys/tenant',
  '/sys/organization',
  '/sys/dictionary',
  '/sys/configManage',
  '/sys/notify',
  '/sys/backup',
  '/sys/cache',
  '/sys/feedback',
];

async function scan(page: Page, paths: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    found.push(...(await violations(page, path)));
  }
  return found;
}

test('no critical or serious axe violation, and an h1 and a main landmark, on every route', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const found = await scan(page, PUBLIC);

  await login(page, 'demo_user', '/budget/project/list');
  // a current building for the stage, result, decision and BIM pages: the completed demo building
  const row = page.getByRole('row').filter({ hasText: 'A1研发办公楼' });
  await row.getByRole('button', { name: 'A1研发办公楼' }).click();
  await expect(page).toHaveURL(/\/budget\/project\/info/);
  found.push(...(await scan(page, USER)));

  const admin = await (await browser.newContext()).newPage();
  await login(admin, 'admin', '/divisor');
  found.push(...(await scan(admin, ADMIN)));

  expect(found, found.join('\n')).toEqual([]);
});
