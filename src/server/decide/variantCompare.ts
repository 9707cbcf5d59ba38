// Variants side by side with the pinned baseline: per stage the difference in tCO2e and %, the
// waterfall from the baseline's total to the variant's through each stage's change, and the rows that changed.
import { resultFields } from '../../../schemas/results';
import { rowChanges, stageDiffs, waterfall, pct, type ComparedRow } from '../../calc/decide/compare';
import { formatNumber } from '../../calc/format';
import type { Caller } from '../db/caller';
import type { Db, Executor } from '../db/database';
import type { ApiRecord } from '../db/record';
import { repo } from '../db/repo';
import { resourceDef, resources } from '../db/registry';
import { takeSnapshot, type SnapshotData } from './snapshot';
import type { CompareAnswer, Variant } from '../../calc/decide/types';
import { toVariant, userNames, variantRows, type VariantRow } from './variantStore';

/** '建材生产' for 'produce': the result fields' titles. */
export const FIELD_TITLES: Record<string, string> = Object.fromEntries(resultFields().map((f) => [f.field, f.title]));

const stageTitle = (name: string) => resources.find((r) => r.name === name)?.schema['x-stage']?.title;

/** Every stage row of a snapshot as compared: its name, what identifies its content, its emission (kg). */
function comparedRows(data: SnapshotData, factorNames: Map<number, string>): ComparedRow[] {
  return Object.entries(data).flatMap(([name, rows]) => {
    const title = stageTitle(name);
    if (!title) return [];
    return rows.map((r) => ({
      id: r.id,
      stageTitle: title,
      label: String(r.materialName ?? r.name ?? `#${r.id}`),
      facts: {
        因子:
          typeof r.factorId === 'number'
            ? (factorNames.get(r.factorId) ?? `#${r.factorId}`)
            : r.factorValue == null
              ? ''
              : formatNumber(r.factorValue, 4),
        用量: r.quantity == null ? '' : formatNumber(r.quantity),
        ...(r.distance != null ? { 运输距离: formatNumber(r.distance) } : {}),
      },
      emission: typeof r.emission === 'number' ? r.emission : 0,
    }));
  });
}

async function factorNamesOf(ex: Executor, datas: SnapshotData[]): Promise<Map<number, string>> {
  const ids = [
    ...new Set(
      datas.flatMap((d) =>
        Object.values(d).flatMap((rows) =>
          rows.map((r) => r.factorId).filter((x): x is number => typeof x === 'number'),
        ),
      ),
    ),
  ];
  if (!ids.length) return new Map();
  const rows = await ex
    .selectFrom(resourceDef('tpf3BuildMaterial').table)
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), String(r.name)]));
}

/**
 * The variant's rows: the live ones for the current variant, else its snapshot (with the emissions of its last
 * calculation).
 */
async function rowsOf(ex: Executor, v: VariantRow, building: ApiRecord): Promise<SnapshotData> {
  return v.is_current ? (await takeSnapshot(ex, building)).data : v.data;
}

export async function compareVariants(
  db: Db,
  caller: Caller,
  projectId: number,
  ids?: number[],
): Promise<CompareAnswer | null> {
  const building = await repo(db, 'tpf3Project').get(caller, projectId);
  const all = await variantRows(db, projectId, true);
  const base = all.find((v) => v.is_baseline);
  if (!base) return null;
  const names = await userNames(db, all);
  const chosen = all.filter((v) => v.id !== base.id && (!ids?.length || ids.includes(v.id))).slice(0, 3);
  const baseRows = await rowsOf(db, base, building);
  const datas = [baseRows, ...(await Promise.all(chosen.map((v) => rowsOf(db, v, building))))];
  const factorNames = await factorNamesOf(db, datas);
  const baseline = toVariant(base, building, names);
  const baseCompared = comparedRows(baseRows, factorNames);
  return {
    baseline,
    compared: chosen.map((v, i) =>
      compareOne(baseline, toVariant(v, building, names), baseCompared, comparedRows(datas[i + 1], factorNames)),
    ),
  };
}

function compareOne(baseline: Variant, variant: Variant, baseRows: ComparedRow[], rows: ComparedRow[]) {
  const stages = stageDiffs(baseline.fields, variant.fields, FIELD_TITLES);
  const totalDiff = (variant.total ?? 0) - (baseline.total ?? 0);
  return {
    variant,
    stages,
    totalDiff: Math.round(totalDiff * 1e4) / 1e4,
    totalDiffPct: pct(totalDiff, baseline.total ?? 0),
    waterfall: waterfall(
      baseline.name,
      baseline.total ?? 0,
      stages.map((s) => ({ label: s.title, diff: s.diff })),
      variant.name,
      variant.total ?? 0,
    ),
    changes: rowChanges(baseRows, rows),
  };
}
