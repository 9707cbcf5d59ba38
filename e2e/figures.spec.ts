// Every figure is read whole: on each list and stage table at 1366 px, on the demo data, no numeric cell is clipped
// (its text wider than its cell, or cut by the edge of the table's scrolling box) or covered by another element (a
// sticky 操作 column over 碳排放量). A column may sit wholly past the box's edge, to be scrolled to; never half.
import type { Page } from '@playwright/test';
import { expect, login, loginWithDemoBuilding, shot, test } from './fixtures';

const USER = ['/project/manage', '/project/list', '/budget/produce', '/budget/trans', '/budget/build', '/budget/runtime', '/decide?tab=hotspots'];
const ADMIN = ['/divisor', '/divisor/lookup', '/divisor/benchmark', '/sys/user'];

/** The numeric cells of the page's tables that are clipped or covered, as 'path 表头=值: why'. */
async function hiddenFigures(page: Page, path: string): Promise<string[]> {
  return page.evaluate((path) => {
    const NUMBER = /^[-−]?[\d,]+(\.\d+)?%?$/;
    const out: string[] = [];
    for (const table of Array.from(document.querySelectorAll('main table'))) {
      let box: Element | null = table.parentElement;
      while (box && box !== document.body && !/(auto|scroll|hidden)/.test(getComputedStyle(box).overflowX)) box = box.parentElement;
      const edge = (box ?? document.body).getBoundingClientRect();
      const heads = Array.from(table.querySelectorAll('thead th')).map((th) => (th.textContent ?? '').trim());
      for (const row of Array.from(table.querySelectorAll('tbody tr'))) {
        Array.from(row.children).forEach((cell, i) => {
          const text = (cell.textContent ?? '').trim();
          if (!NUMBER.test(text)) return;
          const range = document.createRange();
          range.selectNodeContents(cell);
          const r = range.getBoundingClientRect();
          if (!r.width) return;
          const name = `${path} ${heads[i] ?? i}=${text}`;
          const cellBox = cell.getBoundingClientRect();
          if (r.left < cellBox.left - 0.5 || r.right > cellBox.right + 0.5 || (cell as HTMLElement).scrollWidth > (cell as HTMLElement).clientWidth + 1) out.push(`${name}: wider than its cell`);
          else if (r.right <= edge.left || r.left >= edge.right) return; // wholly scrolled out of view: reached by scrolling
          else if (r.left < edge.left - 0.5 || r.right > edge.right + 0.5) out.push(`${name}: cut by the table's edge`);
          else {
            const y = (r.top + r.bottom) / 2;
            for (const x of [r.left + 1, r.right - 1]) {
              const top = document.elementFromPoint(x, y);
              if (top && !cell.contains(top)) {
                out.push(`${name}: covered by ${top.tagName.toLowerCase()}.${String((top as HTMLElement).className).split(' ')[0]}`);
                break;
              }
            }
          }
        });
      }
    }
    return out;
  }, path);
}

async function check(page: Page, paths: readonly string[]): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 900 });
  const found: string[] = [];
  let tables = 0;
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('main table tbody tr').first()).toBeVisible();
    tables += await page.locator('main table').count();
    found.push(...(await hiddenFigures(page, path)));
    await shot(page, `figures${path.replace(/[/?=]/g, '-')}-1366`, { fullPage: false });
  }
  expect(tables).toBeGreaterThanOrEqual(paths.length);
  expect(found, found.join('\n')).toEqual([]);
}

test.describe.configure({ mode: 'parallel' });

test(`no figure clipped or covered at 1366 px, demo_user with a current building: ${USER.join(' ')}`, async ({ page }) => {
  test.setTimeout(120_000);
  await loginWithDemoBuilding(page);
  await check(page, USER);
});

test(`no figure clipped or covered at 1366 px, the super admin: ${ADMIN.join(' ')}`, async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'admin', '/divisor');
  await check(page, ADMIN);
});
