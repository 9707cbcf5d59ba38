// A consistent copy of the running embedded database, without stopping it.
//
// Why it is consistent (checked in @electric-sql/pglite 0.5.16, src/pglite.ts): PGlite is one single-user
// PostgreSQL backend in this thread, with no background writer, checkpointer or autovacuum, so its files change
// only while a statement runs. dumpDataDir() copies PGDATA inside PGlite's query mutex — no statement runs during
// the copy — but that mutex is per statement: between the statements of an open transaction it is free, and a
// copy taken there would hold that transaction's uncommitted work (recovery would throw it away, but a restore
// then depends on WAL replay). So the copy runs on our kysely connection (pgliteDialect.ts hands out the one
// session under a mutex, and a transaction holds it from BEGIN to COMMIT): every transaction of the app has
// committed or rolled back before it, none starts during it. CHECKPOINT first writes every committed page into
// the table files, so the copy opens without recovery; the WAL in it agrees anyway. What the copy holds is thus
// exactly the transactions committed before it — no half import, no half calculation.
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import type { Db } from '../db/database';

/** The uncompressed tar of PGDATA (PGlite's dump format), taken between two transactions. */
export async function snapshot(db: Db, pglite: PGlite): Promise<Uint8Array> {
  return db.connection().execute(async (conn) => {
    await sql`checkpoint`.execute(conn);
    // 'none': the compression runs after the connection is released (archive writer), not while requests wait
    const dump = await pglite.dumpDataDir('none');
    return new Uint8Array(await dump.arrayBuffer());
  });
}
