// A factor of the library changes (its value, unit or name): the owners and collaborators of every COMPLETED
// building that uses it are told which buildings — rows keep the copy they were calculated with (factorCopy.ts),
// so the published result stays as it was until they pick the factor again and recalculate.
import { sql } from 'kysely';
import { normalizedFactor, type LibraryFactor } from '../../calc/factor';
import type { Executor } from '../db/database';
import { registerHooks } from '../db/hooks';
import { columnName } from '../db/naming';
import { resourceDef, resources } from '../registry';
import { notifyUsers, userIdList } from './send';

interface UsingBuilding {
  id: number;
  name: string;
  compute_method: string;
  create_by: number | null;
  user_id: string | null;
}

/** Completed buildings whose own grid factor or any stage row references the factor. */
async function completedBuildingsUsing(ex: Executor, factorId: number): Promise<UsingBuilding[]> {
  const building = resourceDef('tpf3Project');
  const parts = resources.flatMap((def) =>
    Object.entries(def.schema.properties)
      .filter(([, p]) => p['x-factor'])
      .flatMap(([prop]) => {
        const col = sql.ref(columnName(prop));
        if (def.name === building.name) return [sql`select id as project_id from ${sql.table(def.table)} where ${col} = ${factorId}`];
        if (!('projectId' in def.schema.properties)) return [];
        return [sql`select project_id from ${sql.table(def.table)} where ${col} = ${factorId}`];
      }),
  );
  if (!parts.length) return [];
  const r = await sql<UsingBuilding>`
    select b.id, b.name, b.compute_method, b.create_by, b.user_id from ${sql.table(building.table)} b
    where b.status = '1' and b.id in (${sql.join(parts, sql` union `)})
    order by b.id`.execute(ex);
  return r.rows;
}

registerHooks('tpf3BuildMaterial', {
  async afterWrite({ trx, caller, op, existing, record }) {
    if (op !== 'update' || !existing) return;
    const before = normalizedFactor(existing as LibraryFactor);
    const after = normalizedFactor(record as LibraryFactor);
    if (before.value === after.value && before.unit === after.unit && existing.name === record.name) return;
    const buildings = await completedBuildingsUsing(trx, record.id);
    // each user once, with the buildings that concern them
    const byUser = new Map<number, UsingBuilding[]>();
    for (const b of buildings) {
      for (const u of [...(b.create_by ? [Number(b.create_by)] : []), ...userIdList(b.user_id)]) {
        if (u === caller.userId) continue;
        byUser.set(u, [...(byUser.get(u) ?? []), b]);
      }
    }
    const change = before.value === after.value ? '' : `（${before.value ?? '空'} → ${after.value ?? '空'} ${after.unit}）`;
    for (const [userId, list] of byUser) {
      const names = list.map((b) => `「${b.name}」`).join('');
      await notifyUsers(
        trx,
        [userId],
        {
          kind: 'factor',
          title: `因子「${record.name}」已更新`,
          content: `您已完成计算的单体${names}使用了排放因子「${existing.name}」，该因子已被修改${change}。单体中保存的是计算时的因子值；如需采用新值，请在计算数据中重新选择该因子并重新计算。`,
          link: `/${list[0].compute_method}/project/list`,
        },
        caller.userId,
      );
    }
  },
});
