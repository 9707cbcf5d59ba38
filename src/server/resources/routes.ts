// Generic CRUD routes for every registry resource under /api/<x-resource.path>/:
//   GET    P/            list  (pageNum, pageSize, sortField, sortOrder, filters) → { dataList, total }
//   GET    P/:id         one record
//   POST   P/            create (body = schema properties)           → the created record
//   PUT    P/            update (body = full record with id)          → the updated record
//   DELETE P/:id         delete one
//   DELETE P/?ids=1&ids=2 delete several (repeated ids; also <name>Ids, e.g. tpf3ProjectIds), all or nothing
//   GET    P/export      the list (same filters and sort, every row) as an Excel file → { data: download URL }
//   DELETE P/deleteBatch clear every row the caller may write (?projectId= and the equality filters narrow it)
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toRecord } from '../db/record';
import type { Db } from '../db/database';
import { repo } from '../db/repo';
import { columnName } from '../db/naming';
import type { Where } from '../db/scope';
import { ok } from '../envelope';
import { ApiError, invalid, MESSAGES } from '../errors';
import { callerOf } from '../auth/guard';
import type { ResourceDef } from '../db/registry';
import { parseListParams } from './listParams';
import { createBodySchema, deleteBatchQuery, idParams, idsQuery, listQuery, updateBodySchema } from './routeSchemas';
import { putFile, XLSX_MIME } from '../files/store';
import { schemaColumns, stampedName } from '../excel/workbook';
import { drawWorkbook } from '../excel/draw';
import { importRoutes } from './importRoutes';
import { typed } from '../http/typed';

/** The most rows one export writes: a stage of 80 000 imported rows exports whole; past the cap it is refused. */
export const EXPORT_ROW_CAP = 100_000;

export function resourceRoutes(app: FastifyInstance, db: Db, def: ResourceDef): void {
  const base = `/api/${def.meta.path}`;
  const r = repo(db, def.name);
  const shape = listQuery(def.schema);
  // the fixed schemas type their routes (http/typed.ts); the list, create, update and batch-delete schemas are built
  // here from the resource schema, so those routes keep a loose type
  const api = typed(app);

  app.get<{ Querystring: Record<string, unknown> }>(
    `${base}/`,
    { schema: { querystring: shape.schema }, config: { writes: false } },
    async (req) => {
      const params = parseListParams(def.schema, def.meta, shape, req.query);
      return ok(await r.list(callerOf(req), params));
    },
  );

  app.get<{ Querystring: Record<string, unknown> }>(
    `${base}/export`,
    { schema: { querystring: shape.schema }, config: { writes: true } },
    async (req) => {
      const caller = callerOf(req);
      const params = parseListParams(def.schema, def.meta, shape, { ...req.query, pageNum: 1, pageSize: -1 });
      const { dataList } = await r.list(caller, { ...params, allCap: EXPORT_ROW_CAP });
      // written in a pool thread (excel/workbookTask.ts): a 10 000-row sheet no longer stalls other requests
      const content = await drawWorkbook({
        sheets: [
          { kind: 'table', name: def.meta.title, columns: await schemaColumns(db, def.schema), records: dataList },
        ],
      });
      const url = await putFile(db, caller, {
        fileName: stampedName(def.meta.title, 'xlsx'),
        mime: XLSX_MIME,
        content,
      });
      return ok(url, '导出表格成功');
    },
  );

  api.get(`${base}/:id`, { schema: { params: idParams }, config: { writes: false } }, async (req) => {
    return ok(await r.get(callerOf(req), req.params.id));
  });

  // Personal rows (one's inbox, one's feedback) are the caller's own, like the account: an ended trial keeps them.
  const own = { writes: true, ...(def.meta.personal ? { trialAllowed: true } : {}) };

  app.post<{ Body: Record<string, unknown> }>(
    `${base}/`,
    { schema: { body: createBodySchema(def.schema) }, config: own },
    async (req) => {
      return ok(await r.create(callerOf(req), req.body), MESSAGES.saved);
    },
  );

  // One's own record (x-resource.self, account settings): open to every role, and a body that leaves out
  // stored fields (the account page sends only what it shows) is completed from the record before validation.
  const self = def.meta.self;
  const completeOwn = async (req: FastifyRequest) => {
    const body = req.body as Record<string, unknown> | undefined;
    const userId = callerOf(req).userId;
    const own = body?.id === userId;
    if (req.ownRecordOnly && !own) throw new ApiError(403, 0, req.ownRecordOnly); // (guard.ts: account 'self')
    if (!own) return;
    const stored = await r.findRow(db, userId);
    if (stored) req.body = { ...toRecord(def.schema, stored), ...body };
  };
  app.put<{ Body: Record<string, unknown> & { id: number } }>(
    `${base}/`,
    {
      schema: { body: updateBodySchema(def.schema) },
      config: { ...own, ...(self ? { account: 'self' as const } : {}) },
      ...(self ? { preValidation: completeOwn } : {}),
    },
    async (req) => {
      return ok(await r.update(callerOf(req), req.body), MESSAGES.saved);
    },
  );

  api.delete(`${base}/:id`, { schema: { params: idParams }, config: own }, async (req) => {
    await r.remove(callerOf(req), req.params.id);
    return ok(null, MESSAGES.deleted);
  });

  const alias = `${def.name}Ids`;
  app.delete<{ Querystring: Record<string, number[] | undefined> }>(
    `${base}/`,
    { schema: { querystring: idsQuery(alias) }, config: own },
    async (req) => {
      const ids = [...(req.query.ids ?? []), ...(req.query[alias] ?? [])];
      if (!ids.length) throw invalid([{ field: 'ids', errorMsg: '请输入ids' }]);
      const n = await r.removeMany(callerOf(req), ids);
      return ok(n, MESSAGES.deleted);
    },
  );

  // (?projectId= is accepted everywhere and narrows where the resource has it; its other equality filters narrow too)
  const clearQuery = deleteBatchQuery(def.schema);
  app.delete<{ Querystring: Record<string, unknown> }>(
    `${base}/deleteBatch`,
    { schema: { querystring: clearQuery.schema }, config: { writes: true } },
    async (req) => {
      const given = clearQuery.fields.filter((f) => req.query[f] !== undefined && f in def.schema.properties);
      const where: Where | undefined = given.length
        ? (eb) => eb.and(given.map((f) => eb(columnName(f), '=', req.query[f])))
        : undefined;
      const n = await r.clear(callerOf(req), where);
      return ok(n, MESSAGES.cleared);
    },
  );

  // GET P/template and POST P/fileUpload for schemas with x-import columns
  importRoutes(app, db, def);
}
