// Shared e2e helpers: the seeded accounts (passwords written by the first start to DATA_DIR/admin-password.txt)
// and a login through the real login page.
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

export const ADMIN_PASSWORD = 'E2e-Admin-Pass-1';
const PASSWORD_FILE = '.tmp/e2e-data/admin-password.txt';

/** Password of a seeded account, as the first start wrote it ('userName password' per line). */
export function seededPassword(userName: string): string {
  if (userName === 'admin') return ADMIN_PASSWORD;
  for (const line of readFileSync(PASSWORD_FILE, 'utf8').split('\n')) {
    const [name, pw] = line.trim().split(/\s+/);
    if (name === userName && pw) return pw;
  }
  throw new Error(`no seeded password for ${userName} in ${PASSWORD_FILE}`);
}

export async function login(page: Page, userName: string, path = '/dashboard'): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('账号').fill(`  ${userName} `); // the user name is trimmed before it is sent
  await page.getByLabel('密码', { exact: true }).fill(seededPassword(userName));
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

export const shot = (page: Page, name: string) => page.screenshot({ path: `.tmp/screens/${name}.png`, fullPage: true });
