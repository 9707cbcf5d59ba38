// Shared e2e helpers: the seeded accounts (passwords written by the first start to DATA_DIR/admin-password.txt;
// a generated password must be changed at the first login — the new one is kept in changed-passwords.json),
// a login through the real login page (solving the slider check and the first-login dialog when they come),
// the slider solver, the SMS outbox and screenshots. Specs take `test` from here: it points each worker at its
// own server (e2e/servers.ts), and the files below are that server's.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { menuTitle } from '../schemas/standards';
import { e2eServer } from './servers';

export { expect };

/**
 * What the page's console says that a user's session must not: an uncaught error, and React's own errors (a
 * console error naming React). A refused request's `Failed to load resource` is the API answering, not an error.
 */
const isPageError = (text: string) => /react|uncaught/i.test(text) && !/Failed to load resource/.test(text);

/**
 * Playwright's test, with baseURL (page, request, browser.newContext()) on the worker's own server; a test fails
 * when its page threw or React logged an error on the way.
 */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use, testInfo) => use(e2eServer(testInfo.parallelIndex).url),
  page: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(`${page.url()}: ${err.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' && isPageError(m.text())) errors.push(`${page.url()}: ${m.text().slice(0, 2000)}`);
    });
    await use(page);
    expect(errors, `errors in the page:\n${errors.join('\n')}`).toEqual([]);
  },
});

export const ADMIN_PASSWORD = 'E2e-Admin-Pass-1';
/** A file in the data dir of the server this worker talks to. */
const dataFile = (name: string) => `${e2eServer(test.info().parallelIndex).dataDir}/${name}`;

function changedPasswords(): Record<string, string> {
  const file = dataFile('changed-passwords.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
}

export function recordPassword(userName: string, password: string): void {
  writeFileSync(
    dataFile('changed-passwords.json'),
    JSON.stringify({ ...changedPasswords(), [userName]: password }, null, 2),
  );
}

/** Password of a seeded account: the one set at its first login, else the one the first start wrote. */
export function seededPassword(userName: string): string {
  if (userName === 'admin') return ADMIN_PASSWORD;
  const changed = changedPasswords()[userName];
  if (changed) return changed;
  const passwordFile = dataFile('admin-password.txt');
  for (const line of readFileSync(passwordFile, 'utf8').split('\n')) {
    const [name, pw] = line.trim().split(/\s+/);
    if (name === userName && pw) return pw;
  }
  throw new Error(`no seeded password for ${userName} in ${passwordFile}`);
}

/**
 * The gap's left edge in the open slider dialog, in image px: the background holds the gap as the piece's
 * pixels darkened to 50 %, so the best match of half the piece's inner pixels over every position is the gap.
 */
async function findGap(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const load = (src: string) =>
      new Promise<HTMLImageElement>((resolve, reject) => {
        const img = new Image();
        img.onload = () => resolve(img);
        img.onerror = reject;
        img.src = src;
      });
    const bgEl = document.querySelector<HTMLImageElement>('[data-testid="slider-background"]')!;
    const pieceEl = document.querySelector<HTMLImageElement>('[data-testid="slider-piece"]')!;
    const [bg, pc] = await Promise.all([load(bgEl.src), load(pieceEl.src)]);
    const pixels = (img: HTMLImageElement) => {
      const c = document.createElement('canvas');
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      return ctx.getImageData(0, 0, c.width, c.height);
    };
    const B = pixels(bg);
    const P = pixels(pc);
    const alpha = (i: number, j: number) =>
      i < 0 || j < 0 || i >= P.width || j >= P.height ? 0 : P.data[(j * P.width + i) * 4 + 3];
    // inner pixels: opaque with an opaque neighbourhood (clear of the piece's outline and anti-aliasing)
    const inner: [number, number][] = [];
    for (let j = 0; j < P.height; j++)
      for (let i = 0; i < P.width; i++) {
        let ok = true;
        for (let dj = -3; dj <= 3 && ok; dj++)
          for (let di = -3; di <= 3 && ok; di++) if (alpha(i + di, j + dj) < 255) ok = false;
        if (ok) inner.push([i, j]);
      }
    let best = { x: 0, score: Infinity };
    for (let y = 0; y + P.height <= B.height; y++)
      for (let x = 0; x + P.width <= B.width; x++) {
        let score = 0;
        for (const [i, j] of inner) {
          const b = ((y + j) * B.width + x + i) * 4;
          const p = (j * P.width + i) * 4;
          score +=
            Math.abs(B.data[b] - P.data[p] / 2) +
            Math.abs(B.data[b + 1] - P.data[p + 1] / 2) +
            Math.abs(B.data[b + 2] - P.data[p + 2] / 2);
          if (score >= best.score) break;
        }
        if (score < best.score) best = { x, score };
      }
    return best.x;
  });
}

export const sliderDialog = (page: Page) => page.getByRole('dialog', { name: '安全验证' });

/** Drags the open slider's piece onto the gap (held as long as a hand's drag) and waits for the dialog to close. */
export async function solveSlider(page: Page): Promise<void> {
  const dialog = sliderDialog(page);
  await expect(dialog.getByTestId('slider-piece')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '刷新' })).toBeEnabled(); // loaded, not busy
  const gapX = await findGap(page);
  const frame = (await dialog.getByTestId('slider-background').boundingBox())!;
  const scale = frame.width / 320;
  const box = (await dialog.getByRole('slider', { name: '拖动滑块' }).boundingBox())!;
  const [sx, sy] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(sx, sy);
  await page.mouse.down();
  const pressed = await page.evaluate(() => performance.now());
  await page.mouse.move(sx + (gapX * scale) / 2, sy + 1, { steps: 8 });
  await page.mouse.move(sx + gapX * scale, sy, { steps: 8 });
  await heldFor(page, pressed);
  await page.mouse.up();
  await expect(dialog).toBeHidden();
}

const MIN_DRAG_MS = 200; // src/server/accounts/slider.ts's (its imports do not load in Playwright's runner)

/**
 * Keeps the pointer pressed until the page's own clock (which times the drag it sends) reads MIN_DRAG_MS since
 * `pressed`: the server refuses a faster drag as no hand's, whatever its position.
 */
export async function heldFor(page: Page, pressed: number): Promise<void> {
  await expect
    .poll(() => page.evaluate((t) => performance.now() - t, pressed), { intervals: [25] })
    .toBeGreaterThanOrEqual(MIN_DRAG_MS);
}

/** After 登录: solves the slider if it opens, changes a generated password if the first-login dialog opens. */
export async function finishLogin(page: Page, userName: string, password: string): Promise<string> {
  const slider = sliderDialog(page);
  const mustChange = page.getByRole('dialog', { name: '修改初始密码' });
  const menu = page.getByRole('button', { name: '用户菜单' });
  await expect(slider.or(mustChange).or(menu)).toBeVisible();
  if (await slider.isVisible()) {
    await solveSlider(page);
    await expect(mustChange.or(menu)).toBeVisible();
  }
  if (await mustChange.isVisible()) {
    await shot(page, 'must-change-password', { fullPage: false });
    const next = `${password}x9`;
    await mustChange.getByLabel('原密码').fill(password);
    await mustChange.getByLabel('新密码', { exact: true }).fill(next);
    await mustChange.getByLabel('确认新密码').fill(next);
    await mustChange.getByRole('button', { name: '修改密码' }).click();
    await expect(mustChange).toBeHidden();
    recordPassword(userName, next);
    password = next;
  }
  await expect(menu).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);
  return password;
}

/** Logs in through the login page's 账号登录 tab; answers the password in use afterwards. */
export async function loginWith(page: Page, userName: string, password: string, path = '/dashboard'): Promise<string> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('账号').fill(`  ${userName} `); // the user name is trimmed before it is sent
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  return finishLogin(page, userName, password);
}

export async function login(page: Page, userName: string, path = '/dashboard'): Promise<void> {
  await loginWith(page, userName, seededPassword(userName), path);
}

/**
 * demo_user, logged in, with the completed demo building A1研发办公楼 as the current building (its stage, result, decision
 * and BIM pages).
 */
export async function loginWithDemoBuilding(page: Page): Promise<void> {
  await login(page, 'demo_user', '/budget/project/list');
  const row = page.getByRole('row').filter({ hasText: 'A1研发办公楼' });
  await row.getByRole('button', { name: 'A1研发办公楼' }).click();
  await expect(page).toHaveURL(/\/budget\/project\/info/);
}

/** The code the development SMS sender wrote last for this phone and purpose (waits for it). */
export async function smsCode(phone: string, purpose: 'login' | 'register' | 'reset', after = 0): Promise<string> {
  const outbox = dataFile('sms-outbox.log');
  let code: string | undefined;
  await expect
    .poll(() => {
      if (!existsSync(outbox)) return undefined;
      const lines = readFileSync(outbox, 'utf8').trim().split('\n').filter(Boolean);
      const hit = lines
        .map((l) => JSON.parse(l) as { phone: string; code: string; purpose: string; time: string | number })
        .filter((m) => m.phone === phone && m.purpose === purpose && new Date(m.time).getTime() >= after)
        .pop();
      code = hit?.code;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

/**
 * 下一步 in a stage wizard, waited on until the next stage's own page is on screen: the URL changes before React
 * draws the new stage (the router's transition keeps the old page up meanwhile), so a click right after the URL
 * alone could still land on the previous stage's 下一步 (a CI run did: it recalculated 运行 and stayed there).
 */
export async function nextStage(page: Page, module: string, stage: string): Promise<void> {
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(new RegExp(`/${module}/${stage}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: menuTitle(module, stage) ?? stage, exact: true }),
  ).toBeVisible();
}

