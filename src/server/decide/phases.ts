// Phase drift: one building followed across 估算 → 概预算 → 核算. Buildings are linked into a phase
// group (tpf3Project.phaseGroup = the group's first building's id), one building per module, by the user or by
// copying a building as its next phase; the
// waterfall goes from the first phase's total through each next phase's stage changes, with the largest named.
import { choicesFor, menusForSave, moduleDef, MODULES, splitMenus } from '../../../schemas/standards';
import { copyBuilding } from '../buildings/copy';
import { calculateAndStore } from '../stages/calculate';
import { stageDiffs, waterfall, pct } from '../../calc/decide/compare';
import { formatNumber } from '../../calc/format';
import type { Caller } from '../db/caller';
import type { Db, Executor } from '../db/database';
import type { ApiRecord } from '../db/record';
import { repo } from '../db/repo';
import { badRequest, invalid } from '../errors';
import { resourceDef } from '../db/registry';
import type { Phase, PhaseAnswer, PhaseCandidate, PhaseStep, WaterfallStep } from '../../calc/decide/types';
import { FIELD_TITLES } from './variantCompare';
import { canEdit, writable } from './variants';
import { liveResult } from './variantStore';

const ORDER = MODULES.map((m) => m.code as string);
const label = (module: string) => MODULES.find((m) => m.code === module)?.label ?? module;
export const PHASE_MSG = {
  taken: (module: string, name: string) => `该单体已关联「${label(module)}」阶段的单体「${name}」`,
  self: '不能关联单体自身',
  sameModule: (module: string) => `两个单体都是「${label(module)}」模块，阶段关联需为不同模块`,
} as const;
const ESTIMATE_NOTE = '估算模块的建材生产已包含建材运输、建筑建造与拆除，故由估算到概预算时这些阶段的变化应合并看待。';

const table = () => resourceDef('tpf3Project').table;

async function groupMembers(
  ex: Executor,
  group: number,
): Promise<{ id: number; computeMethod: string; name: string }[]> {
  const rows = await ex
    .selectFrom(table())
    .select(['id', 'compute_method', 'name'])
    .where('phase_group', '=', group)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), computeMethod: String(r.compute_method), name: String(r.name) }));
}

export async function phaseAnswer(db: Db, caller: Caller, projectId: number): Promise<PhaseAnswer> {
  const buildings = repo(db, 'tpf3Project');
  const me = await buildings.get(caller, projectId);
  const members = me.phaseGroup == null ? [] : await groupMembers(db, Number(me.phaseGroup));
  const phases: (Phase & { record?: ApiRecord })[] = [];
  for (const m of members.sort((a, b) => ORDER.indexOf(a.computeMethod) - ORDER.indexOf(b.computeMethod))) {
    const record = await buildings.get(caller, m.id).catch(() => undefined);
    const result = record ? liveResult(record) : null;
    phases.push({
      id: m.id,
      name: record ? String(record.name) : m.name,
      module: m.computeMethod as Phase['module'],
      moduleLabel: label(m.computeMethod),
      calculated: !!result,
      total: result?.total ?? null,
      streng3: result?.streng3 ?? null,
      fields: result?.fields ?? {},
      readable: !!record,
    });
  }
  const counted = phases.filter((p) => p.calculated);
  const steps: PhaseStep[] = [];
  const fall: WaterfallStep[] = [];
  counted.forEach((p, i) => {
    if (i === 0) {
      fall.push({ label: `${p.moduleLabel} 总量`, value: p.total!, kind: 'start' });
      return;
    }
    const prev = counted[i - 1];
    const stages = stageDiffs(prev.fields, p.fields, FIELD_TITLES);
    const diff = Math.round((p.total! - prev.total!) * 1e4) / 1e4;
    const largest = stages
      .filter((s) => s.diff !== 0)
      .sort((a, b) => Math.abs(b.diff) - Math.abs(a.diff))
      .slice(0, 5)
      .map((s) => ({ label: s.title, diff: s.diff }));
    steps.push({ from: prev.moduleLabel, to: p.moduleLabel, diff, diffPct: pct(diff, prev.total!), stages, largest });
    const w = waterfall(
      '',
      0,
      stages.map((s) => ({ label: `${p.moduleLabel}：${s.title}`, diff: s.diff })),
      `${p.moduleLabel} 总量`,
      p.total!,
    );
    fall.push(...w.slice(1));
  });
  const notes: string[] = [];
  if (counted.some((p) => p.module === 'estimate') && counted.length > 1) notes.push(ESTIMATE_NOTE);
  const uncalculated = phases.filter((p) => !p.calculated);
  if (uncalculated.length)
    notes.push(`未计算的阶段不参与对比：${uncalculated.map((p) => `${p.moduleLabel}「${p.name}」`).join('、')}`);
  for (const s of steps)
    if (s.largest[0])
      notes.push(
        `${s.from} → ${s.to}：总量变化 ${s.diff > 0 ? '+' : ''}${formatNumber(s.diff)} tCO2e，变化最大的是${s.largest[0].label}（${s.largest[0].diff > 0 ? '+' : ''}${formatNumber(s.largest[0].diff)} tCO2e）`,
      );
  return {
    phases,
    steps,
    waterfall: counted.length > 1 ? fall : [],
    notes,
    canEdit: await canEdit(db, caller, projectId),
  };
}

/** The buildings offered per module at once: the rest are found by their name. */
export const PHASE_PICK = 20;

/**
 * Buildings the caller may change, of a module the group has not got yet and in no group of their own: per module
 * the latest changed PHASE_PICK whose name holds `name`, and how many more match (`more`: offered by typing).
 */
