// Importing a model: every confirmed mapping is checked (the IFC material is in the model, the
// factor a current 建材 of the caller's library, its unit can take the material's quantities — else refused
// naming the material), the quantities are summed per library material into 建材生产 rows (and 建材运输 rows,
// distance left to the material's default, when the building has the transport stage), all in one
// transaction with the recalculation: the rows and the new result, or nothing. `replace` first deletes only the
// rows an earlier model import made. The mappings are remembered for the tenant. An import touching
// materials with open problems of the plausibility review needs `confirmProblems` (else 400 naming them). Each row
// records how much of its quantity came from IFC quantity sets and how much from the geometry (bimSource, remarks)
// and is 估算 when the geometry's share is the larger (over 50 %); a density the user confirmed for a volume-only
// material is used and recorded with its source, and saved with the mapping: a mapping sent without one takes the
// density saved for its material before (unless the model declares the material's own).
import { stageOfRole } from '../../../schemas/stageMeta';
import { splitMenus } from '../../../schemas/standards';
import type { ImportAnswer, ImportRequest } from '../../../schemas/bim';
import type { FieldError } from '../../../schemas/validation';
import type { Caller } from '../db/caller';
import type { Db } from '../db/database';
import type { ApiRecord } from '../db/record';
import { columnName } from '../db/naming';
import { writableBuilding } from '../buildings/writable';
import { repo, RowsInvalid } from '../db/repo';
import { badRequest, invalid } from '../errors';
import type { Progress } from '../jobs/index';
import { calculateAndStore, resultWarnings, stageDef, upkeepAfter } from '../stages/calculate';
import { libraryMaterials, type LibraryMaterial } from '../imports/library';
import { type MaterialTotal, PROBLEM_TEXT, type ProblemKind, REVIEW_KINDS } from './model';
import { BASIS_TEXT, quantityFor, type Basis } from './quantities';
import { unitKind, type Density } from '../imports/units';
import { findModel, type StoredModel } from './store';
import { mappingKey, type SavedChoice, savedChoices, saveMappings } from '../imports/mappings';
import { truckFactor } from '../imports/truck';
import { bulkFor, mappingDensity } from './suggestions';
import { BIM_MESSAGES } from './upload';

export const MODEL_GONE = '模型不存在或已过期，请重新上传';
/** The transport mode of generated 建材运输 rows when the building has none yet (GB/T 51366 附录E). */

interface RowPlan {
  factor: LibraryMaterial;
  quantity: number;
  elements: number;
  globalIds: string[];
  ifcMaterials: string[];
  fromGeometry: number;
  /** the part of `quantity` (factor unit) measured on the geometry rather than read from quantity sets */
  geometryQuantity: number;
  basis: Set<Basis>;
  /** densities used for volume × density: the IFC material, t/m³ and where it came from */
  densities: { ifcMaterial: string; density: number; source: string }[];
}

/**
 * The share of a material's quantity measured on the geometry: its geometry volume over its volume where the
 * quantity is a volume (or a volume × density); area, weight and counts come from quantity sets. A model stored
 * before the geometry volume was kept falls back to the share of its elements.
 */
function geometryShare(m: MaterialTotal, basis: Basis): number {
  if ((basis !== 'volume' && basis !== 'volumeByDensity') || !(m.volume > 0)) return 0;
  const share =
    m.geometryVolume !== undefined ? m.geometryVolume / m.volume : m.elements ? m.fromGeometry / m.elements : 0;
  return Math.min(1, Math.max(0, share));
}

/** '数量来自IFC数量集 97%，几何计算 3%' — whole percents, a share that is not nothing never shown as 0 % or 100 %. */
export function shareText(geometry: number): string {
  const g = geometry <= 0 ? 0 : geometry >= 1 ? 100 : Math.min(99, Math.max(1, Math.round(geometry * 100)));
  return g === 0
    ? '数量来自IFC数量集 100%'
    : g === 100
      ? '数量来自几何计算 100%'
      : `数量来自IFC数量集 ${100 - g}%，几何计算 ${g}%`;
}

type Confirmed = { ifcMaterial: string; factorId: number; density: Density | null };

/**
 * The mappings as rows per library material, and the mappings to remember (each with the density it used, when
 * the user confirmed one); any mapping that cannot be imported → 400 naming its material.
 */
