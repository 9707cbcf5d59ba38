// The scale run's database: `tansuan_bench_scale` on the server of DATABASE_URL, migrated and seeded as a first
// start does, then filled by generate.ts. Generating takes minutes, so with --keep the database stays after the
// run and the next run finds it by its marker row (same data set version) and only migrates it; a database
// without the marker (a run killed while generating) is made again.
import { openPostgres } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { seed } from '../../src/server/seed/seed';
import { adminQuery, dropDatabase, withDatabase } from '../../tests/server/testDb';
import { rawPostgres, type Raw } from '../lib/raw';
import { PASSWORDS } from '../lib/target';

export const SCALE_DB = 'tansuan_bench_scale';
/** Bumped whenever generate.ts makes other data: a kept database of another version is made again. */
export const DATA_VERSION = 'scale-v3';

export interface ScaleDb {
  url: string;
  raw: Raw;
  /** generated in this run (false: a kept database was reused) */
  fresh: boolean;
  close(): Promise<void>;
}

async function marker(url: string): Promise<string | null> {
  const raw = rawPostgres(url);
  try {
    const rows = await raw.query<{ version: string }>(`select version from bench_scale_marker where done`);
    return rows[0]?.version ?? null;
  } catch {
    return null; // no database, or no marker table: not generated (or not to the end)
  } finally {
    await raw.close();
  }
}

/** Opens the kept database or makes a new one (migrated, seeded, empty of bench data); `generate` fills a new one. */
export async function openScaleDb(
  serverUrl: string,
  opts: { keep: boolean; log: (s: string) => void; generate: (raw: Raw) => Promise<void> },
): Promise<ScaleDb> {
  const url = withDatabase(serverUrl, SCALE_DB);
  const kept = (await marker(url)) === DATA_VERSION;
  if (!kept) {
    await dropDatabase(serverUrl, SCALE_DB);
    await adminQuery(serverUrl, `create database ${SCALE_DB}`);
  }
  // (a kept database is migrated too: a migration added since it was made applies to it as to a production one)
  const database = openPostgres(url);
  try {
    await migrate(database.db);
    if (!kept) await seed(database.db, { adminPassword: PASSWORDS.admin, passwords: PASSWORDS, print: () => {} });
  } finally {
    await database.close();
  }
  const raw = rawPostgres(url);
  if (kept) opts.log(`  ${SCALE_DB}: kept from an earlier run (${DATA_VERSION}), not generated again`);
  else {
    await raw.exec(
      `create table bench_scale_marker (version text not null, done boolean not null default false, generated_s double precision)`,
    );
    const t0 = performance.now();
    await opts.generate(raw);
    const s = (performance.now() - t0) / 1000;
    await raw.query(`insert into bench_scale_marker (version, done, generated_s) values ($1, true, $2)`, [
      DATA_VERSION,
      s,
    ]);
  }
  return {
    url,
    raw,
    fresh: !kept,
    async close() {
      await raw.close();
      if (!opts.keep) await dropDatabase(serverUrl, SCALE_DB);
    },
  };
}

/** The generation time recorded with the data (a kept database reports the time of the run that made it). */
export async function generatedSeconds(raw: Raw): Promise<number> {
  const rows = await raw.query<{ s: number }>(`select generated_s as s from bench_scale_marker where done`);
  return Number(rows[0]?.s ?? NaN);
}
