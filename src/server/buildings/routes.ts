// Building routes beyond the generic CRUD of tpf3Project (spec 000 §7, DESIGN §5):
//   GET tpf3ProjectV/                          the building list (same answer as tpf3Project/)
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
import { resourceDef } from '../registry';
import { parseListParams } from '../resources/listParams';
import { idParams, listQuery } from '../resources/routeSchemas';
import { copyBuilding } from './copy';

const V = '/api/tpf/v1/tpf/tpf3ProjectV';
const P = '/api/tpf/v1/tpf/tpf3Project';

const projectIdQuery = (key: string) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: [key],
    properties: { [key]: { type: 'integer', title: '项目', minimum: 1, maximum: 2147483647 } },
  }) as const;

const codeQuery = { type: 'object', additionalProperties: false, required: ['code'], properties: { code: { type: 'string', title: '计算方式', maxLength: 20 } } } as const;

export function buildingRoutes(app: FastifyInstance, db: Db): void {
  const def = resourceDef('tpf3Project');
  const buildings = repo(db, 'tpf3Project');
  const shape = listQuery(def.schema);

  app.get<{ Querystring: { code: string } }>(`${V}/getProjectComputeMethod`, { schema: { querystring: codeQuery }, config: { writes: false } }, async (req) => {
    callerOf(req);
    const info = computeMethodInfo(req.query.code);
    if (!info) throw badRequest(`不支持的计算方式: ${req.query.code}`);
    return ok(info);
  });

  app.get<{ Querystring: Record<string, unknown> }>(`${V}/`, { schema: { querystring: shape.schema }, config: { writes: false } }, async (req) => {
    return ok(await buildings.list(callerOf(req), parseListParams(def.schema, def.meta, shape, req.query)));
  });

  app.get<{ Params: { id: number } }>(`${V}/:id`, { schema: { params: idParams }, config: { writes: false } }, async (req) => {
    return ok(await buildings.get(callerOf(req), req.params.id));
  });

  app.get<{ Querystring: { projectId: number } }>(`${P}/copy`, { schema: { querystring: projectIdQuery('projectId') }, config: { writes: true } }, async (req) => {
    return ok(await copyBuilding(db, callerOf(req), req.query.projectId), MESSAGES.ok);
  });
}
