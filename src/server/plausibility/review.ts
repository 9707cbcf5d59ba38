// 合理性检查 of a calculated building: owns reading what src/calc/plausibility.ts needs — the
// 参考值库 lines the building's tenant reads (system lines and its own), the library category (小类) and name of
// each factor its 建材生产 rows use, its intensities as just calculated — in the calculation's transaction. The
// review is stored with the result (resultDetail.plausibility) and its flags are 提示 of the calculate answer;
// it never changes a figure.
import { stageOfRole } from '../../../schemas/stageMeta';
import { buildingFigures } from '../../calc/decide/reference';
import type { BuildingResult } from '../../calc/building';
import { reviewPlausibility, type MaterialRow, type PlausibilityReview, type RangeLine } from '../../calc/plausibility';
import type { Executor } from '../db/database';
import { columnName } from '../db/naming';
import { toRecord, type ApiRecord, type Row } from '../db/record';
import { resourceDef } from '../db/registry';

interface StageRows {
  schema: { 'x-stage'?: { code: string } };
  rows: Record<string, unknown>[];
}

const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/** The 参考值库 lines readable in the building's tenant. */
async function rangeLines(ex: Executor, tenantId: unknown): Promise<RangeLine[]> {
  const def = resourceDef('tpf3Benchmark');
  let q = ex.selectFrom(def.table).selectAll();
  q =
    typeof tenantId === 'number'
      ? q.where((w) => w.or([w('tenant_id', 'is', null), w('tenant_id', '=', tenantId)]))
      : q.where('tenant_id', 'is', null);
  const rows = (await q.orderBy('id').execute()) as Row[];
  return rows.map((r) => {
    const l = toRecord(def.schema, r);
    return {
      id: l.id,
      metric: String(l.metric ?? ''),
      name: String(l.name ?? ''),
      buildType: String(l.buildType ?? ''),
      value: num(l.value),
      low: num(l.low),
      high: num(l.high),
      unit: String(l.unit ?? ''),
      verification: String(l.verification ?? ''),
      source: String(l.source ?? ''),
    };
  });
}

/** 小类 and name of each library factor the rows use (one query). */
async function categories(
  ex: Executor,
  rows: Record<string, unknown>[],
): Promise<Map<number, { category: string; name: string }>> {
  const ids = [...new Set(rows.map((r) => r.factorId).filter((v): v is number => typeof v === 'number'))];
  if (!ids.length) return new Map();
  const found = await ex
    .selectFrom(resourceDef('tpf3BuildMaterial').table)
    .select(['id', columnName('smallType'), 'name'])
    .where('id', 'in', ids)
    .execute();
  return new Map(
    found.map((f) => [
      Number(f.id),
      { category: String(f[columnName('smallType')] ?? ''), name: String(f.name ?? '') },
    ]),
  );
}

/** The review of `building` just calculated as `result` from `inputs` (its wizard stages with their rows). */
export async function plausibilityOf(
  ex: Executor,
  building: ApiRecord,
  inputs: StageRows[],
  result: BuildingResult,
): Promise<PlausibilityReview> {
  const materialStage = stageOfRole('materials');
  const produce = inputs.find((s) => s.schema['x-stage']?.code === materialStage)?.rows ?? [];
  const cats = await categories(ex, produce);
  // (each row's emission as just calculated: the review names the material that drives an intensity)
  const emissions = new Map(
    (result.stages.find((s) => s.code === materialStage)?.rows ?? []).map((r) => [r.id, r.emission]),
  );
  const materials: MaterialRow[] = produce.map((r) => {
    const c = typeof r.factorId === 'number' ? cats.get(r.factorId) : undefined;
    return {
      id: Number(r.id),
      materialName: r.materialName,
      unit: r.unit,
      quantity: r.quantity,
      density: r.density,
      densityUnit: r.densityUnit,
      emission: emissions.get(Number(r.id)) ?? null,
      category: c?.category ?? null,
      libraryName: c?.name ?? null,
    };
  });
  const basis = (result as { basis?: { area?: number } }).basis;
  const calculated = {
    ...building,
    ...result.fields,
    total: result.total,
    streng3: result.streng3,
    resultDetail: { basis },
  };
  const own = buildingFigures(calculated, true);
  return reviewPlausibility({
    buildType: String(building.buildType ?? ''),
    intensities: { lifecycle: own.lifecycle, embodied: own.embodied, operation: own.operation },
    area: typeof basis?.area === 'number' ? basis.area : Number(building.buildArea) || 0,
    materials,
    stageRows: Object.fromEntries(result.stages.map((s) => [s.code, s.rows.length])),
    lines: await rangeLines(ex, building.tenantId),
  });
}

/** What calculateAndStore answers: the engine's result and the review stored with it. */
export type CalculatedBuilding = BuildingResult & { plausibility?: PlausibilityReview };
