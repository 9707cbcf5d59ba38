// Importing a read budget file: every confirmed item is checked (it is in the file, its factor a current one of the
// caller's library of the right type, its quantity converts to the factor's unit — else refused naming the item),
// then materials and equipment become 建材生产 rows in the factor's unit (and 建材运输 rows as the BIM import makes
// them), energy and water 建筑建造 rows by energy, machine shifts 建筑建造 rows by 台班 with the 表C.0.1 row the user
// chose (else the best match) — only the kind the building's 建造 method counts (./buildMethod.ts); all in one
// transaction with the recalculation: the rows and the new result, or nothing. Each row keeps its source (file,
// sheets, rows). `replace` first deletes the rows an earlier import of the same file made. Lines of a family over
// its ceiling per m² of the building (./review.ts, held again on the building's area now) are imported only with
// `confirmProblems`, else 400 naming them.
import { sql } from 'kysely';
import { stageOfRole } from '../../../schemas/stageMeta';
import { splitMenus } from '../../../schemas/standards';
import type { BudgetImportAnswer, BudgetImportRequest } from '../../../schemas/budget';
import type { FieldError } from '../../../schemas/validation';
import type { Caller } from '../db/caller';
import type { Db } from '../db/database';
import type { ApiRecord } from '../db/record';
import { columnName } from '../db/naming';
import { repo, RowsInvalid } from '../db/repo';
import { badRequest, invalid } from '../errors';
import type { Progress } from '../jobs/index';
import { calculateAndStore, resultWarnings, stageDef, upkeepAfter } from '../stages/calculate';
import { billSourceText } from '../stages/rowSource';
import { truckFactor } from '../imports/truck';
import { saveMappings } from '../imports/mappings';
import { unitKind } from '../imports/units';
import { CLASS_LABELS } from './classify';
import { convertItem } from './convert';
import { loadLibrary } from './library';
import { machineOption, matchMachine } from './machines';
import { buildMethodOf, leftOutMessage, methodOfClass } from './buildMethod';
import { findBill } from './store';
import { BILL_CONFIRMED, BILL_UNCONFIRMED, billFloor, openReview, reviewItems } from './review';
import { writableBuilding } from '../buildings/writable';

export const BILL_GONE = '预算文件不存在或已过期，请重新上传';
export const BUDGET_ESTIMATE = '估算模块不支持预算文件导入';

type Row = Record<string, unknown>;
const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

