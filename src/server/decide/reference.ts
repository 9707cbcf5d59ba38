// Reference lines of a building: its own intensities, the GB 55015-2021 check against the reference
// building's operation figure the user entered, the published lines of 参考值库 that apply to its type, and its
// percentile among the tenant's completed buildings of the same type and module (an aggregate: no other building
// is named or shown).
import {
  buildingFigures,
  diffPct,
  exactOperation,
  gb55015Check,
  lineApplies,
  percentileOf,
} from '../../calc/decide/reference';
import { basisOf, intensityNotes } from '../../calc/intensity';
import { BENCHMARK_METRICS } from '../../../schemas/factors/tpf3Benchmark';
import { VERIFICATION_LABELS } from '../../../schemas/factors/verification';
import type { Caller } from '../db/caller';
import type { Db, Executor } from '../db/database';
import type { ApiRecord } from '../db/record';
import { repo } from '../db/repo';
import { invalid } from '../errors';
import { resourceDef } from '../db/registry';
import type { Metric, ReferenceAnswer, Verification } from '../../calc/decide/types';
import type { PlausibilityReview } from '../../calc/plausibility';
import { writable } from './variants';
import { currentRevision } from '../buildings/revisions';

const METRIC_LABELS = Object.fromEntries(BENCHMARK_METRICS.map(([v, l]) => [v, l])) as Record<Metric, string>;
export const REF_OPERATION_MSG = '基准建筑运行碳排放强度应为 0–10000 之间的数';

export const isCalculated = (b: ApiRecord) => b.total != null;

export async function referenceAnswer(db: Db, caller: Caller, building: ApiRecord): Promise<ReferenceAnswer> {
  const calculated = isCalculated(building);
  const own = buildingFigures(building, calculated);
  const basis = basisOf(building);
  const lines = await repo(db, 'tpf3Benchmark').list(caller, {
    pageNum: 1,
    pageSize: -1,
    sortField: 'id',
    sortOrder: 'ascend',
    filters: [],
  });
  const buildType = String(building.buildType ?? '');
  // a material line (混凝土 m³/m², 钢材 kg/m²) reads the figure 合理性检查 stored with the result
  const review = (building.resultDetail as { plausibility?: Pick<PlausibilityReview, 'figures'> } | null | undefined)
    ?.plausibility;
  const figureOf = (m: string): number | null =>
    (own as Record<string, number | null>)[m] ?? review?.figures.find((f) => f.metric === m)?.value ?? null;
  const published = (lines.dataList as ApiRecord[])
    .filter((l) => lineApplies(String(l.buildType ?? ''), buildType))
    .map((l) => {
      const metric = l.metric as Metric;
      const value = l.value == null ? null : Number(l.value);
      return {
        id: l.id,
        metric,
        metricLabel: METRIC_LABELS[metric] ?? metric,
        name: String(l.name),
        buildType: String(l.buildType),
        region: String(l.region ?? ''),
        dataYear: String(l.dataYear ?? ''),
        value,
        low: l.low == null ? null : Number(l.low),
        high: l.high == null ? null : Number(l.high),
        unit: String(l.unit ?? ''),
        verification: l.verification as Verification,
        verificationLabel: VERIFICATION_LABELS[l.verification as Verification] ?? String(l.verification),
        source: String(l.source ?? ''),
        remarks: String(l.remarks ?? ''),
        buildingValue: figureOf(metric),
        diffPct: diffPct(figureOf(metric), value),
      };
    })
    .sort(
      (a, b) =>
        BENCHMARK_METRICS.findIndex(([m]) => m === a.metric) - BENCHMARK_METRICS.findIndex(([m]) => m === b.metric) ||
        a.id - b.id,
    );
  return {
    building: {
      id: building.id,
      name: String(building.name),
      module: building.computeMethod as ReferenceAnswer['building']['module'],
      buildType,
      area: basis.area,
      years: basis.designYears,
      operationYears: basis.operationYears,
      notes: intensityNotes(basis, String(building.computeMethod)),
      calculated,
      total: calculated ? Number(building.total) : null,
      ...own,
    },
    gb55015: gb55015Check(
      building.refOperation == null ? null : Number(building.refOperation),
      exactOperation(building, calculated),
    ),
    published,
    percentile: percentileOf(own.lifecycle, calculated ? await peerIntensities(db, building) : []),
  };
}

/**
 * Every intensity of the tenant's completed, calculated buildings of the building's type and module (its own included),
 * each building by its current revision.
 */
async function peerIntensities(ex: Executor, b: ApiRecord): Promise<number[]> {
  const t = resourceDef('tpf3Project').table;
  let q = ex
    .selectFrom(t)
    .select(['id', 'streng3'])
    .where('build_type', '=', String(b.buildType))
    .where('compute_method', '=', String(b.computeMethod))
    .where('streng3', 'is not', null);
  q = b.tenantId == null ? q.where('tenant_id', 'is', null) : q.where('tenant_id', '=', Number(b.tenantId));
  const rows = await q
    .where((w) => w.or([w('status', '=', '1'), w('id', '=', b.id)]))
    .where((w) => w.or([currentRevision(b.tenantId == null ? null : Number(b.tenantId))(w), w('id', '=', b.id)]))
    .execute();
  return rows.map((r) => Number(r.streng3));
}

export async function setRefOperation(db: Db, caller: Caller, projectId: number, value: unknown): Promise<void> {
  const v = value === null || value === '' ? null : Number(value);
  if (v !== null && !(Number.isFinite(v) && v >= 0 && v <= 10000))
    throw invalid([{ field: 'refOperation', errorMsg: REF_OPERATION_MSG }]);
  await db.transaction().execute(async (trx) => {
    await writable(db, caller, projectId, trx);
    await trx
      .updateTable(resourceDef('tpf3Project').table)
      .set({ ref_operation: v })
      .where('id', '=', projectId)
      .execute();
  });
}
