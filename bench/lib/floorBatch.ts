// The floor of the wizard's batch save (POST stage/produce/batch): the same JSON rows into a bare route that, in
// one transaction on the raw driver, reads their factors in one query (value in kg per row unit, unit, source:
// the copy every saved row keeps), inserts the rows with ONE INSERT … SELECT FROM unnest, recalculates the
// building as /floor/recalc does and answers the building's rows (as read for the recalculation, with their new
// emission: no second read, as ours) and figures — what our route answers, without validation, scope checks,
// hooks or the repository.
import type { FastifyInstance } from 'fastify';
import { recalcBuilding, STAGE_COLUMNS } from './floorStage';
import type { Raw } from './raw';

interface BatchRow {
  projectId: number;
  materialName: string;
  spec?: string;
  unit: string;
  quantity: number;
  factorId?: number;
  density?: number;
  remarks?: string;
}

export function floorBatchRoute(app: FastifyInstance, raw: Raw, opts: { stageTable: string; userId: number }): void {
  app.post<{ Body: BatchRow[] }>('/floor/batch', async (req) => {
    const rows = req.body;
    const projectId = rows[0].projectId;
    return raw.transaction(async (q) => {
      const ids = [...new Set(rows.map((r) => r.factorId).filter((v): v is number => typeof v === 'number'))];
      const found = await q.query<{ id: number; material_co: number; co_unit: string; source: string }>('select id, material_co, co_unit, source from tpf3_build_material where id = any($1)', [ids]);
      const byId = new Map(found.map((f) => {
        const t = /^tCO2/.test(f.co_unit ?? '');
        return [Number(f.id), { value: t ? Number(f.material_co) * 1000 : Number(f.material_co), unit: t ? `kg${f.co_unit.slice(1)}` : f.co_unit, source: f.source ?? '' }];
      }));
      const col = <T>(pick: (r: BatchRow) => T) => rows.map(pick);
      const factor = (r: BatchRow) => (r.factorId === undefined ? undefined : byId.get(r.factorId));
      await q.query(
        `insert into ${opts.stageTable} (${STAGE_COLUMNS.join(', ')})
         select null, $12::int, $1, u.* from unnest($2::text[], $3::text[], $4::text[], $5::float8[], $6::int[], $7::float8[], $8::text[], $9::text[], $10::float8[], $11::text[]) as u`,
        [
          projectId,
          col((r) => r.materialName),
          col((r) => r.spec ?? null),
          col((r) => r.unit),
          col((r) => r.quantity),
          col((r) => r.factorId ?? null),
          col((r) => factor(r)?.value ?? null),
          col((r) => factor(r)?.unit ?? null),
          col((r) => factor(r)?.source ?? null),
          col((r) => r.density ?? null),
          col((r) => r.remarks ?? null),
          opts.userId,
        ],
      );
      const { answer, stored } = await recalcBuilding(q, opts.stageTable, projectId);
      const { data } = answer;
      const [building] = await q.query('select * from tpf3_project where id = $1', [projectId]);
      return { code: 1, message: 'ok', data: { rows: stored, result: building, stage: data, saved: rows.length } };
    });
  });
}
