// The factor library's version as a result records it: the time of the library's last change (a factor added,
// versioned or deleted anywhere in it). Each factor is versioned on its own (versions.ts); a signed result names
// the library as it stood when it was calculated, beside which factors' versions its rows used.
import { sql } from 'kysely';
import type { Executor } from '../db/database';
import { resourceDef } from '../registry';
import { LIBRARY } from './versions';

/** ISO time of the library's latest change, or null for an empty library. */
export async function libraryVersion(ex: Executor): Promise<string | null> {
  const r = await sql<{ at: Date | string | null }>`select max(update_date) as at from ${sql.table(resourceDef(LIBRARY).table)}`.execute(ex);
  const at = r.rows[0]?.at;
  return at == null ? null : new Date(at).toISOString();
}