export async function phaseCandidates(
  db: Db,
  caller: Caller,
  projectId: number,
  name: string,
): Promise<{ list: PhaseCandidate[]; more: number }> {
  const buildings = repo(db, 'tpf3Project');
  const me = await buildings.get(caller, projectId);
  const taken = new Set(
    me.phaseGroup == null
      ? [String(me.computeMethod)]
      : (await groupMembers(db, Number(me.phaseGroup))).map((m) => m.computeMethod),
  );
  const list: PhaseCandidate[] = [];
  let more = 0;
  for (const module of ORDER.filter((m) => !taken.has(m))) {
    const found = await buildings.list(caller, {
      pageNum: 1,
      pageSize: PHASE_PICK,
      sortField: 'updateDate',
      sortOrder: 'descend',
      filters: [
        { field: 'computeMethod', op: 'eq', value: module },
        ...(name.trim() ? [{ field: 'name', op: 'like' as const, value: name.trim() }] : []),
      ],
      where: (eb) => eb('phase_group', 'is', null),
    });
    more += found.total - found.dataList.length;
    for (const b of found.dataList) {
      if (!(await canEdit(db, caller, b.id))) continue;
      list.push({
        id: b.id,
        name: String(b.name),
        module: module as PhaseCandidate['module'],
        moduleLabel: label(module),
        engineeringName: String(b.engineeringName ?? ''),
      });
    }
  }
  return { list, more };
}

/** Links `otherId` (with its group, if any) into the building's group; both must be changeable by the caller. */
export async function linkPhase(db: Db, caller: Caller, projectId: number, otherId: number): Promise<void> {
  if (projectId === otherId) throw invalid([{ field: 'otherId', errorMsg: PHASE_MSG.self }]);
  await db.transaction().execute(async (trx) => {
    const me = await writable(db, caller, projectId, trx);
    const other = await writable(db, caller, otherId, trx);
    const mine =
      me.phaseGroup == null
        ? [{ id: me.id, computeMethod: String(me.computeMethod), name: String(me.name) }]
        : await groupMembers(trx, Number(me.phaseGroup));
    const theirs =
      other.phaseGroup == null
        ? [{ id: other.id, computeMethod: String(other.computeMethod), name: String(other.name) }]
        : await groupMembers(trx, Number(other.phaseGroup));
    if (me.computeMethod === other.computeMethod)
      throw invalid([{ field: 'otherId', errorMsg: PHASE_MSG.sameModule(String(me.computeMethod)) }]);
    for (const t of theirs) {
      const clash = mine.find((m) => m.computeMethod === t.computeMethod && m.id !== t.id);
      if (clash) throw invalid([{ field: 'otherId', errorMsg: PHASE_MSG.taken(clash.computeMethod, clash.name) }]);
    }
    const group = Math.min(...mine.map((m) => m.id), ...theirs.map((m) => m.id));
    const ids = [...new Set([...mine, ...theirs].map((m) => m.id))];
    await trx.updateTable(table()).set({ phase_group: group }).where('id', 'in', ids).execute();
  });
}

export async function unlinkPhase(db: Db, caller: Caller, projectId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const me = await writable(db, caller, projectId, trx);
    if (me.phaseGroup == null) throw badRequest('该单体未关联其他阶段');
    await trx.updateTable(table()).set({ phase_group: null }).where('id', '=', projectId).execute();
    // the group's id is a member's id: the rest take their own smallest, so the leaver cannot rejoin them by accident
    const rest = await groupMembers(trx, Number(me.phaseGroup));
    const group = rest.length > 1 ? Math.min(...rest.map((m) => m.id)) : null;
    if (rest.length)
      await trx
        .updateTable(table())
        .set({ phase_group: group })
        .where(
          'id',
          'in',
          rest.map((m) => m.id),
        )
        .execute();
  });
}

/**
 * A new building from this one as its next phase (估算 → 概预算 → 核算): a copy (rows and results) in `module`, with the
 * same standard where the module offers it (else the module's first), its first stage, the menus the module offers
 * of the source's (else all it offers), linked into the source's phase group in the same transaction.
 */
export async function copyAsPhase(db: Db, caller: Caller, projectId: number, module: string): Promise<number> {
  const source = await repo(db, 'tpf3Project').get(caller, projectId);
  const m = moduleDef(module);
  if (!m || module === source.computeMethod)
    throw invalid([{ field: 'computeMethod', errorMsg: PHASE_MSG.sameModule(module) }]);
  const members = source.phaseGroup == null ? [] : await groupMembers(db, Number(source.phaseGroup));
  const clash = members.find((x) => x.computeMethod === module);
  if (clash) throw invalid([{ field: 'computeMethod', errorMsg: PHASE_MSG.taken(module, clash.name) }]);
  const std = (m.standards.find((s) => s.code === source.standard) ?? m.standards[0]).code;
  const choice = choicesFor(module, std);
  const stage = choice.stages.find((s) => !s.disabled)!.name;
  const offered = choice.menus.filter((x) => !x.disabled).map((x) => x.code);
  const kept = splitMenus(source.menus as string).filter((c) => offered.includes(c));
  const menus = menusForSave(module, std, stage, kept.length ? kept : offered);
  const suffix = `-${m.label}`;
  const name = `${[...String(source.name)].slice(0, 20 - suffix.length).join('')}${suffix}`;
  const group = source.phaseGroup == null ? source.id : Number(source.phaseGroup);
  const copy = await copyBuilding(
    db,
    caller,
    projectId,
    { computeMethod: module, standard: std, stage, menus: menus.join(','), name, status: '0' },
    async (trx, id) => {
      await trx.updateTable(table()).set({ phase_group: group }).where('id', 'in', [source.id, id]).execute();
    },
  );
  // its result as its own module counts it (the copied result was the source's)
  await db.transaction().execute((trx) => calculateAndStore(trx, copy));
  return copy.id;
}
