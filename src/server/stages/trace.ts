// GET stage/<code>/trace?projectId&pageNum&pageSize — how a stage figure was made: the stage's
// total, method, notes and warnings as last calculated, and a page of its rows, each with quantity × factor
// (value, unit, source, the library's verification mark, data-quality class) = emission and its trace — the
// formula in words and numbers, its inputs, 默认值 and problems (src/calc explainRow: the same evaluation the
// calculation made). Read scope of the building, like every stage read.
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../auth/guard';
import type { Db } from '../db/database';
import { columnName } from '../db/naming';
import { toRecord, type Row } from '../db/record';
import { repo } from '../db/repo';
import { ok } from '../envelope';
import { resourceDef, type ResourceDef } from '../db/registry';
import { rowQuality } from '../../calc/quality';
import type { ResultDetail } from '../../calc/resultDetail';
import { explainRow, type Row as CalcRow } from '../../calc/stage';
import { QUANTITY_KEYS } from '../../calc/trace';
import { stagePlausibility, type PlausibilityReview } from '../../calc/plausibility';
import { calcContext } from './calculate';
import { rowSource } from './rowSource';
import { typed } from '../http/typed';

const traceQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['projectId'],
  properties: {
    projectId: { type: 'integer', title: '项目', minimum: 1, maximum: 2147483647 },
    pageNum: { type: 'integer', title: '页码', minimum: 1, default: 1 },
    pageSize: { type: 'integer', title: '每页条数', minimum: 1, maximum: 500, default: 50 },
  },
} as const;

export function traceRoute(app: FastifyInstance, db: Db, def: ResourceDef): void {
  const r = typed(app);
  const buildings = repo(db, 'tpf3Project');
  const meta = def.schema['x-stage']!;
  const props = def.schema.properties;
  r.get(
    `/api/tpf/v1/tpf/stage/${meta.code}/trace`,
    { schema: { querystring: traceQuery }, config: { writes: false } },
    async (req) => {
      const { projectId, pageNum, pageSize } = req.query;
      const b = await buildings.get(callerOf(req), projectId);
      const detail = (b.resultDetail ?? {}) as ResultDetail;
      const sd = detail.stages?.[meta.code] ?? {};
      const where = (q: ReturnType<typeof base>) => q.where(columnName('projectId'), '=', b.id);
      const base = () => db.selectFrom(def.table);
      const count = await where(base())
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const rows = (
        (await where(base())
          .selectAll()
          .orderBy('id')
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize)
          .execute()) as Row[]
      ).map((r) => toRecord(def.schema, r));
      const marks = await factorMarks(db, rows);
      const ctx = await calcContext(db, b);
      // other stages' totals a formula reads (demolition by ratio of construction), in kg as the calculation had them
      const totals = Object.fromEntries(
        Object.entries(detail.stages ?? {}).map(([c, s]) => [c, (s.total ?? 0) * 1000]),
      );
      const dataList = rows.map((r) => {
        const trace = explainRow(def.schema, r as CalcRow, ctx, sd.method ?? undefined, totals) ?? null;
        const qk = QUANTITY_KEYS.find(([k]) => k in props && r[k] !== null && r[k] !== undefined);
        return {
          id: r.id,
          name: r.materialName ?? r.name ?? null,
          part: meta.partField ? (r[meta.partField] ?? null) : undefined,
          method: r.method ?? null,
          energy: r.energy ?? null,
          quantity: qk ? r[qk[0]] : null,
          quantityUnit: qk ? (qk[1] ?? r.unit ?? '') : (r.unit ?? ''),
          factorValue: r.factorValue ?? null,
          factorUnit: r.factorUnit ?? null,
          factorSource: r.factorSource ?? null,
          verification: typeof r.factorId === 'number' ? (marks.get(r.factorId) ?? null) : null,
          // the class the calculation used: the row's, else the grid factor's for a row on it, else 估算
          quality: trace
            ? rowQuality(
                r,
                trace.defaults.some((d) => d.field === 'factorValue'),
                ctx.gridQuality,
              )
            : (r.quality ?? null),
          qualityRef: r.qualityRef ?? null,
          // an imported row: the file and rows (and conversion) its quantity came from
          source: rowSource(r),
          emission: r.emission ?? null,
          trace,
        };
      });
      const method = sd.method ?? null;
      return ok({
        code: meta.code,
        title: meta.title,
        method,
        methodLabel: meta.methods?.find((m) => m.value === method)?.label ?? null,
        total: sd.total ?? null,
        notes: sd.notes ?? [],
        warnings: sd.warnings ?? [],
        defaults: sd.defaults ?? 0,
        quality: sd.quality ?? null,
        outsideBoundary: sd.outsideBoundary ?? null,
        // 合理性检查: the flags of the figures this stage adds to, and how its material figures were found
        plausibility: stagePlausibility((detail as { plausibility?: PlausibilityReview }).plausibility, meta.code),
        ...(meta.partField ? { parts: detail.parts ?? {} } : {}),
        rows: { total: Number(count.n), dataList },
      });
    },
  );
}

/** The library's verification mark of each factor the rows use (one query). */
async function factorMarks(db: Db, rows: Record<string, unknown>[]): Promise<Map<number, string | null>> {
  const ids = [...new Set(rows.map((r) => r.factorId).filter((v): v is number => typeof v === 'number'))];
  if (!ids.length) return new Map();
  const found = await db
    .selectFrom(resourceDef('tpf3BuildMaterial').table)
    .select(['id', 'verification'])
    .where('id', 'in', ids)
    .execute();
  return new Map(found.map((f) => [Number(f.id), (f.verification as string | null) ?? null]));
}
