// What every review step does to a revision: load it with the rules it is signed under, write its state past the
// building's lock, and name it and its state in a refusal. Apart from the steps (./flow.ts, ./revise.ts,
// ./reassign.ts) so each of them reads and writes the state one way.
import { STATE_LABELS, type ReviewState } from '../../../schemas/review';
import type { Caller } from '../db/caller';
import type { Db, Tx } from '../db/database';
import { passLock } from '../db/lock';
import type { ApiRecord } from '../db/record';
import { repo } from '../db/repo';
import { resourceDef } from '../db/registry';
import { ApiError } from '../errors';
import { revisionPolicy, type Policy } from './people';

export const refused = (message: string) => new ApiError(403, 0, message);
export const stateOf = (b: ApiRecord) => String(b.reviewState || 'draft') as ReviewState;
export const named = (b: ApiRecord) => `单体「${b.name}」修订版 ${b.revision || 'A'}`;
export const inState = (b: ApiRecord) => `${named(b)} 处于「${STATE_LABELS[stateOf(b)]}」状态`;

export async function load(
  db: Db,
  trx: Tx,
  caller: Caller,
  projectId: number,
): Promise<{ b: ApiRecord; policy: Policy }> {
  const b = await repo(db, 'tpf3Project').get(caller, projectId, trx);
  // (under review: the rules the revision was submitted with)
  return { b, policy: await revisionPolicy(trx, b) };
}

export async function setState(trx: Tx, b: ApiRecord, change: Record<string, unknown>): Promise<void> {
  await passLock(trx);
  await trx.updateTable(resourceDef('tpf3Project').table).set(change).where('id', '=', b.id).execute();
}

export const link = (b: ApiRecord) => `/review?id=${b.id}`;
