// Helpers of the account tests: 全局配置 changes through the API, a slider passed the way a person would (the
// gap's x is read from the database, where the server keeps it), SMS codes read from the dev outbox.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestApp } from './helpers';

export async function setConfig(t: TestApp, adminToken: string, key: string, value: string): Promise<void> {
  const list = await t.call(
    'GET',
    `/api/sys/v1/sys/sysConfig/?pageSize=-1&configKey=${encodeURIComponent(key)}`,
    adminToken,
  );
  const row = list.body.data.dataList.find((r: { configKey: string }) => r.configKey === key);
  if (!row) throw new Error(`no 全局配置 row ${key}`);
  const r = await t.call('PUT', '/api/sys/v1/sys/sysConfig/', adminToken, { ...row, configValue: value });
  if (r.body.code !== 1) throw new Error(`setting ${key} failed: ${JSON.stringify(r.body)}`);
}

let nextAddress = 0;
/** A documentation address (198.51.100.0/24) of its own per challenge: the tests are many people, and the
 *  per-address challenge limit (slider.ts) has a test of its own. */
const anotherAddress = () => `198.51.100.${(nextAddress++ % 250) + 1}`;

/** A new challenge and its gap position (server-side secret). */
export async function challenge(t: TestApp, ip = anotherAddress()): Promise<{ id: string; gapX: number; body: any }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/sys/v1/sso/slider', remoteAddress: ip });
  const r = { body: res.json() };
  const id = r.body.data.id as string;
  const row = (await t.database.db
    .selectFrom('sys_slider')
    .select('gap_x')
    .where('id', '=', id)
    .executeTakeFirstOrThrow()) as { gap_x: number };
  return { id, gapX: row.gap_x, body: r.body };
}

export async function passSlider(t: TestApp): Promise<string> {
  const { id, gapX } = await challenge(t);
  const r = await t.call('POST', '/api/sys/v1/sso/slider/verify', undefined, { id, x: gapX + 2, duration: 900 });
  if (r.body.code !== 1) throw new Error(`slider failed: ${JSON.stringify(r.body)}`);
  return r.body.data.sliderToken as string;
}

export interface OutboxLine {
  phone: string;
  code: string;
  purpose: string;
  time: string;
}

export function outbox(t: TestApp): OutboxLine[] {
  try {
    return readFileSync(join(t.dataDir, 'sms-outbox.log'), 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  } catch {
    return [];
  }
}

/** The newest code sent to this phone for this purpose. */
export function lastCode(t: TestApp, phone: string, purpose: string): string | undefined {
  return outbox(t)
    .filter((l) => l.phone === phone && l.purpose === purpose)
    .pop()?.code;
}

/** Sends a code (passing the slider) and answers it from the outbox. */
export async function sendCode(
  t: TestApp,
  phone: string,
  purpose: string,
  ip = '127.0.0.1',
): Promise<{ status: number; body: any; code?: string }> {
  const sliderToken = await passSlider(t);
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/sys/v1/sso/sendSmsCode?phone=${phone}&purpose=${purpose}`,
    payload: { sliderToken },
    remoteAddress: ip,
  });
  return { status: res.statusCode, body: res.json(), code: lastCode(t, phone, purpose) };
}
