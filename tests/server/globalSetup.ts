// Builds the one migrated + seeded template database of the run (see testDb.ts) and hands its location to
// the test workers through vitest's provide/inject. Both node projects (vitest.config.ts) name this setup: the
// template is made once per run and dropped after the last of them (kept on globalThis, which they share).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPGlite, openPostgres } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { seed } from '../../src/server/seed/seed';
import { adminQuery, dropDatabase, PG_TEMPLATE_DB, PGLITE_TEMPLATE, TEST_PASSWORDS, withDatabase } from './testDb';

type Template = { pglite?: string; pg?: string };

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: Template;
  }
}

async function makeTemplate(): Promise<Template> {
  const url = process.env.DATABASE_URL;
  if (url) {
    await dropDatabase(url, PG_TEMPLATE_DB);
    await adminQuery(url, `create database "${PG_TEMPLATE_DB}"`);
    const database = openPostgres(withDatabase(url, PG_TEMPLATE_DB));
    await migrate(database.db);
    await seed(database.db, { passwords: TEST_PASSWORDS, print: () => {} });
    await database.close();
    return { pg: PG_TEMPLATE_DB };
  }
  const database = await openPGlite({});
  await migrate(database.db);
  await seed(database.db, { passwords: TEST_PASSWORDS, print: () => {} });
  const dump = await database.pglite!.dumpDataDir('none');
  mkdirSync(dirname(PGLITE_TEMPLATE), { recursive: true });
  writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return { pglite: PGLITE_TEMPLATE };
}

const run = globalThis as typeof globalThis & { testTemplate?: { users: number; ready: Promise<Template> } };

export default async function setup(project: TestProject) {
  const shared = (run.testTemplate ??= { users: 0, ready: makeTemplate() });
  shared.users++;
  project.provide('dbTemplate', await shared.ready);
  return async () => {
    if (--shared.users > 0) return;
    delete run.testTemplate;
    const url = process.env.DATABASE_URL;
    if (url) await dropDatabase(url, PG_TEMPLATE_DB);
  };
}