export async function importBill(
  db: Db,
  caller: Caller,
  input: BudgetImportRequest,
  progress: Progress,
  log: (err: unknown) => void,
): Promise<BudgetImportAnswer<ApiRecord>> {
  // (a building the caller may not change, or a frozen one, is told before its file is looked at)
  const current = await db.transaction().execute((trx) => writableBuilding(db, caller, input.projectId, trx));
  const bill = await findBill(db, caller, input.jobId);
  if (!bill || bill.projectId !== input.projectId) throw badRequest(BILL_GONE);
  // (the review read with the file holds while the building keeps the floor area it was held against)
  const floor = billFloor(current);
  const held =
    bill.preflight.review &&
    bill.preflight.reviewFloor !== undefined &&
    bill.preflight.reviewFloor === (floor?.value ?? null);
  const open = openReview(
    held ? bill.preflight.review! : reviewItems(bill.preflight.items, floor),
    new Set(input.mappings.map((m) => m.key)),
  );
  if (open.count && !input.confirmProblems) throw badRequest(BILL_UNCONFIRMED(open));
  const byKey = new Map(bill.preflight.items.map((i) => [i.key, i]));
  const buildings = repo(db, 'tpf3Project');
  const produce = repo(db, stageDef(stageOfRole('materials')!)!.name);
  const trans = repo(db, stageDef(stageOfRole('transport')!)!.name);
  const build = repo(db, stageDef(stageOfRole('construction')!)!.name);
  const answer = await db.transaction().execute(async (trx) => {
    const building = await writableBuilding(db, caller, input.projectId, trx);
    if (building.computeMethod === 'estimate') throw badRequest(BUDGET_ESTIMATE);
    const lib = await loadLibrary(trx, caller, [
      ...new Set(input.mappings.flatMap((m) => (m.factorId === null ? [] : [m.factorId]))),
    ]);
    const menus = splitMenus(building.menus as string);
    const has = (r: typeof produce) => menus.includes(r.def.schema['x-stage']!.code);
    const method = buildMethodOf(building);
    const errors: FieldError[] = [];
    const made = { materials: [] as Row[], transport: [] as Row[], construction: [] as Row[] };
    const sources = { materials: [] as Row[], transport: [] as Row[], construction: [] as Row[] };
    const warnings: string[] = open.count ? [BILL_CONFIRMED(open)] : [];
    const importedAt = new Date().toISOString();
    const truck = has(trans) ? await truckFactor(trx, input.projectId) : undefined;
    const seen = new Set<string>();
    const saved: { ifcMaterial: string; factorId: number }[] = [];
    for (const [i, m] of input.mappings.entries()) {
      const field = `mappings[${i}]`;
      const item = byKey.get(m.key);
      if (!item) {
        errors.push({ field, errorMsg: `文件中没有「${m.key.split('|')[1] ?? m.key}」` });
        continue;
      }
      const label = [item.name, item.spec].filter(Boolean).join(' ');
      if (seen.has(m.key)) {
        errors.push({ field, errorMsg: `「${label}」重复映射` });
        continue;
      }
      seen.add(m.key);
      const billSource = { fileName: bill.fileName, fileId: bill.id, sources: item.sources, importedAt };
      const remarks = billSourceText(billSource).slice(0, 200);
      if (m.machineId !== undefined && item.cls !== 'machine') {
        errors.push({ field, errorMsg: `「${label}」不是机械台班，不能选择施工机械` });
        continue;
      }
      if (item.cls === 'material' || item.cls === 'equipment') {
        const factor = m.factorId === null ? undefined : lib.materials.get(m.factorId);
        if (!factor) {
          errors.push({ field, errorMsg: `「${label}」对应的因子库材料不存在、不是建材或已有新版本` });
          continue;
        }
        const conv = convertItem(item, factor);
        if (!conv.ok) {
          errors.push({ field, errorMsg: `「${label}」：${conv.message}` });
          continue;
        }
        // (literal bodies, not spread from a shared base: see bim/importRows.ts)
        const quantity = round4(conv.quantity);
        made.materials.push({
          projectId: input.projectId,
          materialName: factor.name,
          unit: factor.unit,
          quantity,
          remarks,
          spec: factor.spec ?? undefined,
          factorId: factor.id,
        });
        sources.materials.push({
          billSource: conv.steps.length
            ? { fileName: bill.fileName, fileId: bill.id, sources: item.sources, importedAt, steps: conv.steps }
            : billSource,
        });
        saved.push({ ifcMaterial: `${item.name} ${item.spec}`.trim(), factorId: factor.id });
        const mass = unitKind(factor.unit)?.kind === 'mass' || factor.density != null;
        if (truck && mass) {
          made.transport.push({
            projectId: input.projectId,
            materialName: factor.name,
            unit: factor.unit,
            quantity,
            remarks,
            materialId: factor.id,
            factorId: truck.id,
          });
          sources.transport.push({ billSource });
        } else if (truck) warnings.push(`「${factor.name}」缺少密度，未生成建材运输数据`);
        continue;
      }
      if (item.cls === 'energy' || item.cls === 'machine') {
        // rows of the kind the building's 建造 method leaves out would be kept 未计入: not imported
        if (has(build) && methodOfClass(item.cls) !== method.value) {
          errors.push({ field, errorMsg: leftOutMessage(label, method) });
          continue;
        }
        // the row the user chose (one of the caller's 表C.0.1 rows with an energy figure), else the best match
        const machine =
          item.cls !== 'machine'
            ? undefined
            : m.machineId !== undefined
              ? machineOption(lib.machines, m.machineId)
              : matchMachine(item, lib.machines);
        if (item.cls === 'machine' && !machine) {
          errors.push({
            field,
            errorMsg:
              m.machineId !== undefined
                ? `「${label}」所选的附录C 施工机械（编号 ${m.machineId}）不存在或没有台班能耗，请重新选择`
                : `附录C 施工机械台班能耗表中没有「${label}」，请选择表中相近的机械，或按能源用量录入`,
          });
          continue;
        }
        const energy = machine?.energy ?? item.energy!;
        const factor = m.factorId === null ? undefined : lib.energies.get(m.factorId);
        if (m.factorId !== null && (!factor || factor.energy !== energy)) {
          errors.push({
            field,
            errorMsg: `「${label}」对应的能源因子不存在、不是${energy === 'electricity' ? '电力' : '同种能源'}的因子或已有新版本`,
          });
          continue;
        }
        if (m.factorId === null && energy !== 'electricity') {
          errors.push({ field, errorMsg: `「${label}」请选择能源因子` });
          continue;
        }
        const row: Row = machine
          ? {
              projectId: input.projectId,
              method: 'machine',
              name: `${item.name}${item.spec ? ` ${item.spec}` : ''}`.slice(0, 100),
              energy,
              unit: '台班',
              quantity: round4(item.quantity),
              energyPerShift: machine.energyPerShift,
              energyPerShiftUnit: machine.energyUnit,
              remarks,
            }
          : {
              projectId: input.projectId,
              method: 'energy',
              name: item.name,
              energy,
              unit: item.unit,
              quantity: round4(item.quantity),
              remarks,
            };
        if (factor) row.factorId = factor.id;
        made.construction.push(row);
        sources.construction.push({
          billSource: machine
            ? {
                fileName: bill.fileName,
                fileId: bill.id,
                sources: item.sources,
                importedAt,
                machine: `${machine.name} ${machine.spec}（附录C）`,
              }
            : billSource,
        });
        if (factor) saved.push({ ifcMaterial: `${item.name} ${item.spec}`.trim(), factorId: factor.id });
        continue;
      }
      errors.push({ field, errorMsg: `「${label}」为${CLASS_LABELS[item.cls]}，不计碳排放` });
    }
    if (errors.length) throw invalid(errors, errors[0].errorMsg);
    for (const [stage, r] of [
      ['materials', produce],
      ['construction', build],
    ] as const) {
      if (made[stage].length && !has(r))
        throw badRequest(`该单体未启用${r.def.schema['x-stage']!.title}阶段，请先在单体信息中勾选`);
    }
    if (input.mode === 'replace') {
      for (const def of [produce.def, trans.def, build.def]) {
        await trx
          .deleteFrom(def.table)
          .where(columnName('projectId'), '=', input.projectId)
          .where(sql`${sql.ref(columnName('billSource'))}->>'fileName'`, '=', bill.fileName)
          .execute();
      }
    }
    if (made.transport.length && truck) warnings.push(`建材运输按「${truck.name}」生成，运输距离取材料默认值，请核对`);
    const adding = new Map<string, Row[]>();
    for (const [stage, r] of [
      ['materials', produce],
      ['transport', trans],
      ['construction', build],
    ] as const) {
      if (!made[stage].length) continue;
      const checked = await r.prepareMany(caller, made[stage], trx, sources[stage]).catch((err) => {
        throw err instanceof RowsInvalid ? invalid(err.first().errors) : err;
      });
      adding.set(r.def.name, checked);
    }
    const total = input.mappings.length;
    progress(total, total);
    await saveMappings(trx, caller, saved);
    const result = await calculateAndStore(trx, building, { adding });
    return {
      calculated: result,
      rows: {
        materials: made.materials.length,
        transport: made.transport.length,
        construction: made.construction.length,
      },
      warnings: [...warnings, ...resultWarnings(result)],
      result: await buildings.get(caller, input.projectId, trx),
    };
  });
  upkeepAfter(db, answer.calculated, log);
  const mapped = new Set(input.mappings.map((m) => m.key));
  const skipped = bill.preflight.items
    .filter((i) => !mapped.has(i.key))
    .map((i) => ({ name: [i.name, i.spec].filter(Boolean).join(' '), reason: '未选择因子' }));
  for (const p of bill.preflight.problems)
    skipped.push({ name: p.name, reason: `${p.sheet} 第${p.row}行：${p.message}` });
  return { rows: answer.rows, skipped, warnings: [...new Set(answer.warnings)], result: answer.result };
}
