// The building a write goes to, if the caller may change it: 404 outside their read scope, 403 when they may only
// read it or it is frozen (under review or signed, db/lock.ts) — asked first by every route that changes a
// building's data, before anything else is read or checked.
import type { Caller } from '../db/caller';
import type { Db, Tx } from '../db/database';
import type { BuildingRecord } from '../../../schemas/records';
import { repo } from '../db/repo';

export async function writableBuilding(db: Db, caller: Caller, projectId: number, trx: Tx): Promise<BuildingRecord> {
  const buildings = repo(db, 'tpf3Project');
  const b = await buildings.get(caller, projectId, trx);
  await buildings.assertWritable(trx, caller, projectId);
  return b;
}
