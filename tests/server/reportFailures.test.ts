// A report whose drawing fails: an error thrown in the drawing thread, or the thread dying under it
// (tests/server/threadTasks/fails.ts), answers 报告导出异常，请稍后再试！ with the error in the log, and the next
// report is drawn as before. The drawing module is mocked, so this file runs in modules of its own (vitest.config.ts).
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { PROJECT, PROJECT_V } from './builders';
import { testApp, type TestApp } from './helpers';

const EXPORT = `${PROJECT}/exportPdf`;

const failDraw = vi.hoisted(() => ({ how: null as null | { message?: string; crash?: boolean } }));
vi.mock('../../src/server/reports/draw', async (original) => {
  const m = await original<typeof import('../../src/server/reports/draw')>();
  const { threadPool } = await import('../../src/server/jobs/threadPool');
  const fails = new URL('./threadTasks/fails.ts', import.meta.url);
  return {
    ...m,
    drawReport: (job: Parameters<typeof m.drawReport>[0]) =>
      failDraw.how ? threadPool.run<Buffer>(fails, failDraw.how) : m.drawReport(job),
  };
});

const logs: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logs.push(String(chunk));
    done();
  },
});

let t: TestApp;
let user: string;
let a1: number;

beforeAll(async () => {
  t = await testApp({ logStream });
  user = await t.login('demo_user');
  const list = await t.call('GET', `${PROJECT_V}/?name=A1`, user);
  a1 = list.body.data.dataList.find((b: { name: string }) => b.name === 'A1研发办公楼').id;
});
afterAll(() => t?.close());

it.each([
  ['an error while drawing', { message: 'pdf writer broke' }, 'pdf writer broke'],
  ['the drawing thread dying', { crash: true }, 'thread exited (code 3)'],
])('%s: 报告导出异常，请稍后再试！ and the error in the log', async (_, how, logged) => {
  failDraw.how = how;
  try {
    const r = await t.call('GET', `${EXPORT}?projectId=${a1}&type=pdf`, user);
    expect(r.status).toBe(500);
    expect(r.body).toEqual({ code: 0, message: '报告导出异常，请稍后再试！', data: null });
  } finally {
    failDraw.how = null;
  }
  expect(logs.some((l) => l.includes('report export failed') && l.includes(logged))).toBe(true);
  // the next report is drawn as before
  expect((await t.call('GET', `${EXPORT}?projectId=${a1}&type=pdf`, user)).body.code).toBe(1);
});
