// 新建修订版: a signed revision's successor, made by copying the building. Apart from the sign-off (./flow.ts)
// because it starts a new revision rather than moving one through its levels.
import { nextRevision, CALC_ROLE } from '../../../schemas/review';
import type { Caller } from '../db/caller';
import type { Db } from '../db/database';
import type { ApiRecord } from '../db/record';
import { ApiError } from '../errors';
import { copyBuilding } from '../buildings/copy';
import { successorOf } from '../buildings/revisions';
import { calcPeople } from './people';
import { inState, load, named, refused, stateOf } from './revisionState';
import { addEvent } from './store';

/** A signed revision's successor: a copy of its signed state (rows and results) as the next revision, 编制中. */
export async function revise(db: Db, caller: Caller, projectId: number): Promise<ApiRecord> {
  const { b } = await db.transaction().execute((trx) => load(db, trx, caller, projectId));
  if (!calcPeople(b).includes(caller.userId)) throw refused(`只有${CALC_ROLE}（创建人或协作人）可以新建修订版`);
  if (stateOf(b) !== 'approved') throw refused(`${inState(b)}，审定后才能新建修订版`);
  const made = await successorOf(db, b.id);
  if (made) throw revisedAlready(b, made);
  const revision = nextRevision(String(b.revision || 'A'));
  // the successor keeps the name, the collaborators (the source's creator among them) and the signers
  const team = [...new Set([...calcPeople(b)].filter((id) => id !== caller.userId))].join(';');
  return copyBuilding(
    db,
    caller,
    projectId,
    { name: b.name, userId: team, revision, revisionOf: b.id, reviewState: 'draft', reportNo: null },
    async (trx, id) => {
      await addEvent(trx, {
        tenantId: b.tenantId as number | null,
        projectId: id,
        revision,
        action: 'revise',
        from: 'approved',
        to: 'draft',
        userId: caller.userId,
        note: `由修订版 ${b.revision || 'A'}（报告 ${b.reportNo ?? ''}）新建`,
      });
    },
  ).catch(async (err) => {
    // two requests at once: the database's one-successor index refused the later copy
    const other = isUniqueViolation(err) ? await successorOf(db, b.id) : undefined;
    throw other ? revisedAlready(b, other) : err;
  });
}

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

/** A second 新建修订版 of one revision: refused, naming the successor (whose id the client opens instead). */
const revisedAlready = (b: ApiRecord, made: { id: number; revision: string }) =>
  new ApiError(400, 0, `${named(b)} 已有修订版 ${made.revision}，不能再次新建修订版`, {
    id: made.id,
    revision: made.revision,
  });
