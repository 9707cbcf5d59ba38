// What the budget-file specs share: the bill written where the page's file input takes it, and a user logged in at
// 1366 px with a 概预算 building of their own to import into (made through the API).
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { buildingBody, engineeringBody } from '../tests/server/builders';
import { api, expect, login } from './fixtures';

const SHOTS = '.tmp/screens';
const TPF = '/api/tpf/v1/tpf';

/** `content` written as .tmp/screens/`name`; its path. */
export function billFile(name: string, content: Buffer): string {
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(`${SHOTS}/${name}`, content);
  return `${SHOTS}/${name}`;
}

/** demo_user logged in at 1366 px, and a new engineering with one building of `menus`. */
export async function billBuilding(
  page: Page,
  b: { engineering: string; building: string; code: string; menus: string },
): Promise<{ id: number }> {
  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, 'demo_user', '/budget/project/list');
  const eng = await api(
    page,
    'POST',
    `${TPF}/tpf3Engineering/`,
    engineeringBody({ name: b.engineering, code: `E2E-${b.code}` }),
  );
  return api(
    page,
    'POST',
    `${TPF}/tpf3Project/`,
    buildingBody(eng.id, { name: b.building, code: b.code, menus: b.menus }),
  );
}

/**
 * `step` at 390 then 1366 px, each once the mapping is drawn in that width's layout (cards below 600 px, the table
 * above).
 */
export async function atMappingWidths(page: Page, step: (width: number) => Promise<void>): Promise<void> {
  for (const [w, h] of [
    [390, 844],
    [1366, 900],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await expect(page.getByRole(w < 600 ? 'list' : 'table', { name: '清单映射' })).toBeVisible();
    await step(w);
  }
}
