// What the reports (PDF, Word) and the building workbook read of a building's stages: each wizard stage's rows
// (read scope of the caller), its part of resultDetail, and its figure — the STORED result field (tCO2e, as
// the result page shows it), so every file shows the same number rounded once. Only where two
// stages share one result field (建筑拆除 and 建筑改造拆除 both add to `remove`) does a stage show its own
// detail total, rounded to the stored 4 decimals.
import { menuTitle, OUTSIDE_BOUNDARY, splitMenus, wizardStages, type StandardCode } from '../../../schemas/standards';
import type { Caller } from '../db/caller';
import type { Db } from '../db/database';
import { columnName } from '../db/naming';
import { toRecord, type ApiRecord, type Row } from '../db/record';
import { readScope } from '../db/scope';
import type { ResourceDef } from '../db/registry';
import { stageDef } from '../stages/calculate';
import { roundTo } from '../../calc/format';
import type { ResultDetail, StageDetail } from '../../calc/resultDetail';

export type { ResultDetail, StageDetail };

export interface StageData {
  code: string;
  title: string;
  def: ResourceDef;
  rows: ApiRecord[];
  detail: StageDetail;
  /** the stage's calculation method label, when the stage has methods and was calculated */
  method: string | null;
  /** whether rows carry an emission (stages such as 核算信息补充 do not) */
  emits: boolean;
  /** tCO2e as stored; null for stages without emissions */
  figure: number | null;
  /** '不在 GB/T 51366-2019 计算边界内' for a stage outside the building's standard's boundary */
  outsideBoundary: string | null;
}

export const resultDetailOf = (b: ApiRecord): ResultDetail => (b.resultDetail ?? {}) as ResultDetail;

const resultField = (def: ResourceDef) => (def.schema['x-stage'] as { result?: string } | undefined)?.result;

export async function buildingStages(db: Db, caller: Caller, b: ApiRecord): Promise<StageData[]> {
  const module = String(b.computeMethod);
  const detail = resultDetailOf(b);
  const defs = wizardStages(module, splitMenus(b.menus as string))
    .map((code) => [code, stageDef(code)] as const)
    .filter((x): x is readonly [string, ResourceDef] => !!x[1]);
  const fieldUse = new Map<string, number>();
  for (const [, def] of defs) {
    const f = resultField(def);
    if (f) fieldUse.set(f, (fieldUse.get(f) ?? 0) + 1);
  }
  const outside = OUTSIDE_BOUNDARY[b.standard as StandardCode] ?? {};
  const out: StageData[] = [];
  for (const [code, def] of defs) {
    let q = db.selectFrom(def.table).selectAll().where(columnName('projectId'), '=', b.id);
    const scope = readScope(def.meta, caller);
    if (scope) q = q.where(scope);
    const rows = ((await q.orderBy('id').execute()) as Row[]).map((r) => toRecord(def.schema, r));
    const sd = detail.stages?.[code] ?? {};
    const emits = 'emission' in def.schema.properties;
    const field = resultField(def);
    const methods = (def.schema['x-stage'] as { methods?: { value: string; label: string }[] } | undefined)?.methods;
    let figure: number | null = null;
    if (emits) {
      if (field && fieldUse.get(field) === 1 && b[field] !== null && b[field] !== undefined) figure = Number(b[field]);
      else if (typeof sd.total === 'number') figure = roundTo(sd.total, 4);
      else figure = roundTo(rows.reduce((a, r) => a + (Number(r.emission) || 0), 0) / 1000, 4);
    }
    // the stored mark, or — for a result stored before the mark existed — the standard's boundary itself
    const boundary = sd.outsideBoundary ?? (rows.length ? outside[code] : undefined) ?? null;
    out.push({
      code,
      title: menuTitle(module, code) ?? def.schema.title ?? code,
      def,
      rows,
      detail: sd,
      method: sd.method ? (methods?.find((m) => m.value === sd.method)?.label ?? sd.method) : null,
      emits,
      figure,
      outsideBoundary: boundary,
    });
  }
  return out;
}
