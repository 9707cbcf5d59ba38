// Stage routes beyond each stage's generic CRUD (save, then calculate):
//   POST stage/<code>/batch       rows of one building (with id: update, without: create), then calculate — one
//                                 transaction: all rows valid and saved and the result stored, or nothing
//   GET  stage/<code>/calculate   ?projectId → calculate the building; answers the stage and the building result
//   PUT  stage/<code>/method      { projectId, method } → the stage's calculation method for the building
//   GET  stage/data               ?tpf3ProjectId → { <stage>: { total (tCO2e), rows, method, notes } }
//   PUT  tpf3Project/status       { id, status } → completion ('1' after the last stage)
import type { FastifyInstance } from 'fastify';
import { splitMenus, wizardStages } from '../../../schemas/standards';
import { FORM_INVALID, formatErrors, type FieldError } from '../../../schemas/validation';
import { callerOf } from '../auth/guard';
import type { Db } from '../db/database';
import { columnName } from '../db/naming';
import { repo, RowsInvalid } from '../db/repo';
import { writableBuilding } from '../buildings/writable';
import { answerSchema, ok } from '../envelope';
import { ApiError, badRequest, invalid, MESSAGES, notFound } from '../errors';
import { resourceDef, resources } from '../db/registry';
import { bodyValidator } from '../resources/bodyValidators';
import { projectQuery } from '../resources/routeSchemas';
import { DEFAULT_WAIT_MS, jobAnswer, runJob, waitProperty } from '../jobs/index';
import { calculateAndStore, resultWarnings, stageRows, stageSummary, upkeepAfter } from './calculate';
import { traceRoute } from './trace';
import type { CalculatedBuilding } from '../plausibility/review';
import { typed } from '../http/typed';
import { buildingAnswer } from '../../../schemas/answers/building';
import { batchAnswer, calculateOrJob, stageDataAnswer, type StageData } from '../../../schemas/answers/stage';

const BASE = '/api/tpf/v1/tpf/stage';
export const CALCULATED = '计算成功!';

/**
 * 计算成功! — unless a stage warns (a row counted 0 for missing data, a needed stage empty) or 合理性检查 flags a
 * figure outside its published range: then say how many 提示 (the answer's `warnings` lists them).
 */
export const calculatedMessage = (result: CalculatedBuilding) => {
  const n = result.stages.reduce((a, s) => a + s.warnings.length, 0) + (result.plausibility?.flags.length ?? 0);
  return n ? `计算完成，有 ${n} 条提示` : CALCULATED;
};

/** A save failure of the row at `index` of a batch: its fields prefixed 第N行, its first message naming the row. */
function rowFailure(err: unknown, index: number): unknown {
  if (!(err instanceof ApiError && err.code === 2 && Array.isArray(err.data))) return err;
  const fields = (err.data as FieldError[]).map((e) => ({
    field: `第${index + 1}行 ${e.field}`,
    errorMsg: e.errorMsg,
  }));
  return invalid(fields, `第 ${index + 1} 行：${fields[0]?.errorMsg ?? FORM_INVALID}`);
}

const calculateQuery = {
  ...projectQuery('projectId'),
  properties: { ...projectQuery('projectId').properties, wait: waitProperty },
} as const;

const rowsBody = { type: 'array', title: '数据', maxItems: 5000, items: { type: 'object' } } as const;

const methodBody = {
  type: 'object',
  additionalProperties: false,
  required: ['projectId', 'method'],
  properties: { projectId: { type: 'integer', minimum: 1 }, method: { type: 'string', maxLength: 20 } },
} as const;

const buildingResponse = answerSchema('单体建筑', buildingAnswer);

const statusBody = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'status'],
  properties: { id: { type: 'integer', minimum: 1 }, status: { type: 'string', enum: ['0', '1'] } },
} as const;

