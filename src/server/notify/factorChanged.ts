// A factor of the library gets a new version (src/server/factors/versions.ts: an edit of anything but its remark):
// the owners and collaborators of every COMPLETED building that uses an older version of it get one notification
// each, naming their buildings and linking to the first one's result page. Rows keep the version they were
// calculated with, so the published result stays as it was until the user previews the difference and confirms
// the recalculation (因子已更新 → 重新计算). Users with the same buildings share one INSERT (notifyUsers).
import { sql } from 'kysely';
import { normalizedFactor, type LibraryFactor } from '../../calc/factor';
import { registerHooks } from '../db/hooks';
import { completedBuildingsUsing } from '../factors/outdated';
import { LIBRARY } from '../factors/versions';
import { resourceDef } from '../db/registry';
import { notifyUsers, userIdList } from './send';

/** The client route that selects the building and opens its result page (src/client/factors/OpenResult.tsx). */
export const resultLink = (buildingId: number) => `/factors/result?projectId=${buildingId}`;

registerHooks(LIBRARY, {
  async afterWrite({ trx, caller, op, existing, record }) {
    // (an update in place — the remark — is no new version: nothing a result used has changed)
    if (op !== 'update' || !existing || record.id === existing.id) return;
    const lineage = Number(record.lineageId ?? existing.id);
    const older = await sql<{ id: number }>`select id from ${sql.table(resourceDef(LIBRARY).table)}
      where coalesce(lineage_id, id) = ${lineage} and id <> ${record.id}`.execute(trx);
    const buildings = await completedBuildingsUsing(
      trx,
      older.rows.map((r) => Number(r.id)),
    );
    // each user once, with the buildings that concern them; users with the same buildings in one statement
    const byUser = new Map<number, typeof buildings>();
    for (const b of buildings) {
      for (const u of new Set([...(b.create_by ? [Number(b.create_by)] : []), ...userIdList(b.user_id)])) {
        if (u === caller.userId) continue;
        byUser.set(u, [...(byUser.get(u) ?? []), b]);
      }
    }
    const groups = new Map<string, { users: number[]; list: typeof buildings }>();
    for (const [user, list] of byUser) {
      const key = list.map((b) => b.id).join(',');
      groups.set(key, { users: [...(groups.get(key)?.users ?? []), user], list });
    }
    const before = normalizedFactor(existing as LibraryFactor);
    const after = normalizedFactor(record as LibraryFactor);
    const shown = (v: number | null) => (v === null ? '空' : String(v));
    const values =
      before.value === after.value && before.unit === after.unit
        ? ''
        : before.unit === after.unit
          ? `（${shown(before.value)} → ${shown(after.value)} ${after.unit}）`
          : `（${shown(before.value)} ${before.unit} → ${shown(after.value)} ${after.unit}）`;
    const versions = `第 ${Number(existing.version) || 1} 版 → 第 ${Number(record.version) || 2} 版`;
    for (const { users, list } of groups.values()) {
      const names = list.map((b) => `「${b.name}」`).join('');
      await notifyUsers(
        trx,
        users,
        {
          kind: 'factor',
          title: `因子「${record.name}」已更新`,
          content: `您已完成计算的单体${names}使用了排放因子「${existing.name}」，该因子已更新为新版本（${versions}）${values}。已保存的计算结果不会自动改变：打开单体的计算结果页，点击「因子已更新」旁的「重新计算」可先查看各阶段的差异，确认后再保存。`,
          link: resultLink(list[0].id),
        },
        caller.userId,
      );
    }
  },
});
