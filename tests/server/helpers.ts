// testApp(): a Fastify app on this file's own copy of the seeded template database, driven by inject.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../../src/server/app';
import type { Database } from '../../src/server/db/database';
import { openTestDatabase, TEST_PASSWORDS } from './testDb';
import { setMustChange } from '../../src/server/accounts/credentials';

export { TEST_PASSWORDS };

export const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** DATA_DIR of this app (the SMS outbox). */
  dataDir: string;
  /** Log in (password from TEST_PASSWORDS unless given) and return the token. */
  login(userName: string, password?: string, opts?: { keepMustChange?: boolean }): Promise<string>;
  /** inject with the Access-Token header; the body is parsed JSON. */
  call(
    method: InjectOptions['method'],
    url: string,
    token?: string,
    payload?: unknown,
  ): Promise<{ status: number; body: any; res: LightMyRequestResponse }>;
  close(): Promise<void>;
}

export async function testApp(
  opts: {
    logStream?: DestinationStream;
    clientDir?: string;
    configure?: (app: FastifyInstance) => void;
    now?: () => number;
    diskGuard?: AppOptions['diskGuard'];
    /** Routes declared writes: false that wrote land here instead of failing close() (tests of the detector). */
    undeclaredWrites?: Set<string>;
    /** More app options, made from this test's database and data dir (e.g. the backups of its PGlite). */
    extend?: (database: Database, dataDir: string) => Partial<AppOptions>;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase(inject('dbTemplate'));
  const dataDir = mkdtempSync(join(tmpdir(), 'tansuan-test-'));
  const undeclared = opts.undeclaredWrites ?? new Set<string>();
  const app = await buildApp({
    db: database.db,
    logger: opts.logStream ? { level: 'info', stream: opts.logStream } : false,
    clientDir: opts.clientDir ?? '/nonexistent-client-dir',
    dataDir,
    now: opts.now,
    diskGuard: opts.diskGuard,
    onUndeclaredWrite: (route) => undeclared.add(route),
    ...opts.extend?.(database, dataDir),
  });
  opts.configure?.(app);
  await app.ready();

  const call: TestApp['call'] = async (method, url, token, payload) => {
    const res = await app.inject({
      method,
      url,
      headers: token ? { 'access-token': token } : {},
      ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
    });
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, body, res };
  };

  return {
    app,
    database,
    dataDir,
    call,
    async login(userName, password, opts) {
      const pw = password ?? (TEST_PASSWORDS as Record<string, string>)[userName];
      const r = await call('POST', '/api/sys/v1/sso/login', undefined, { userName, password: b64(pw) });
      if (r.body?.code !== 1) throw new Error(`login ${userName} failed: ${JSON.stringify(r.body)}`);
      // Users that tests create through the admin API must change their password at the first login
      // (tests/server/accounts.test.ts); tests about anything else start after that step.
      if (r.body.data.mustChangePassword && !opts?.keepMustChange)
        await setMustChange(database.db, [r.body.data.userId], false);
      return r.body.data.token as string;
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      // (config.writes is proven by every API test: a route declared writes: false that wrote fails its file here)
      if (!opts.undeclaredWrites && undeclared.size)
        throw new Error(`routes declared writes: false wrote to the database: ${[...undeclared].join(', ')}`);
    },
  };
}
