// 更换签署人: an administrator's change of a level's signer. Apart from the sign-off (./flow.ts) because it is not a
// step of the revision (its state stays), and it has rules of its own: who may replace whom.
import { levelIn, levelsOf, LEVELS, CALC_ROLE, type ReassignRequest } from '../../../schemas/review';
import { columnName } from '../db/naming';
import type { Caller } from '../db/caller';
import type { Db } from '../db/database';
import type { ApiRecord } from '../db/record';
import { invalid } from '../errors';
import { notifyUsers } from '../notify/send';
import { calcPeople, editorsAmong, EDITED_REVISION, identities, identityLabel, signerOf } from './people';
import { inState, link, load, named, refused, setState, stateOf } from './revisionState';
import { addEvent } from './store';

/** Who replaces a signer: the super admin, or a group admin of the building's tenant. */
export const canReassign = (caller: Caller, b: ApiRecord) =>
  caller.isAdmin || (caller.roles.includes('groupAdmin') && caller.tenantId !== null && caller.tenantId === b.tenantId);

/**
 * 更换签署人: an administrator names another signer for a level of a revision not yet signed to its end — the
 * waiting level included (a signer who left would strand it). The new signer is a user of the building's tenant
 * and, unless the tenant allows one person on two levels, neither a 计算人, nor another level's signer, nor one who
 * wrote to the revision. Written past the lock like every step; recorded from → to; the new signer hears of it.
 */
export async function reassign(db: Db, caller: Caller, req: ReassignRequest): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { b, policy } = await load(db, trx, caller, req.projectId);
    if (!canReassign(caller, b)) throw refused('只有本单位的集团管理员可以更换签署人');
    if (stateOf(b) === 'approved') throw refused(`${inState(b)}，不能更换签署人`);
    const levels = levelsOf(policy.levels);
    const level = levels.find((l) => l.level === req.level);
    if (!level)
      throw invalid([
        {
          field: 'level',
          errorMsg: `该单体的校审没有${LEVELS.find((l) => l.level === req.level)?.title ?? req.level}一级`,
        },
      ]);
    const bad = (errorMsg: string) => invalid([{ field: 'userId', errorMsg }]);
    const to = req.userId;
    const before = signerOf(b, level);
    if (to === before) throw bad(`该用户已是本单体的${level.role}`);
    const user = await trx
      .selectFrom('sys_user')
      .select('id')
      .where('id', '=', to)
      .where('tenant_id', '=', b.tenantId as number)
      .executeTakeFirst();
    if (!user) throw bad(`${level.role}不是本单位的用户`);
    if (!policy.samePerson) {
      const other = calcPeople(b).includes(to)
        ? CALC_ROLE
        : levels.find((l) => l !== level && signerOf(b, l) === to)?.role;
      if (other) throw bad(`${level.role}不能同时是${other}（本单位未允许一人兼任多级）`);
      if ((await editorsAmong(trx, b.id, [to])).size)
        throw bad(`${level.role}${EDITED_REVISION}，不能签署（本单位未允许一人兼任多级）`);
    }
    const state = stateOf(b);
    await setState(trx, b, { [columnName(level.field)]: to });
    const who = await identities(trx, [to, ...(before ? [before] : [])]);
    const label = (id: number | null) => (id && who.has(id) ? identityLabel(who.get(id)!) : '未指定');
    await addEvent(trx, {
      tenantId: b.tenantId as number | null,
      projectId: b.id,
      revision: String(b.revision || 'A'),
      action: 'reassign',
      from: state,
      to: state,
      userId: caller.userId,
      level: level.level,
      fromUserId: before,
      toUserId: to,
      note: `${level.role}：${label(before)} → ${label(to)}`,
    });
    const waiting = levelIn(state, policy.levels) === level;
    await notifyUsers(
      trx,
      [to],
      {
        kind: 'review',
        title: waiting ? `请${level.title}单体「${b.name}」` : `您已被指定为单体「${b.name}」的${level.role}`,
        content: waiting
          ? `${named(b)}的${level.role}已更换为您，请您签署或退回。`
          : `${named(b)}的${level.role}已更换为您，轮到该级时请您签署或退回。`,
        link: link(b),
      },
      caller.userId,
    );
  });
}
