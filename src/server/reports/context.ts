// What the section builders (sections/index.ts) are given: the building and its stored result, read once. A
// builder needing more reads it through `db` with the caller's scope. Every figure here is a stored one: the total is
// the building's `total`, never a sum of the shown stage figures.
import type { Caller } from '../db/caller';
import type { Db } from '../db/database';
import type { ApiRecord } from '../db/record';
import { roundTo } from '../../calc/format';
import { decisionReport, type DecisionReport } from '../decide/report';
import { reportStages, turn, type ReportStage } from './reportStages';
import type { ReportSignoff } from './signoff';
import { buildingStages, resultDetailOf, type ResultDetail } from './stageData';
import { traceContext } from './traceLines';

/** A frozen report's changes for its appendix: the count of all, and the rows shown (the newest, oldest first). */
export interface ReportChanges {
  total: number;
  /** 时间, 人员, 对象, 操作, 变更内容 */
  rows: string[][];
}

/** What a caller may add: the cover's date, and a frozen report's signoff and changes (review/frozen.ts). */
export interface ReportExtras {
  /** the cover's 报告日期 (today) */
  now?: Date;
  signoff?: ReportSignoff;
  changes?: ReportChanges;
}

export interface ReportContext {
  db: Db;
  caller: Caller;
  building: ApiRecord;
  /** the stored result (resultDetail) */
  detail: ResultDetail;
  /** each wizard stage with its table, notes and warnings */
  stages: ReportStage[];
  /** tCO2e: the stored total (a sum of the stages only for a building never calculated) */
  total: number;
  /** kgCO2e/(m²·a), stored */
  streng3: number | null;
  /** the data-quality classes' labels (dictionary dataQuality) */
  qualityLabels: Record<string, string>;
  /** what the decision tools say of the building */
  decision: DecisionReport;
  signoff?: ReportSignoff;
  changes?: ReportChanges;
}

export async function reportContext(
  db: Db,
  caller: Caller,
  b: ApiRecord,
  extras: ReportExtras = {},
): Promise<ReportContext> {
  const data = await buildingStages(db, caller, b);
  const trace = await traceContext(db, b, data);
  const stages = await reportStages(db, data, trace);
  const total =
    b.total !== null && b.total !== undefined
      ? Number(b.total)
      : roundTo(
          stages.reduce((a, s) => a + (s.total ?? 0), 0),
          4,
        );
  await turn();
  return {
    db,
    caller,
    building: b,
    detail: resultDetailOf(b),
    stages,
    total,
    streng3: b.streng3 === null || b.streng3 === undefined ? null : Number(b.streng3),
    qualityLabels: trace.qualityLabels,
    decision: await decisionReport(db, caller, b),
    signoff: extras.signoff,
    changes: extras.changes,
  };
}