export function stageRoutes(app: FastifyInstance, db: Db): void {
  const r = typed(app);
  const buildings = repo(db, 'tpf3Project');

  for (const def of resources.filter((r) => r.schema['x-stage'])) {
    const code = def.schema['x-stage']!.code;
    if ('emission' in def.schema.properties) traceRoute(app, db, def);
    const rows = repo(db, def.name);

    const batch = { body: rowsBody, response: answerSchema('保存并计算', batchAnswer) };
    r.post(`${BASE}/${code}/batch`, { schema: batch, config: { writes: true } }, async (req) => {
      const caller = callerOf(req);
      const body = req.body;
      if (!body.length) throw badRequest('请至少填写一行数据');
      const projectIds = new Set(body.map((r) => r.projectId));
      if (projectIds.size !== 1 || typeof body[0].projectId !== 'number')
        throw badRequest('获取项目信息失败，请返回主页重试！');
      const errors: FieldError[] = [];
      body.forEach((row, i) => {
        const v = bodyValidator(def, row.id === undefined ? 'create' : 'update');
        if (!v(row))
          for (const e of formatErrors(v.errors, def.schema))
            errors.push({ field: `第${i + 1}行 ${e.field}`, errorMsg: e.errorMsg });
      });
      if (errors.length) throw invalid(errors);
      const projectId = body[0].projectId as number;
      const answer = await db.transaction().execute(async (trx) => {
        const building = await writableBuilding(db, caller, projectId, trx);
        // rows with an id are updated one by one (each its own scope check and rules); the new rows, which the
        // wizard puts after the stored ones, are checked together (as createMany checks them), then calculated with
        // the stored ones and inserted once with their figures
        const fresh = body.flatMap((row, i) => (row.id === undefined ? [i] : []));
        for (const [i, row] of body.entries()) {
          if (row.id === undefined) continue;
          await rows.update(caller, row as typeof row & { id: number }, trx).catch((err) => {
            throw rowFailure(err, i);
          });
        }
        const adding = await rows
          .prepareMany(
            caller,
            fresh.map((i) => body[i]),
            trx,
          )
          .catch((err) => {
            if (!(err instanceof RowsInvalid)) throw err;
            const { index, errors } = err.first(); // (as a save row by row: the first failing row)
            throw rowFailure(invalid(errors), fresh[index]);
          });
        const result = await calculateAndStore(trx, building, { adding: new Map([[def.name, adding]]) });
        const message = calculatedMessage(result);
        return {
          message,
          rows: result.storedRows.get(code) ?? (await stageRows(trx, def, projectId)),
          result: await buildings.get(caller, projectId, trx),
          stage: stageSummary(result.stages.find((s) => s.code === code)),
          saved: body.length,
          warnings: resultWarnings(result),
        };
      });
      const { message, ...data } = answer;
      return ok(data, message);
    });

    r.get(
      `${BASE}/${code}/calculate`,
      {
        schema: { querystring: calculateQuery, response: answerSchema('计算结果或后台任务', calculateOrJob) },
        config: { writes: true },
      },
      async (req) => {
        const caller = callerOf(req);
        const building = await buildings.get(caller, req.query.projectId);
        let message = CALCULATED;
        const outcome = await runJob(
          db,
          caller,
          { kind: 'calculate', title: `计算 ${building.name}`, waitMs: req.query.wait ?? DEFAULT_WAIT_MS },
          async (progress) => {
            const answer = await db.transaction().execute(async (trx) => {
              const stored = await writableBuilding(db, caller, building.id, trx);
              const result = await calculateAndStore(trx, stored, { progress });
              return {
                calculated: result,
                answer: {
                  stage: stageSummary(result.stages.find((s) => s.code === code)),
                  result: await buildings.get(caller, building.id, trx),
                  warnings: resultWarnings(result),
                },
              };
            });
            upkeepAfter(db, answer.calculated, (err) => req.log.warn({ err }, 'upkeep after calculation failed'));
            message = calculatedMessage(answer.calculated);
            return answer.answer;
          },
        );
        return jobAnswer(outcome, message);
      },
    );

    const method = { body: methodBody, response: buildingResponse };
    r.put(`${BASE}/${code}/method`, { schema: method, config: { writes: true } }, async (req) => {
      const caller = callerOf(req);
      const methods = def.schema['x-stage']!.methods ?? [];
      if (!methods.some((m) => m.value === req.body.method))
        throw invalid([{ field: 'method', errorMsg: '请选择计算方式' }]);
      const answer = await db.transaction().execute(async (trx) => {
        const building = await writableBuilding(db, caller, req.body.projectId, trx);
        const stageMethods = { ...building.stageMethods, [code]: req.body.method };
        await trx
          .updateTable(buildings.def.table)
          .set({ stage_methods: JSON.stringify(stageMethods) })
          .where('id', '=', building.id)
          .execute();
        await calculateAndStore(trx, { ...building, stageMethods });
        return buildings.get(caller, building.id, trx);
      });
      return ok(answer, MESSAGES.saved);
    });
  }

  r.get(
    `${BASE}/data`,
    {
      schema: { querystring: projectQuery('tpf3ProjectId'), response: answerSchema('各阶段结果', stageDataAnswer) },
      config: { writes: false },
    },
    async (req) => {
      const caller = callerOf(req);
      const b = await buildings.get(caller, req.query.tpf3ProjectId);
      const detail = (b.resultDetail ?? {}) as {
        stages?: Record<string, { total: number; method: string | null; notes: string[] }>;
      };
      const data: StageData = {};
      for (const code of wizardStages(b.computeMethod, splitMenus(b.menus))) {
        const def = resources.find((r) => r.schema['x-stage']?.code === code);
        if (!def) continue;
        const count = await db
          .selectFrom(def.table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(columnName('projectId'), '=', b.id)
          .executeTakeFirstOrThrow();
        const s = detail.stages?.[code];
        data[code] = {
          title: def.schema['x-stage']!.title,
          total: s?.total ?? null,
          rows: Number(count.n),
          method: s?.method ?? null,
          notes: s?.notes ?? [],
        };
      }
      return ok(data);
    },
  );

  r.put(
    '/api/tpf/v1/tpf/tpf3Project/status',
    { schema: { body: statusBody, response: buildingResponse }, config: { writes: true } },
    async (req) => {
      const caller = callerOf(req);
      const answer = await db.transaction().execute(async (trx) => {
        const b = await writableBuilding(db, caller, req.body.id, trx);
        if (!b) throw notFound();
        await trx
          .updateTable(resourceDef('tpf3Project').table)
          .set({ status: req.body.status, update_date: new Date() })
          .where('id', '=', b.id)
          .execute();
        return buildings.get(caller, b.id, trx);
      });
      return ok(answer, MESSAGES.ok);
    },
  );
}
