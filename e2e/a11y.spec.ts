// Accessibility: axe-core on every route — the account pages, a demo user's module, stage, result, decision and BIM
// pages, and the administrator's library and system pages — and on the states a route may be in (a page the user
// may not open, a list still loading, the phone's width), with no critical, serious or moderate violation of the
// WCAG 2.0/2.1 A and AA rules and of axe's best practices (among them an h1 on every page, headings in order, a main
// landmark). A failure lists each violation with its rule, impact, elements and why. The
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

/** Pages a demo user may not open: the administrator's bespoke pages and a system resource. */
const DENIED = ['/sys/cache', '/sys/backup', '/sys/feedback', '/sys/user'];
/** The pages whose phone layout differs most from the desktop one. */
const PHONE = [
  '/review',
  '/bim',
  '/bill',
  '/project/manage',
  '/budget/project/list',
  '/budget/produce',
  '/budget/result',
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

test(`no critical, serious or moderate axe violation, an h1 and a main landmark: ${PUBLIC.join(' ')}`, async ({
  page,
}) => {
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

test(`the same for pages demo_user may not open: ${DENIED.join(' ')}`, async ({ page }) => {
  await login(page, 'demo_user', '/dashboard');
  await scan(page, DENIED);
});

test(`the same at 390 px: ${PHONE.join(' ')}`, async ({ page }) => {
  test.setTimeout(120_000);
  await loginWithDemoBuilding(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await scan(page, PHONE);
});

test('the same for a list while its records are on the way', async ({ page }) => {
  await login(page, 'demo_user', '/dashboard');
  // the building list's request held until the scan is done
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(
    (url) => url.pathname.startsWith('/api/tpf/v1/tpf/tpf3Project'),
    async (route) => {
      asked = true;
      await held;
      await route.continue();
    },
  );
  await page.goto('/project/list');
  const found = await violations(page, '/project/list (loading)', { loading: true });
  expect(asked).toBe(true);
  await expect(page.getByRole('row').filter({ hasText: 'A1研发办公楼' })).toHaveCount(0);
  release();
  expect(found, found.join('\n')).toEqual([]);
});
