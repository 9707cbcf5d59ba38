// The floor of a budget-file import (issue 26): POST /floor/budget (multipart projectId, file) reads the workbook
// with the same SheetJS build as ours, takes the 人材机汇总表's columns at their known places (名称, 规格型号, 单位, 数量
// in columns D–G under the header on row 3), and inserts one 建材生产 row per line with a quantity on the raw driver —
// parse and insert, nothing else: no header search, no classes, no matching, no checks, no recalculation.
import type { FastifyInstance } from 'fastify';
import * as XLSX from '@e965/xlsx';
import type { Raw } from './raw';

export function floorBudgetRoute(app: FastifyInstance, raw: Raw, userId: number): void {
  app.post('/floor/budget', async (req, reply) => {
    let projectId = NaN;
    let count = 0;
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'projectId') projectId = Number(part.value);
        continue;
      }
      const book = XLSX.read(await part.toBuffer(), { type: 'buffer', dense: true, cellFormula: false, cellHTML: false, cellStyles: false, cellText: false });
      const ws = book.Sheets[book.SheetNames.find((n) => n.includes('人材机')) ?? book.SheetNames[0]];
      const data = (ws['!data'] ?? []) as ({ v?: unknown } | undefined)[][];
      const names: string[] = [];
      const specs: string[] = [];
      const units: string[] = [];
      const quantities: number[] = [];
      for (let r = 3; r < data.length; r++) {
        const row = data[r] ?? [];
        const q = Number(String(row[6]?.v ?? '').replace(/,/g, ''));
        const name = row[3]?.v;
        if (!name || !(q > 0)) continue;
        names.push(String(name));
        specs.push(String(row[4]?.v ?? ''));
        units.push(String(row[5]?.v ?? ''));
        quantities.push(q);
      }
      if (!Number.isFinite(projectId)) return reply.status(400).send({ code: 0, message: 'no building' });
      await raw.query(
        `insert into stage_produce (tenant_id, create_by, project_id, material_name, spec, unit, quantity)
         select null, $5::int, $1, u.* from unnest($2::text[], $3::text[], $4::text[], $6::float8[]) as u`,
        [projectId, names, specs, units, userId, quantities],
      );
      count = names.length;
    }
    return { code: 1, message: 'ok', data: { count } };
  });
}
