// Every figure is read whole: on each list and stage table at 1366 and 1440 px and on a phone, on the demo data, no
// numeric cell is clipped (its text wider than its cell, or cut by the edge of the table's scrolling box) or covered
// by another element (a sticky 操作 column over 碳排放量). A column may sit wholly past the box's edge, to be
// scrolled to; never half. And no header or text cell breaks a line inside a word (框架结 / 构).
import type { Page } from '@playwright/test';
import { expect, login, loginWithDemoBuilding, shot, test } from './fixtures';

const USER = [
  '/project/manage',
  '/project/list',
  '/budget/produce',
  '/budget/trans',
  '/budget/build',
  '/budget/runtime',
  '/budget/result',
  '/decide?tab=hotspots',
  '/review',
];
const ADMIN = [
  '/divisor',
  '/divisor/lookup',
  '/divisor/benchmark',
  '/sys/user',
  '/sys/role',
  '/sys/tenant',
  '/sys/dictionary',
];
const WIDTHS = [
  [1366, 900],
  [1440, 900],
  [390, 844],
] as const;

/** The numeric cells of the page's tables that are clipped or covered, and the cells broken inside a word. */
async function hiddenFigures(page: Page, path: string): Promise<string[]> {
  return page.evaluate((path) => {
    const NUMBER = /^[-−]?[\d,]+(\.\d+)?%?$/;
    const out: string[] = [];
    const words = new Intl.Segmenter('zh', { granularity: 'word' });
    /** A word of the cell's text whose characters sit on two lines. */
    const brokenWord = (cell: Element): string | undefined => {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const value = text.textContent ?? '';
        for (const w of words.segment(value)) {
          if (!w.isWordLike || w.segment.length < 2) continue;
          const range = document.createRange();
          range.setStart(text, w.index);
          range.setEnd(text, w.index + w.segment.length);
          const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
          if (tops.size > 1) return w.segment;
        }
      }
      return undefined;
    };
    for (const table of Array.from(document.querySelectorAll('main table'))) {
      let box: Element | null = table.parentElement;
      while (box && box !== document.body && !/(auto|scroll|hidden)/.test(getComputedStyle(box).overflowX))
        box = box.parentElement;
      const edge = (box ?? document.body).getBoundingClientRect();
      const heads = Array.from(table.querySelectorAll('thead th')).map((th) => (th.textContent ?? '').trim());
      for (const th of Array.from(table.querySelectorAll('thead th'))) {
        const word = brokenWord(th);
        if (word) out.push(`${path} 表头 ${(th.textContent ?? '').trim()}: breaks inside ${word}`);
      }
      for (const row of Array.from(table.querySelectorAll('tbody tr'))) {
        Array.from(row.children).forEach((cell, i) => {
          const text = (cell.textContent ?? '').trim();
          if (!NUMBER.test(text)) {
            const word = brokenWord(cell);
            if (word) out.push(`${path} ${heads[i] ?? i}=${text.slice(0, 30)}: breaks inside ${word}`);
            return;
          }
          const range = document.createRange();
          range.selectNodeContents(cell);
          const r = range.getBoundingClientRect();
          if (!r.width) return;
          const name = `${path} ${heads[i] ?? i}=${text}`;
          const cellBox = cell.getBoundingClientRect();
          if (
            r.left < cellBox.left - 0.5 ||
            r.right > cellBox.right + 0.5 ||
            (cell as HTMLElement).scrollWidth > (cell as HTMLElement).clientWidth + 1
          )
            out.push(`${name}: wider than its cell`);
          else if (r.right <= edge.left || r.left >= edge.right)
            return; // wholly scrolled out of view: reached by scrolling
          else if (r.left < edge.left - 0.5 || r.right > edge.right + 0.5) out.push(`${name}: cut by the table's edge`);
          else {
            const y = (r.top + r.bottom) / 2;
            for (const x of [r.left + 1, r.right - 1]) {
              const top = document.elementFromPoint(x, y);
              if (top && !cell.contains(top)) {
                out.push(
                  `${name}: covered by ${top.tagName.toLowerCase()}.${String((top as HTMLElement).className).split(' ')[0]}`,
                );
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

/** The phone shows some lists as cards: there is no table to measure, only whatever tables the page still has. */
async function check(page: Page, paths: readonly string[]): Promise<void> {
  const found: string[] = [];
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    let tables = 0;
    for (const path of paths) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      tables += await page.locator('main table').count();
      found.push(...(await hiddenFigures(page, `${path} ${width}px`)));
      await shot(page, `figures${path.replace(/[/?=]/g, '-')}-${width}`, { fullPage: false });
    }
    if (width > 600) expect(tables).toBeGreaterThanOrEqual(paths.length);
  }
  expect(found, found.join('\n')).toEqual([]);
}

test.describe.configure({ mode: 'parallel' });

test(`no figure clipped or covered, no word broken, demo_user with a current building: ${USER.join(' ')}`, async ({
  page,
}) => {
  test.setTimeout(240_000);
  await loginWithDemoBuilding(page);
  await check(page, USER);
});

test(`no figure clipped or covered, no word broken, the super admin: ${ADMIN.join(' ')}`, async ({ page }) => {
  test.setTimeout(240_000);
  await login(page, 'admin', '/divisor');
  await check(page, ADMIN);
});
