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
import { ok } from '../envelope';
import { badRequest, MESSAGES } from '../errors';
import { resourceDef } from '../db/registry';
import { parseListParams } from '../resources/listParams';
import { idParams, listQuery, projectQuery } from '../resources/routeSchemas';
import { copyBuilding } from './copy';
import { revisionChain } from './revisions';
import { typed } from '../http/typed';

const V = '/api/tpf/v1/tpf/tpf3ProjectV';
const P = '/api/tpf/v1/tpf/tpf3Project';

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
    { schema: { querystring: codeQuery }, config: { writes: false } },
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
    { schema: { querystring: shape.schema }, config: { writes: false } },
    async (req) => {
      return ok(await buildings.list(callerOf(req), parseListParams(def.schema, def.meta, shape, req.query)));
    },
  );

  // 历史修订版: every revision of the building's chain, A first (the list offers the current one only)
  r.get(
    `${V}/revisions`,
    { schema: { querystring: projectQuery('projectId') }, config: { writes: false } },
    async (req) => {
      return ok(await revisionChain(db, callerOf(req), req.query.projectId));
    },
  );

  r.get(`${V}/:id`, { schema: { params: idParams }, config: { writes: false } }, async (req) => {
    return ok(await buildings.get(callerOf(req), req.params.id));
  });

  r.get(`${P}/copy`, { schema: { querystring: projectQuery('projectId') }, config: { writes: true } }, async (req) => {
    return ok(await copyBuilding(db, callerOf(req), req.query.projectId), MESSAGES.ok);
  });
}
