// What a building's report says (PDF and Word draw the same model): the cover, then the sections the builders of
// sections/index.ts write, in that list's order, as format-neutral blocks (blocks.ts). Emissions of rows in kgCO2e,
// stage totals in tCO2e, every figure a stored one formatted once with src/calc/format.ts.
import { moduleDef, STANDARD_NAMES, type StandardCode } from '../../../schemas/standards';
import type { Caller } from '../db/caller';
import type { Db } from '../db/database';
import type { ApiRecord } from '../db/record';
import type { ReportSection } from './blocks';
import { reportContext, type ReportExtras } from './context';
import { turn } from './reportStages';
import { REPORT_SECTIONS } from './sections';
import { STALE_REPORT } from './sections/results';
import type { ReportSignoff } from './signoff';
import { orDash as text } from './stageTable';

export interface ReportModel {
  title: string;
  cover: [string, string][];
  sections: ReportSection[];
  /** tCO2e and kgCO2e/(m²·a) as stored (what a frozen report records) */
  total: number;
  streng3: number | null;
  /** a frozen report's: its number and revision head every page after the cover */
  signoff?: ReportSignoff;
}

export async function reportModel(
  db: Db,
  caller: Caller,
  b: ApiRecord,
  extras: ReportExtras = {},
): Promise<ReportModel> {
  const now = extras.now ?? new Date();
  const module = String(b.computeMethod);
  const mod = moduleDef(module);
  const s = extras.signoff;
  const cover: [string, string][] = [
    ['单体建筑', text(b.name)],
    ['所属项目', text(b.engineeringName)],
    ['计算标准', STANDARD_NAMES[b.standard as StandardCode] ?? text(b.standard)],
    ['计算模块', mod ? `${mod.label}（${mod.name}）` : text(module)],
    ['项目阶段', text(b.stage)],
    ['编制单位', text(b.compileOrg)],
    ['报告日期', `${now.getFullYear()}年${now.getMonth() + 1}月${now.getDate()}日`],
    // a result older than its rows says so first: the figures below are not what the rows make now
    ...(b.resultStale ? [['结果状态', STALE_REPORT] as [string, string]] : []),
    ...(s
      ? ([
          ['报告编号', s.reportNo],
          ['修订版', s.revision],
        ] as [string, string][])
      : []),
  ];
  const ctx = await reportContext(db, caller, b, extras);
  const sections: ReportSection[] = [];
  for (const build of REPORT_SECTIONS) {
    await turn();
    const built = await build(ctx);
    if (built) sections.push(...[built].flat());
  }
  return {
    title: `${text(b.name)} 建筑碳排放${mod?.label ?? ''}报告`,
    cover,
    sections,
    total: ctx.total,
    streng3: ctx.streng3,
    ...(s ? { signoff: s } : {}),
  };
}
