// Hotspots with substitutes: the ten rows of the live data with the largest emissions (share of the
// positive total, cumulative share), and for each 建材生产 row on a library factor the lower-carbon factors of the
// same type, 小类 and unit and the same kind of product (窗 for 窗, 砖 for 砖: the name's last character) the caller may
// read — never a weaker strength or steel grade (C30 is not replaced by C25).
// The saving assumes the row's emission is proportional to its factor (建材生产: quantity × factor).
import { sql } from 'kysely';
import { splitMenus, wizardStages } from '../../../schemas/standards';
import { topRows } from '../../calc/decide/hotspots';
import { isBaseline, normalizedFactor, factorSource, type LibraryFactor } from '../../calc/factor';
import { stageOfRole } from '../../../schemas/stageMeta';
import { roundTo } from '../../calc/format';
import { gradeFamily, gradeOf, gradeValue } from '../imports/match/names';
import type { Db, Executor } from '../db/database';
import { toRecord, type ApiRecord, type Row } from '../db/record';
import { resourceDef } from '../db/registry';
import { stageDef } from '../stages/calculate';
import type { Hotspot, HotspotAnswer, Substitute, Verification } from '../../calc/decide/types';

/** Substitutes are offered for the rows of the bill of materials. */
export const SUBSTITUTE_STAGE = stageOfRole('materials');
const MAX_SUBSTITUTES = 5;

/** The kind of product a library name ends in — 窗, 砖, 板, 筋 … — its last character outside brackets and specs. */
export function productWord(name: string): string {
  const bare = name
    .replace(/（[^）]*）|\([^)]*\)/g, '')
    .replace(/[\s\d.×*xX/a-zA-Z%~=:：-]+$/, '')
    .trim();
  return [...bare].pop() ?? ''; // '' (a name that is only a code): no restriction
}

/** Every grade of `to` is at least the grade of the same family in `from`. */
export function gradeKept(from: string, to: string): boolean {
  const mine = gradeOf(from);
  return gradeOf(to).every((g) =>
    mine.filter((m) => gradeFamily(m) === gradeFamily(g)).every((m) => gradeValue(g) >= gradeValue(m)),
  );
}

export async function hotspots(db: Db, building: ApiRecord): Promise<HotspotAnswer> {
  const candidates: (Omit<Hotspot, 'share' | 'cumulative' | 'substitutes'> & { factorId: number | null })[] = [];
  let total = 0;
  for (const code of wizardStages(String(building.computeMethod), splitMenus(building.menus as string))) {
    const def = stageDef(code);
    if (!def || !('emission' in def.schema.properties)) continue;
    const sum = await sql<{
      s: number | null;
    }>`select sum(emission) as s from ${sql.table(def.table)} where project_id = ${building.id} and emission > 0`.execute(
      db,
    );
    total += Number(sum.rows[0]?.s ?? 0);
    const rows = (await db
      .selectFrom(def.table)
      .selectAll()
      .where('project_id', '=', building.id)
      .where('emission', '>', 0)
      .orderBy('emission', 'desc')
      .limit(10)
      .execute()) as Row[];
    for (const r of rows.map((x) => toRecord(def.schema, x))) {
      candidates.push({
        stage: code,
        stageTitle: def.schema['x-stage']!.title,
        rowId: r.id,
        label: String(r.materialName ?? r.name ?? `#${r.id}`),
        quantity: r.quantity == null ? null : Number(r.quantity),
        unit: String(r.unit ?? ''),
        factorName: null,
        factorValue: r.factorValue == null ? null : Number(r.factorValue),
        factorUnit: r.factorUnit == null ? null : String(r.factorUnit),
        emission: roundTo(Number(r.emission), 4),
        factorId: typeof r.factorId === 'number' ? r.factorId : null,
      });
    }
  }
  const top = topRows(candidates, 10, total);
  const library = await libraryRows(
    db,
    top.rows.map((r) => r.factorId).filter((x): x is number => x !== null),
  );
  const rows = [];
  for (const r of top.rows) {
    const { factorId, ...rest } = r;
    const own = factorId === null ? undefined : library.get(factorId);
    const substitutes = r.stage === SUBSTITUTE_STAGE && own ? await substitutesFor(db, building, r, own) : [];
    rows.push({ ...rest, factorName: own ? String(own.name) : null, substitutes });
  }
  const notes = [
    '占比为各行碳排放占全部正排放（不含碳汇与可再生能源抵减）的百分比。',
    '替代建议仅比较建材生产阶段的同类型、同小类、同单位、同一产品（名称末字相同，如窗、砖、板）的因子，且不低于原材料的强度等级；可减排量按用量 × 因子差值计算，未计入运输距离或密度的变化。',
  ];
  return { total: roundTo(total, 4), rows, notes };
}

async function libraryRows(ex: Executor, ids: number[]): Promise<Map<number, ApiRecord>> {
  if (!ids.length) return new Map();
  const def = resourceDef('tpf3BuildMaterial');
  const rows = (await ex
    .selectFrom(def.table)
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute()) as Row[];
  return new Map(rows.map((r) => [Number(r.id), toRecord(def.schema, r)]));
}

/** The substitutes of one row: current library factors, readable in the building's tenant, lower per row unit. */
export async function substitutesFor(
  ex: Executor,
  building: ApiRecord,
  row: { emission: number; factorValue: number | null; label: string },
  own: ApiRecord,
): Promise<Substitute[]> {
  if (!row.factorValue || row.factorValue <= 0) return [];
  const def = resourceDef('tpf3BuildMaterial');
  let q = ex
    .selectFrom(def.table)
    .selectAll()
    .where('type', '=', String(own.type))
    .where('unit', '=', String(own.unit))
    .where('superseded_by', 'is', null)
    .where('id', '<>', own.id)
    .where('material_co', 'is not', null);
  q = own.smallType
    ? q.where('small_type', '=', String(own.smallType))
    : q.where((w) => w.or([w('small_type', 'is', null), w('small_type', '=', '')]));
  q =
    building.tenantId == null
      ? q.where('tenant_id', 'is', null)
      : q.where((w) => w.or([w('tenant_id', 'is', null), w('tenant_id', '=', Number(building.tenantId))]));
  const found = ((await q.execute()) as Row[]).map((r) => toRecord(def.schema, r) as ApiRecord & LibraryFactor);
  const ownName = `${own.name} ${own.spec ?? ''} ${row.label}`;
  const word = productWord(String(own.name));
  return found
    .filter(
      (f) =>
        !isBaseline(f) &&
        (!word || productWord(String(f.name)) === word) &&
        gradeKept(ownName, `${f.name} ${f.spec ?? ''}`),
    )
    .map((f) => ({ f, value: normalizedFactor(f).value, unit: normalizedFactor(f).unit }))
    .filter((x): x is typeof x & { value: number } => x.value != null && x.value < row.factorValue!)
    .map(({ f, value, unit }) => {
      const emission = (row.emission * value) / row.factorValue!;
      const saving = row.emission - emission;
      return {
        factorId: f.id,
        name: String(f.name),
        label: String(f.label || f.name),
        factorValue: value,
        factorUnit: unit,
        source: factorSource(f),
        verification: (f.verification as Verification | undefined) ?? null,
        emission: roundTo(emission, 4),
        saving: roundTo(saving, 4),
        savingPct: roundTo((saving / row.emission) * 100, 2),
      };
    })
    .sort((a, b) => b.saving - a.saving)
    .slice(0, MAX_SUBSTITUTES);
}
