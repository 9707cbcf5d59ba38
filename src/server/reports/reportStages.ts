// Each wizard stage as the report shows it, read once for every section that speaks of the stages (各阶段碳排放计算,
// 计算结果, 说明): its table — every row and how it was calculated (traceLines.ts, stageTable.ts) —, its stored
// figure, its notes and warnings, and what 说明 says of it.
import type { Db } from '../db/database';
import { f2, fieldTable, traceTable, type ReportTable } from './stageTable';
import type { StageData } from './stageData';
import { stageTraceLines, type TraceContext } from './traceLines';

export interface ReportStage {
  code: string;
  /** the stage's title */
  name: string;
  /** the section title: the stage's, with its boundary mark when outside the standard's boundary */
  title: string;
  /** tCO2e as stored; null for stages without emissions (核算信息补充, 核算凭证管理). */
  total: number | null;
  method: string | null;
  table: ReportTable;
  /** what a rule changed (the renewables cap) and rows of another method */
  notes: string[];
  /** what the reviewer must look at (rows counted 0, a needed stage empty) */
  warnings: string[];
  outsideBoundary: string | null;
  /** what 说明 says of the stage, in order: sources not yet checked, its notes, its warnings, its boundary */
  explained: string[];
  /** whether a row's factor source or mark says it is not yet checked */
  unchecked: boolean;
}

/** Sources written as not yet checked, and the library marks that say so. */
const UNCHECKED_WORDS = ['回忆值', '推导值', '来源未知'];
const UNCHECKED_MARKS = ['M', 'D', 'U'];

/** '废弃物处理（不在 GB/T 51366-2019 计算边界内）' */
export const boundaryTitle = (title: string, outside: string | null) => (outside ? `${title}（${outside}）` : title);

/**
 * A turn of the event loop between steps: on the embedded database every query runs on this thread, and a large
 * building's steps would otherwise hold every other request for their sum.
 */
export const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function reportStages(db: Db, data: StageData[], ctx: TraceContext): Promise<ReportStage[]> {
  const stages: ReportStage[] = [];
  for (const s of data) {
    await turn();
    const notes = [...(s.detail.notes ?? [])];
    const explained: string[] = [];
    let table: ReportTable;
    let unchecked = false;
    if (s.emits) {
      const lines = await stageTraceLines(db, s, ctx);
      table = traceTable(lines);
      const marked = new Map<string, string[]>();
      for (const l of lines) {
        const words = UNCHECKED_WORDS.some((w) => l.factorSource.includes(w));
        if (words || (l.verification && UNCHECKED_MARKS.includes(l.verification))) {
          const key = words ? l.factorSource : `${l.factorSource || '—'}（标识 ${l.verification}）`;
          marked.set(key, [...(marked.get(key) ?? []), l.name]);
        }
      }
      for (const [source, names] of marked)
        explained.push(`${s.title}${names.map((x) => `「${x}」`).join('、')}的排放因子来源标注为：${source}。`);
      unchecked = marked.size > 0;
      const skipped = lines.filter((l) => l.emission === null).length;
      if (skipped && s.method)
        notes.push(`${skipped} 行不属于所选计算方式「${s.method}」，未计入本阶段合计（碳排放量显示为 —）`);
    } else {
      table = await fieldTable(db, s);
    }
    const warnings = s.detail.warnings ?? [];
    for (const n of notes) explained.push(`${s.title}：${n}`);
    for (const w of warnings) explained.push(`${s.title}：${w}`);
    if (s.outsideBoundary && s.figure !== null)
      explained.push(`${s.title}${s.outsideBoundary}，按填写的数据计算并计入碳排放总量（${f2(s.figure)} tCO2e）。`);
    stages.push({
      code: s.code,
      name: s.title,
      title: boundaryTitle(s.title, s.outsideBoundary),
      total: s.figure,
      method: s.method,
      table,
      notes,
      warnings,
      outsideBoundary: s.outsideBoundary,
      explained,
      unchecked,
    });
  }
  return stages;
}
