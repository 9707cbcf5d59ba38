// The route flag config.writes (src/server/http/writeFlag.ts): every /api route declares it — the disk reserve and
// the end of a trial read it — and a route declared writes: false that writes is caught, also in work it started.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers';

describe('config.writes', () => {
  it('is declared by every /api route (buildApp names those without it)', async () => {
    const missing = await testApp().then(
      (t) => t.close().then(() => ''),
      (e: Error) => e.message,
    );
    expect(missing).toBe('');
  });

  it('stops the start when an /api route lacks it, naming the route', async () => {
    const started = testApp({
      configure: (app) => app.get('/api/test/v1/undeclared', async () => ({ code: 1, message: '', data: null })),
    });
    await expect(started).rejects.toThrow(
      '/api routes without config.writes (src/server/http/writeFlag.ts): GET /api/test/v1/undeclared',
    );
  });
});

describe('the write detector', () => {
  let t: TestApp;
  const caught = new Set<string>();
  const touchUser = (db: TestApp['database']['db']) =>
    db.updateTable('sys_user').set({ update_date: new Date() }).where('id', '=', -1).execute();
  beforeAll(async () => {
    t = await testApp({
      undeclaredWrites: caught,
      configure(app) {
        const db = () => t.database.db;
        const done = { code: 1, message: '', data: null };
        app.get('/api/test/v1/sneaky', { config: { writes: false } }, async () => (await touchUser(db()), done));
        app.get(
          '/api/test/v1/sneakyRaw',
          { config: { writes: false } },
          async () => (await sql`delete from sys_session where token_hash = 'none'`.execute(db()), done),
        );
        // work started by the route that outlives its answer (a job) is the route's too
        app.get(
          '/api/test/v1/sneakyLater',
          { config: { writes: false } },
          async () => (setTimeout(() => void touchUser(db()), 10), done),
        );
        app.get('/api/test/v1/honest', { config: { writes: true } }, async () => (await touchUser(db()), done));
        app.get(
          '/api/test/v1/reader',
          { config: { writes: false } },
          async () => (await db().selectFrom('sys_user').select('id').execute(), done),
        );
      },
    });
  });
  afterAll(() => t.close());

  it('names each route declared writes: false that writes, a raw statement or later work included', async () => {
    const user = await t.login('demo_user');
    for (const name of ['sneaky', 'sneakyRaw', 'sneakyLater', 'honest', 'reader']) {
      const r = await t.call('GET', `/api/test/v1/${name}`, user);
      expect([name, r.status, r.body]).toEqual([name, 200, expect.anything()]);
    }
    await new Promise((r) => setTimeout(r, 100));
    expect([...caught].sort()).toEqual([
      'GET /api/test/v1/sneaky',
      'GET /api/test/v1/sneakyLater',
      'GET /api/test/v1/sneakyRaw',
    ]);
  });

  it('does not count the session touch of the authentication hook', async () => {
    caught.clear();
    const user = await t.login('demo_user');
    await t.database.db
      .updateTable('sys_session')
      .set({ last_seen_at: new Date(Date.now() - 120_000) })
      .execute();
    const seen = async () =>
      (await t.database.db.selectFrom('sys_session').select('last_seen_at').execute()).map((r) =>
        String(r.last_seen_at),
      );
    const before = await seen();
    expect((await t.call('GET', '/api/test/v1/reader', user)).status).toBe(200);
    expect(await seen()).not.toEqual(before); // (touched)
    expect([...caught]).toEqual([]);
  });
});