/**
 * Screenshots serve people looking at the screens (the issues, the manual), not the assertions: they are taken only
 * with E2E_SHOTS=1 (`npm run manual:shots`), so an ordinary run spends no time on them or on waiting for a still page.
 */
export const SHOTS_ON = process.env.E2E_SHOTS === '1';
const SCREENS = '.tmp/screens';
const WIDTHS = [
  [390, 844],
  [1366, 900],
] as const;

/**
 * The page as it will stay for a picture: its fonts loaded, no transition running (a menu's or dialog's fade; endless
 * ones such as a spinner aside) and the DOM unchanged for QUIET_MS — a chart redraws after a resize, debounced.
 */
const QUIET_MS = 300;
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const moving = () =>
    page.evaluate(
      () =>
        document
          .getAnimations()
          .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity).length,
    );
  await expect.poll(moving, { intervals: [50] }).toBe(0);
  await page.evaluate(
    (quiet) =>
      new Promise<void>((resolve) => {
        const done = () => {
          observer.disconnect();
          clearTimeout(cap);
          resolve();
        };
        let timer = setTimeout(done, quiet);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, quiet);
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        // a page that never stops changing (a ticking clock) is as still as it gets
        const cap = setTimeout(done, 20 * quiet);
      }),
    QUIET_MS,
  );
}

