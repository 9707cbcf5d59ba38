// Engineering projects: each record carries the figures counted over the buildings the caller may see, each
// building once by its current revision (projectCount, endCount, and the carbon total of completed buildings only); a
// project that still holds buildings is not deleted (deleting it would orphan them) and a clear keeps such projects.
import { sql } from 'kysely';
import { registerHooks } from '../db/hooks';
import { readScope } from '../db/scope';
import { badRequest } from '../errors';
import { resourceDef } from '../db/registry';
import { currentRevisionFor } from './revisions';

export const ENGINEERING_HAS_BUILDINGS = '该项目下还有单体建筑，请先删除单体建筑';

registerHooks('tpf3Engineering', {
  async decorate({ ex, caller, records }) {
    const project = resourceDef('tpf3Project');
    let q = ex
      .selectFrom(project.table)
      .select([
        'engineering_id',
        sql<number>`count(*)::int`.as('project_count'),
        sql<number>`(count(*) filter (where status = '1'))::int`.as('end_count'),
        sql<number | null>`sum(total) filter (where status = '1')`.as('total'),
      ])
      .where(
        'engineering_id',
        'in',
        records.map((r) => r.id),
      )
      .where(currentRevisionFor(caller))
      .groupBy('engineering_id');
    const scope = readScope(project.meta, caller);
    if (scope) q = q.where(scope);
    const counts = new Map((await q.execute()).map((r) => [Number(r.engineering_id), r]));
    for (const rec of records) {
      const c = counts.get(rec.id);
      rec.projectCount = c ? Number(c.project_count) : 0;
      rec.endCount = c ? Number(c.end_count) : 0;
      rec.total = c?.total == null ? null : Number(c.total);
    }
  },
  async beforeDelete({ trx, ids }) {
    const used = await trx
      .selectFrom(resourceDef('tpf3Project').table)
      .select('id')
      .where('engineering_id', 'in', ids)
      .limit(1)
      .executeTakeFirst();
    if (used) throw badRequest(ENGINEERING_HAS_BUILDINGS);
  },
  clearKeep: () => (eb) =>
    eb.exists(
      eb
        .selectFrom(resourceDef('tpf3Project').table)
        .select('id')
        .whereRef('engineering_id', '=', 'tpf3_engineering.id'),
    ),
});
