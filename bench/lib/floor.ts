// The floors: a bare Fastify app (no auth, no envelope plugin, no validation, no repository) whose routes do the
// same work as ours straight on the raw driver — the least a route could do for the same answer.
//   GET  /floor/recalc?projectId=    the building's stage rows, each row's emission in JS (quantity × factor
//                                    value), stored with ONE UPDATE … FROM unnest, the building's fields with one more
//   POST /floor/batch                JSON rows of one building (floorBatch.ts): factors, one insert, the recalc
//   POST /floor/import?insert=unnest|copy   multipart (projectId, file; floorImport.ts): exceljs's streaming reader
//                                    over the upload stream, factor names resolved in one query, one bulk insert in a
//                                    transaction (INSERT … SELECT FROM unnest in 20 000-row statements, or COPY)
//   POST /floor/budget               multipart (projectId, file): a budget workbook read and inserted (floorBudget.ts)
//   GET  /floor/stagePage?projectId=&pageNum=   a page of a building's stage rows, their count and emission sum
//   GET  /floor/list?name=&indexes=0|1   the building list's SQL (page and count of the current revisions, the
//                                    lookups of its decorate: engineering, creator, stale results, superseded);
//                                    indexes=0 turns index and bitmap scans off for the transaction
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { floorBatchRoute } from './floorBatch';
import { floorBudgetRoute } from './floorBudget';
import { floorImportRoute } from './floorImport';
import { recalcBuilding } from './floorStage';
import type { Query, Raw } from './raw';

/** The upload limit of the app (src/server/app.ts UPLOAD_LIMIT, the spec's 6 MB). */
const UPLOAD_LIMIT = 6 * 1024 * 1024;

export interface FloorOptions {
  stageTable: string;
  /** import title → the column it fills */
  titles: Record<string, 'material_name' | 'spec' | 'unit' | 'quantity' | 'factor_name' | 'density' | 'remarks'>;
  factorType: string;
  /** create_by of inserted rows: the admin the app's calls run as */
  userId: number;
}

export function floorApp(raw: Raw, opts: FloorOptions): FastifyInstance {
  const app = Fastify({ logger: false });
  void app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_LIMIT, files: 1, fields: 20 } });

  app.get<{ Querystring: { projectId: string } }>('/floor/recalc', async (req) =>
    raw.transaction(async (q) => (await recalcBuilding(q, opts.stageTable, Number(req.query.projectId))).answer),
  );
  floorBatchRoute(app, raw, opts);
  floorBudgetRoute(app, raw, opts.userId);
  floorImportRoute(app, raw, opts);

  // a page of a building's stage rows, its count and its emission sum, the two statements side by side (as ours)
  app.get<{ Querystring: { projectId: string; pageNum?: string; pageSize?: string } }>(
    '/floor/stagePage',
    async (req) => {
      const size = Number(req.query.pageSize ?? 10);
      const offset = (Number(req.query.pageNum ?? 1) - 1) * size;
      const id = Number(req.query.projectId);
      const [rows, [counted]] = await Promise.all([
        raw.query(`select * from "${opts.stageTable}" where "project_id" = $1 order by "id" asc limit $2 offset $3`, [
          id,
          size,
          offset,
        ]),
        raw.query<{ total: number; emission: number }>(
          `select count(*)::int as "total", coalesce(sum("emission"), 0)::float8 as "emission" from "${opts.stageTable}" where "project_id" = $1`,
          [id],
        ),
      ]);
      return {
        code: 1,
        message: 'ok',
        data: { dataList: rows, total: counted.total, sums: { emission: counted.emission } },
      };
    },
  );

  app.get<{ Querystring: { name?: string; indexes?: string; pageNum?: string; pageSize?: string } }>(
    '/floor/list',
    async (req) => {
      const name = req.query.name;
      const size = Number(req.query.pageSize ?? 10);
      const offset = (Number(req.query.pageNum ?? 1) - 1) * size;
      const like = name ? `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const run = async (q: Query) => {
        // each building once, by its current revision (no later revision made of it)
        const current = 'not exists (select 1 from "tpf3_project" s where s."revision_of" = p."id")';
        const where = like ? `where "name" ilike $1 and ${current}` : `where ${current}`;
        const p = like ? [like] : [];
        const n = p.length;
        const rows = await q.query<{ id: number; engineering_id: number; create_by: number; review_state: string }>(
          `select * from "tpf3_project" p ${where} order by "create_date" desc, "id" desc limit $${n + 1} offset $${n + 2}`,
          [...p, size, offset],
        );
        const [{ total }] = await q.query<{ total: number }>(
          `select count(*)::int as "total" from "tpf3_project" p ${where}`,
          p,
        );
        const engs = [...new Set(rows.map((r) => r.engineering_id))];
        const users = [...new Set(rows.map((r) => r.create_by))];
        const approved = rows.filter((r) => r.review_state === 'approved').map((r) => r.id);
        await Promise.all([
          engs.length &&
            q.query('select "id", "name", "code", "build_area" from "tpf3_engineering" where "id" = any($1)', [engs]),
          users.length && q.query('select "id", "name" from "sys_user" where "id" = any($1)', [users]),
          // which results are older than their rows: a later audit entry of the building than the one it was calculated
          // after, looked up per building in its (project_id, id) index as ours is, so neither is timed with a join or
          // a walk over the whole trail
          q.query(
            `select p."id" from "tpf3_project" p where p."id" = any($1) and p."result_detail" is not null
             and exists (select 1 from "tpf3_audit" a where a."project_id" = p."id" and (a."project_id", a."id") > (p."id", coalesce(p."result_input_id", 0)) and a."resource" <> 'tpf3_variant' offset 0)`,
            [rows.map((r) => r.id)],
          ),
          approved.length &&
            q.query('select "revision_of" from "tpf3_project" where "revision_of" = any($1)', [approved]),
        ]);
        return { code: 1, message: 'ok', data: { dataList: rows, total } };
      };
      if (req.query.indexes === '0') {
        return raw.transaction(async (q) => {
          await q.query('set local enable_indexscan = off');
          await q.query('set local enable_bitmapscan = off');
          return run(q);
        });
      }
      return run(raw);
    },
  );

  return app;
}