/**
 * One picture in `dir`/`name`.png once the page is settled: the element `of`, else the page (whole unless fullPage
 * false).
 */
export async function shot(
  page: Page,
  name: string,
  { dir = SCREENS, fullPage = true, of }: { dir?: string; fullPage?: boolean; of?: Locator } = {},
): Promise<void> {
  if (!SHOTS_ON) return;
  await settled(page);
  const path = `${dir}/${name}.png`;
  await (of ? of.screenshot({ path }) : page.screenshot({ path, fullPage }));
}

/** The same screen at 390 px and 1366 px wide (name-390.png, name-1366.png), the page's own size again after. */
export async function shotBoth(
  page: Page,
  name: string,
  { dir = SCREENS, fullPage = true }: { dir?: string; fullPage?: boolean } = {},
): Promise<void> {
  if (!SHOTS_ON) return;
  const size = page.viewportSize();
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    await shot(page, `${name}-${width}`, { dir, fullPage });
  }
  if (size) await page.setViewportSize(size);
}

/**
 * The viewport with `target` `below` px under its top, at 390 and 1366 px (name-390.png, name-1366.png): not the whole
 * page.
 */
export async function shotAround(
  page: Page,
  target: Locator,
  name: string,
  { below = 64, dir = SCREENS }: { below?: number; dir?: string } = {},
): Promise<void> {
  if (!SHOTS_ON) return;
  const size = page.viewportSize();
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    await target.scrollIntoViewIfNeeded(); // (inside a dialog, the window does not scroll)
    await target.evaluate((el, by) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - by), below);
    await shot(page, `${name}-${width}`, { dir, fullPage: false });
  }
  if (size) await page.setViewportSize(size);
}

/** A JSON API call with the page's session token; the answer must be code 1 (its message and data shown if not). */
export async function api<T = any>(
  page: Page,
  method: 'POST' | 'GET' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<T> {
  const token = await page.evaluate(
    () => sessionStorage.getItem('access-token') ?? localStorage.getItem('access-token'),
  );
  const res = await page.request.fetch(url, { method, data, headers: { 'Access-Token': token ?? '' } });
  const body = await res.json();
  expect(body.code, `${method} ${url}: ${body.message} ${JSON.stringify(body.data)}`).toBe(1);
  return body.data as T;
}