function plan(
  model: StoredModel,
  input: ImportRequest,
  library: Map<number, LibraryMaterial>,
  saved: Map<string, SavedChoice>,
): { rows: RowPlan[]; confirmed: Confirmed[] } {
  const byName = new Map<string, MaterialTotal>(model.materials.map((m) => [m.name, m]));
  const errors: FieldError[] = [];
  const rows = new Map<number, RowPlan>();
  const seen = new Set<string>();
  const confirmed: Confirmed[] = [];
  for (const [i, m] of input.mappings.entries()) {
    const field = `mappings[${i}]`;
    const material = byName.get(m.ifcMaterial);
    const factor = library.get(m.factorId);
    if (!material) errors.push({ field, errorMsg: `模型中没有材料「${m.ifcMaterial}」` });
    else if (seen.has(m.ifcMaterial)) errors.push({ field, errorMsg: `材料「${m.ifcMaterial}」重复映射` });
    else if (!factor)
      errors.push({ field, errorMsg: `「${m.ifcMaterial}」对应的因子库材料不存在、不是建材或已有新版本` });
    else {
      const before = material.density ? null : saved.get(mappingKey(material.name))?.density;
      const density = mappingDensity(material.name, m.density, before);
      const fit = quantityFor(material, factor.unit, bulkFor(material.name, factor), density);
      if ('error' in fit) errors.push({ field, errorMsg: fit.error });
      else {
        const used = density && fit.basis === 'volumeByDensity' ? density : null;
        confirmed.push({ ifcMaterial: m.ifcMaterial, factorId: m.factorId, density: used });
        const r = rows.get(factor.id) ?? {
          factor,
          quantity: 0,
          elements: 0,
          globalIds: [],
          ifcMaterials: [],
          fromGeometry: 0,
          geometryQuantity: 0,
          basis: new Set<Basis>(),
          densities: [],
        };
        r.quantity += fit.quantity;
        r.geometryQuantity += fit.quantity * geometryShare(material, fit.basis);
        if (fit.density !== undefined)
          r.densities.push({
            ifcMaterial: material.name,
            density: fit.density,
            source: used && used === before ? `已保存的映射：${used.source}` : (fit.densitySource ?? ''),
          });
        r.elements += material.elements;
        r.globalIds.push(...material.globalIds);
        r.ifcMaterials.push(material.name);
        r.fromGeometry += material.fromGeometry;
        r.basis.add(fit.basis);
        rows.set(factor.id, r);
      }
    }
    seen.add(m.ifcMaterial);
  }
  if (errors.length) throw invalid(errors, errors[0].errorMsg);
  return { rows: [...rows.values()], confirmed };
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

/** The review problems of the mapped materials, as '面状构件，无法计算体积 3 个、…' (empty: none). */
export function openProblems(model: StoredModel, mapped: Set<string>): { count: number; text: string } {
  const by = new Map<ProblemKind, number>();
  for (const p of model.problems)
    if (REVIEW_KINDS.includes(p.kind) && (p.materials ?? []).some((m) => mapped.has(m)))
      by.set(p.kind, (by.get(p.kind) ?? 0) + 1);
  const count = [...by.values()].reduce((a, b) => a + b, 0);
  return { count, text: [...by].map(([k, n]) => `${PROBLEM_TEXT[k]} ${n} 个`).join('、') };
}

export const UNCONFIRMED = (o: { count: number; text: string }) =>
  `所选材料有 ${o.count} 个待确认的问题（${o.text}），请核对预检报告的问题清单后确认导入`;
export const CONFIRMED = (o: { count: number; text: string }) =>
  `已确认导入有问题的构件：${o.text}，请核对建材生产数据`;

export async function importModel(
  db: Db,
  caller: Caller,
  input: ImportRequest,
  progress: Progress,
  log: (err: unknown) => void,
): Promise<ImportAnswer<ApiRecord>> {
  // (a building the caller may not change, or a frozen one, is told before its model is unpacked)
  await db.transaction().execute((trx) => writableBuilding(db, caller, input.projectId, trx));
  const model = await findModel(db, caller, input.jobId);
  if (!model || model.projectId !== input.projectId) throw badRequest(MODEL_GONE);
  const open = openProblems(model, new Set(input.mappings.map((m) => m.ifcMaterial)));
  if (open.count && !input.confirmProblems) throw badRequest(UNCONFIRMED(open));
  const buildings = repo(db, 'tpf3Project');
  // the model's materials go to the bill of materials, their transport beside it (stages by role: schemas/stageMeta.ts)
  const produce = repo(db, stageDef(stageOfRole('materials')!)!.name);
  const trans = repo(db, stageDef(stageOfRole('transport')!)!.name);
  const answer = await db.transaction().execute(async (trx) => {
    const building = await writableBuilding(db, caller, input.projectId, trx);
    if (building.computeMethod === 'estimate') throw badRequest(BIM_MESSAGES.estimate);
    const library = await libraryMaterials(trx, caller, [...new Set(input.mappings.map((m) => m.factorId))]);
    const keys = [...new Set(input.mappings.map((m) => mappingKey(m.ifcMaterial)))];
    const saved = await savedChoices(trx, caller, keys);
    const { rows, confirmed } = plan(model, input, library, saved);
    const withTransport = splitMenus(building.menus as string).includes(trans.def.schema['x-stage']!.code);
    const warnings: string[] = open.count ? [CONFIRMED(open)] : [];
    if (input.mode === 'replace') {
      for (const def of [produce.def, trans.def])
        await trx
          .deleteFrom(def.table)
          .where(columnName('projectId'), '=', input.projectId)
          .where(columnName('bimSource'), 'is not', null)
          .execute();
    }
    const truck = withTransport && rows.length ? await truckFactor(trx, input.projectId) : undefined;
    if (withTransport && rows.length)
      warnings.push(
        truck
          ? `建材运输按「${truck.name}」生成，运输距离取材料默认值，请核对`
          : '因子库中没有默认运输方式，建材运输请手动补充',
      );
    const importedAt = new Date().toISOString();
    const made = { materials: [] as Record<string, unknown>[], transport: [] as Record<string, unknown>[] };
    // (the source is x-readonly, never taken from a body: the server's value of each row, by index)
    const sources = { materials: [] as Record<string, unknown>[], transport: [] as Record<string, unknown>[] };
    for (const r of rows) {
      // the geometry's share of the row's quantity, and the quality class by the larger share
      const geometry = r.quantity > 0 ? r.geometryQuantity / r.quantity : 0;
      const shares = shareText(geometry);
      const bimSource = {
        fileName: model.fileName,
        modelId: model.id,
        elements: r.elements,
        globalIds: r.globalIds,
        ifcMaterials: r.ifcMaterials,
        fromGeometry: r.fromGeometry,
        quantityShares: { quantitySet: round4(1 - geometry), geometry: round4(geometry), text: shares },
        basis: [...r.basis].map((b) => BASIS_TEXT[b]),
        densities: r.densities,
        importedAt,
      };
      const remarks =
        `BIM模型 ${model.fileName}${geometry > 0 ? `（${shares}）` : ''}：${r.ifcMaterials.join('、')}`.slice(0, 200);
      const quantity = round4(r.quantity);
      // (each body a literal, not spread from a shared base: spread objects get a map each in V8, and every later
      // step — the factor copy, the rules, the calculation — would then meet thousands of distinct shapes)
      const material: Record<string, unknown> = {
        projectId: input.projectId,
        materialName: r.factor.name,
        unit: r.factor.unit,
        quantity,
        remarks,
        spec: r.factor.spec ?? undefined,
        factorId: r.factor.id,
      };
      // (a volume measured on the geometry is an estimate of the designed quantity: a row mostly so is 估算 and says
      // by how much; one mostly from quantity sets keeps the factor's class, its share in the remarks)
      if (geometry > 0.5) {
        material.quality = 'estimate';
        material.qualityRef =
          `BIM几何估算体积（${r.fromGeometry}/${r.elements} 个构件${geometry < 1 ? `，${shares}` : ''}）`.slice(0, 100);
      }
      made.materials.push(material);
      sources.materials.push({ bimSource });
      // (transport needs the mass: a row in t or kg, or a material with a density)
      const mass = unitKind(r.factor.unit)?.kind === 'mass' || r.factor.density != null;
      if (truck && !mass) warnings.push(`「${r.factor.name}」缺少密度，未生成建材运输数据`);
      if (truck && mass) {
        made.transport.push({
          projectId: input.projectId,
          materialName: r.factor.name,
          unit: r.factor.unit,
          quantity,
          remarks,
          materialId: r.factor.id,
          factorId: truck.id,
        });
        sources.transport.push({ bimSource });
      }
    }
    // each stage's rows checked as one set (a refused row answers as a save of that row would: its fields), then
    // calculated with the stored rows and inserted once with their figures
    const adding = new Map<string, Record<string, unknown>[]>();
    for (const [stage, r] of [
      ['materials', produce],
      ['transport', trans],
    ] as const) {
      if (!made[stage].length) continue;
      const checked = await r.prepareMany(caller, made[stage], trx, sources[stage]).catch((err) => {
        throw err instanceof RowsInvalid ? invalid(err.first().errors) : err;
      });
      adding.set(r.def.name, checked);
    }
    if (rows.length) progress(rows.length, rows.length);
    const transRows = made.transport.length;
    await saveMappings(trx, caller, confirmed);
    const stored = await buildings.get(caller, input.projectId, trx);
    const result = await calculateAndStore(trx, stored, { adding });
    return {
      calculated: result,
      rows: rows.length,
      transRows,
      warnings: [...warnings, ...resultWarnings(result)],
      result: await buildings.get(caller, input.projectId, trx),
    };
  });
  upkeepAfter(db, answer.calculated, log);
  const mapped = new Set(input.mappings.map((m) => m.ifcMaterial));
  const skipped = model.materials.filter((m) => !mapped.has(m.name)).map((m) => m.name);
  return { rows: answer.rows, transRows: answer.transRows, skipped, warnings: answer.warnings, result: answer.result };
}
