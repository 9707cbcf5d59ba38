// The floor of the wizard's batch save (POST stage/produce/batch): the same JSON rows into a bare route that, in
// one transaction on the raw driver, reads their factors in one query (value in kg per row unit, unit, source:
// the copy every saved row keeps) and the building's stored rows, works out every row's emission in JS, inserts
// the new rows with theirs in ONE INSERT … SELECT FROM unnest … RETURNING *, updates the stored rows whose emission
// changed and the building's figures, and answers the building's rows and figures — what our route answers (it
// too calculates before it inserts), without validation, scope checks, hooks, traces or the repository.
import type { FastifyInstance } from 'fastify';
import { rowEmission, STAGE_COLUMNS, storeBuilding } from './floorStage';
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
      const found = await q.query<{ id: number; material_co: number; co_unit: string; source: string }>(
        'select id, material_co, co_unit, source from tpf3_build_material where id = any($1)',
        [ids],
      );
      const byId = new Map(
        found.map((f) => {
          const t = /^tCO2/.test(f.co_unit ?? '');
          return [
            Number(f.id),
            {
              value: t ? Number(f.material_co) * 1000 : Number(f.material_co),
              unit: t ? `kg${f.co_unit.slice(1)}` : f.co_unit,
              source: f.source ?? '',
            },
          ];
        }),
      );
      const stored = await q.query<{
        id: number;
        quantity: number;
        factor_value: number | null;
        emission: number | null;
      }>(`select * from ${opts.stageTable} where project_id = $1 order by id`, [projectId]);
      const changed = stored.filter((r) => r.emission !== rowEmission(r));
      if (changed.length)
        await q.query(
          `update ${opts.stageTable} s set emission = u.e from unnest($1::int[], $2::float8[]) as u(id, e) where s.id = u.id`,
          [changed.map((r) => r.id), changed.map(rowEmission)],
        );
      const col = <T>(pick: (r: BatchRow) => T) => rows.map(pick);
      const factor = (r: BatchRow) => (r.factorId === undefined ? undefined : byId.get(r.factorId));
      const emissions = rows.map((r) => rowEmission({ quantity: r.quantity, factor_value: factor(r)?.value }));
      const inserted = await q.query(
        `insert into ${opts.stageTable} (${STAGE_COLUMNS.join(', ')}, emission)
         select null, $12::int, $1, u.* from unnest($2::text[], $3::text[], $4::text[], $5::float8[], $6::int[], $7::float8[], $8::text[], $9::text[], $10::float8[], $11::text[], $13::float8[]) as u
         returning *`,
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
          emissions,
        ],
      );
      const all = [...stored.map((r) => ({ ...r, emission: rowEmission(r) })), ...inserted];
      const { data } = await storeBuilding(
        q,
        projectId,
        all.reduce((a, r) => a + Number(r.emission), 0),
        all.length,
      );
      const [building] = await q.query('select * from tpf3_project where id = $1', [projectId]);
      return { code: 1, message: 'ok', data: { rows: all, result: building, stage: data, saved: rows.length } };
    });
  });
}
