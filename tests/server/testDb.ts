// Test databases. One template is migrated and seeded per run (globalSetup); every API test file gets its
// own copy: on PGlite a load of the template's dumped data dir (~0.7 s instead of a 2 s initdb), on
// PostgreSQL (DATABASE_URL set) a CREATE DATABASE … TEMPLATE … dropped after the file.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { openPGlite, openPostgres, type Database } from '../../src/server/db/database';

export const TEST_PASSWORDS = {
  admin: 'Test-Admin-Pass-1',
  demo_admin: 'Demo-Admin-Pass-1',
  demo_user: 'Demo-User-Pass-1',
  demo_trial: 'Demo-Trial-Pass-1',
} as const;

export const PGLITE_TEMPLATE = resolve(import.meta.dirname, '../../.tmp/pglite-template.tar');
export const PG_TEMPLATE_DB = `tansuan_test_tpl_${process.pid}`;

/** postgres://…/db with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * DROP DATABASE … WITH (FORCE). PostgreSQL before 16 refuses to end an autovacuum worker on that database for a
 * role without pg_signal_backend (42501 "must be a member of the role whose process is being terminated"):
 * CI grants the role, and a local role without it retries until the worker has finished its table.
 */
export async function dropDatabase(url: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await adminQuery(url, `drop database if exists "${name}" with (force)`);
    } catch (e) {
      if ((e as { code?: string }).code !== '42501' || attempt === 50) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** A fresh database copied from the template. */
export async function openTestDatabase(template: { pglite?: string; pg?: string }): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url && template.pg) {
    const name = `tansuan_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(url, `create database "${name}" template "${template.pg}"`);
    const database = openPostgres(withDatabase(url, name));
    return {
      ...database,
      close: async () => {
        await database.close();
        await dropDatabase(url, name);
      },
    };
  }
  const tar = readFileSync(template.pglite ?? PGLITE_TEMPLATE);
  return openPGlite({ loadDataDir: new Blob([tar]) });
}
