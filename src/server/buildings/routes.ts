// Building routes beyond the generic CRUD of tpf3Project:
//   GET tpf3ProjectV/                          the building list (same answer as tpf3Project/)
//   GET tpf3ProjectV/revisions                 ?projectId → every revision of its chain, A first (历史修订版)
//   GET tpf3ProjectV/:id                       one building with its engineering's name and the creator's name
//   GET tpf3ProjectV/getProjectComputeMethod   ?code=<module> → the module's life-cycle stages and standards
//   GET tpf3Project/copy                       ?projectId → the copy (rows and results included)
// (the building's workbook, tpf3Project/getExcelByID, is an export: reports/routes.ts)
import type { FastifyInstance } from 'fastify';
import { computeMethodInfo } from '../../../schemas/standards';
import { callerOf } from '../auth/guard';
import type { Db } from '../db/database';
import { repo } from '../db/repo';
import { answerSchema, ok } from '../envelope';
import { badRequest, MESSAGES } from '../errors';
import { resourceDef } from '../db/registry';
import { parseListParams } from '../resources/listParams';
import { idParams, listQuery, projectQuery } from '../resources/routeSchemas';
import { copyBuilding } from './copy';
import { revisionChain } from './revisions';
import { typed } from '../http/typed';
import {
  buildingAnswer,
  buildingListAnswer,
  buildingsAnswer,
  computeMethodAnswer,
} from '../../../schemas/answers/building';

const V = '/api/tpf/v1/tpf/tpf3ProjectV';
const P = '/api/tpf/v1/tpf/tpf3Project';

const buildingResponse = answerSchema('单体建筑', buildingAnswer);

const codeQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['code'],
  properties: { code: { type: 'string', title: '计算方式', maxLength: 20 } },
} as const;

export function buildingRoutes(app: FastifyInstance, db: Db): void {
  const r = typed(app);
  const def = resourceDef('tpf3Project');
  const buildings = repo(db, 'tpf3Project');
  const shape = listQuery(def.schema);

  r.get(
    `${V}/getProjectComputeMethod`,
    {
      schema: { querystring: codeQuery, response: answerSchema('计算方式的阶段与标准', computeMethodAnswer) },
      config: { writes: false },
    },
    async (req) => {
      callerOf(req);
      const info = computeMethodInfo(req.query.code);
      if (!info) throw badRequest(`不支持的计算方式: ${req.query.code}`);
      return ok(info);
    },
  );

  // (the list's querystring schema is built from the resource schema at start: its keys are known only then)
  app.get<{ Querystring: Record<string, unknown> }>(
    `${V}/`,
    {
      schema: { querystring: shape.schema, response: answerSchema('单体建筑列表', buildingListAnswer) },
      config: { writes: false },
    },
    async (req) => {
      return ok(await buildings.list(callerOf(req), parseListParams(def.schema, def.meta, shape, req.query)));
    },
  );

  // 历史修订版: every revision of the building's chain, A first (the list offers the current one only)
  r.get(
    `${V}/revisions`,
    {
      schema: { querystring: projectQuery('projectId'), response: answerSchema('各修订版', buildingsAnswer) },
      config: { writes: false },
    },
    async (req) => {
      return ok(await revisionChain(db, callerOf(req), req.query.projectId));
    },
  );

  r.get(
    `${V}/:id`,
    { schema: { params: idParams, response: buildingResponse }, config: { writes: false } },
    async (req) => {
      return ok(await buildings.get(callerOf(req), req.params.id));
    },
  );

  const copy = { querystring: projectQuery('projectId'), response: buildingResponse };
  r.get(`${P}/copy`, { schema: copy, config: { writes: true } }, async (req) => {
    return ok(await copyBuilding(db, callerOf(req), req.query.projectId), MESSAGES.ok);
  });
}
