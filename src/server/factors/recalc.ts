// Recalculating a building on the current factor versions: its rows move (moveRows.ts), the lead's
// calculateAndStore computes and stores the result, and the answer is each stage's stored total before, after and
// the difference (tCO2e). A preview does exactly the same work in a transaction that is then rolled back, so what
// the dialog shows is what 确认更新 stores — same code path, nothing kept. Nothing here runs unasked.
import type { Change, FactorChange, FactorVersion, RecalcAnswer } from '../../../schemas/answers/factor';
import { splitMenus, wizardStages } from '../../../schemas/standards';
import type { BuildingResult } from '../../calc/building';
import type { Caller } from '../db/caller';
import type { Db } from '../db/database';
import type { BuildingRecord, FactorRecord } from '../../../schemas/records';
import { repo } from '../db/repo';
import { badRequest } from '../errors';
import type { Progress } from '../jobs/index';
import { calculateAndStore, stageDef } from '../stages/calculate';
import { BUILDING } from './factorUse';
import { moveToCurrent } from './moveRows';
import { outdatedFactors, type FactorUpdate } from './outdated';

export const UP_TO_DATE = '该单体使用的因子均为当前版本，无需重新计算';

/** A superseded factor as the client shows it: name, versions and values, where it is used. */
export function factorChange(u: FactorUpdate): FactorChange {
  const pick = (f: FactorRecord): FactorVersion => ({
    id: f.id,
    name: f.name,
    version: f.version || 1,
    materialCo: f.materialCo ?? null,
    coUnit: f.coUnit ?? '',
    unit: f.unit ?? '',
    density: f.density ?? null,
    source: f.source ?? '',
  });
  return { old: pick(u.old), current: u.current && pick(u.current), uses: u.uses };
}

const num = (v: unknown) =>
  v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v);
const change = (before: unknown, after: unknown): Change => {
  const b = num(before);
  const a = num(after);
  return { before: b, after: a, diff: (a ?? 0) - (b ?? 0) };
};

type Detail = { stages?: Record<string, { total?: number }> } | null | undefined;

function compare(before: BuildingRecord, after: BuildingRecord): Pick<RecalcAnswer, 'stages' | 'total' | 'intensity'> {
  const b = before.resultDetail as Detail;
  const a = after.resultDetail as Detail;
  const stages = wizardStages(after.computeMethod, splitMenus(after.menus)).map((code) => ({
    code,
    title: stageDef(code)?.schema['x-stage']?.title ?? code,
    ...change(b?.stages?.[code]?.total, a?.stages?.[code]?.total),
  }));
  return { stages, total: change(before.total, after.total), intensity: change(before.streng3, after.streng3) };
}

class RolledBack extends Error {
  constructor(readonly answer: RecalcAnswer) {
    super('preview');
  }
}

/** Preview (apply false: rolled back) or apply; `calculated` is the stored result of an apply (upkeep). */
export async function recalculate(
  db: Db,
  caller: Caller,
  projectId: number,
  apply: boolean,
  progress?: Progress,
): Promise<{ answer: RecalcAnswer; calculated?: BuildingResult }> {
  const buildings = repo(db, BUILDING);
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await buildings.get(caller, projectId, trx);
      if (apply) await buildings.assertWritable(trx, caller, projectId);
      const updates = await outdatedFactors(trx, projectId);
      if (!updates.length) throw badRequest(UP_TO_DATE);
      const left = await moveToCurrent(trx, projectId, updates);
      // read again: the building's own grid factor may have moved
      const calculated = await calculateAndStore(trx, await buildings.get(caller, projectId, trx), { progress });
      const after = await buildings.get(caller, projectId, trx);
      const answer: RecalcAnswer = {
        ...compare(before, after),
        factors: updates.map(factorChange),
        left,
        applied: apply,
      };
      if (!apply) throw new RolledBack(answer);
      return { answer, calculated };
    });
  } catch (err) {
    if (err instanceof RolledBack) return { answer: err.answer };
    throw err;
  }
}
