// Accessibility: axe-core on every route — the account pages, a demo user's module, stage, result, decision and BIM
// pages, and the administrator's library and system pages — with no critical and no serious violation of the
// WCAG 2.0/2.1 A and AA rules and of axe's best practices, and none of the page-structure rules (an h1 on every page,
// headings in order, a main landmark). A failure lists each violation with its rule, impact, elements and why. The
// routes are scanned a few at a time, one test each, in parallel across the workers.
import type { Page } from '@playwright/test';
import { violations } from './axe';
import { expect, login, loginWithDemoBuilding, test } from './fixtures';

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

/** Routes in chunks of at most `size`: one test each, so the file's tests share the workers. */
function chunks(paths: readonly string[], size: number): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < paths.length; i += size) out.push(paths.slice(i, i + size));
  return out;
}

async function scan(page: Page, paths: readonly string[]): Promise<void> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    found.push(...(await violations(page, path)));
  }
  expect(found, found.join('\n')).toEqual([]);
}

// each test on its own page and login, so any worker may run it (each worker talks to its own server)
test.describe.configure({ mode: 'parallel' });

test(`no critical or serious axe violation, an h1 and a main landmark: ${PUBLIC.join(' ')}`, async ({ page }) => {
  await scan(page, PUBLIC);
});

for (const paths of chunks(USER, 7)) {
  test(`the same as demo_user with a current building: ${paths.join(' ')}`, async ({ page }) => {
    test.setTimeout(120_000);
    await loginWithDemoBuilding(page);
    await scan(page, paths);
  });
}

for (const paths of chunks(ADMIN, 8)) {
  test(`the same as the super admin: ${paths.join(' ')}`, async ({ page }) => {
    test.setTimeout(120_000);
    await login(page, 'admin', '/divisor');
    await scan(page, paths);
  });
}
