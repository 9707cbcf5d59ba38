// Factor-version routes:
//   GET  tpf3BuildMaterial/{id}/versions      every version of the factor's lineage, newest first
//   GET  factorUpdates/buildings              ids of the caller's buildings that use a superseded factor (list flag)
//   GET  tpf3Project/{id}/factorUpdates       { count, factors: [{ old, current, uses: [{ code, title, rows }] }] }
//   POST tpf3Project/{id}/recalculate/preview per stage before / after / difference (tCO2e), nothing stored
//   POST tpf3Project/{id}/recalculate/apply   the same, stored (rows moved to the current versions, recalculated)
// Both recalculations are jobs (a big building may take long): `?wait=` as the calculate route.
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../auth/guard';
import type { Db } from '../db/database';
import { toRecord, type Row } from '../db/record';
import { repo } from '../db/repo';
import { assertRead, readScope } from '../db/scope';
import { answerSchema, ok } from '../envelope';
import { notFound } from '../errors';
import { DEFAULT_WAIT_MS, jobAnswer, runJob, waitProperty } from '../jobs/index';
import { resourceDef } from '../db/registry';
import { idParams } from '../resources/routeSchemas';
import { upkeepAfter } from '../stages/calculate';
import { BUILDING } from './factorUse';
import { outdatedBuildingIds, outdatedFactors } from './outdated';
import { factorChange, recalculate } from './recalc';
import { LIBRARY } from './versions';
import { typed } from '../http/typed';
import {
  factorUpdatesAnswer,
  factorVersionsAnswer,
  outdatedBuildingsAnswer,
  recalcOrJob,
} from '../../../schemas/answers/factor';

const BASE = '/api/tpf/v1/tpf';
const waitQuery = { type: 'object', additionalProperties: false, properties: { wait: waitProperty } } as const;

export const PREVIEWED = '以下为按当前因子版本重新计算的结果，尚未保存';
export const APPLIED = '已按当前因子版本重新计算并保存';

export function factorRoutes(app: FastifyInstance, db: Db): void {
  const r = typed(app);
  const buildings = repo(db, BUILDING);

  const versions = { params: idParams, response: answerSchema('因子的各版本', factorVersionsAnswer) };
  r.get(`${BASE}/${LIBRARY}/:id/versions`, { schema: versions, config: { writes: false } }, async (req) => {
    const caller = callerOf(req);
    const def = resourceDef(LIBRARY);
    assertRead(def.meta, caller);
    const t = sql.table(def.table);
    const scope = readScope(def.meta, caller);
    let q = db
      .selectFrom(def.table)
      .selectAll()
      .where(
        sql<boolean>`coalesce(lineage_id, id) = (select coalesce(lineage_id, id) from ${t} where id = ${req.params.id})`,
      );
    if (scope) q = q.where(scope);
    const rows = (await q
      .orderBy(sql`coalesce(version, 1)`, 'desc')
      .orderBy('id', 'desc')
      .execute()) as Row[];
    if (!rows.some((r) => Number(r.id) === req.params.id)) throw notFound();
    return ok(rows.map((r) => toRecord(def.schema, r)));
  });

  const outdated = { response: answerSchema('使用了旧版本因子的单体', outdatedBuildingsAnswer) };
  r.get(`${BASE}/factorUpdates/buildings`, { schema: outdated, config: { writes: false } }, async (req) => {
    const caller = callerOf(req);
    assertRead(buildings.def.meta, caller);
    return ok(await outdatedBuildingIds(db, readScope(buildings.def.meta, caller)));
  });

  r.get(
    `${BASE}/${BUILDING}/:id/factorUpdates`,
    {
      schema: { params: idParams, response: answerSchema('已更新的因子', factorUpdatesAnswer) },
      config: { writes: false },
    },
    async (req) => {
      const b = await buildings.get(callerOf(req), req.params.id);
      const factors = (await outdatedFactors(db, b.id)).map(factorChange);
      return ok({ count: factors.length, factors });
    },
  );

  for (const apply of [false, true]) {
    const path = `${BASE}/${BUILDING}/:id/recalculate/${apply ? 'apply' : 'preview'}`;
    const schema = {
      params: idParams,
      querystring: waitQuery,
      response: answerSchema('重新计算或后台任务', recalcOrJob),
    };
    r.post(path, { schema, config: { writes: true } }, async (req) => {
      const caller = callerOf(req);
      const b = await buildings.get(caller, req.params.id);
      const outcome = await runJob(
        db,
        caller,
        {
          kind: 'calculate',
          title: `${apply ? '重新计算' : '预览重新计算'} ${b.name}`,
          waitMs: req.query.wait ?? DEFAULT_WAIT_MS,
        },
        async (progress) => {
          const { answer, calculated } = await recalculate(db, caller, b.id, apply, progress);
          if (calculated)
            upkeepAfter(db, calculated, (err) => req.log.warn({ err }, 'upkeep after recalculation failed'));
          return answer;
        },
      );
      return jobAnswer(outcome, apply ? APPLIED : PREVIEWED);
    });
  }
}
