// tpf3Project/getExcelByID: one workbook per building — its information and results (a summary sheet: the stored
// figures, a stage outside the standard's boundary named, 合理性检查's flags), the EN 15978 模块 sheet (moduleSheet.ts),
// its extended data, one sheet per calculation stage of its menus, and 计算过程 (traceSheet.ts: how each row's emission
// was made, the stored totals and the data quality — the same figures as the PDF and Word reports), then the decision
// sheets (decisionSheets.ts: 参考线, 方案对比, 热点与替代, 不确定性). Read here on the main thread; written in a pool
// thread (workbookTask.ts).
import type { Caller } from '../db/caller';
import type { Db } from '../db/database';
import { columnName } from '../db/naming';
import { toRecord, type ApiRecord, type Row } from '../db/record';
import { repo } from '../db/repo';
import { readScope } from '../db/scope';
import { schemaColumns, stampedName } from '../excel/workbook';
import { only } from '../excel/draw';
import { putFile, XLSX_MIME } from '../files/store';
import { threadPool } from '../jobs/threadPool';
import { projectOwned } from '../buildings/buildingHooks';
import { resultColumns } from '../../../schemas/results';
import { splitMenus } from '../../../schemas/standards';
import type { ResourceDef } from '../db/registry';
import { buildingStages, resultDetailOf } from './stageData';
import { buildingModules } from './moduleLines';
import { TRACE_COLUMNS, type TraceSheetData } from './traceSheet';
import { stageTraceLines, traceContext } from './traceLines';
import { plausibilitySummary } from './sections/plausibility';
import { PLAUSIBILITY_TITLE } from '../../calc/plausibility';
import { decisionReport } from '../decide/report';
import { stageDef } from '../stages/calculate';
import type { BuildingWorkbookJob } from './workbookTask';
import { STALE_HINT, STALE_TEXT } from '../buildings/stale';

const INFO_FIELDS = [
  'engineeringName',
  'engineeringCode',
  'name',
  'code',
  'computeMethod',
  'standard',
  'stage',
  'status',
  'site',
  'buildType',
  'structureType',
  'useDateLimit',
  'buildYear',
  'buildArea',
  'height',
  'floorUp',
  'floorDown',
  'greenArea',
  'latLng',
  'buildOrg',
  'designOrg',
  'compileOrg',
  'createByName',
  'remarks',
] as const;

export async function buildingWorkbookUrl(db: Db, caller: Caller, projectId: number): Promise<string> {
  const buildings = repo(db, 'tpf3Project');
  const b = await buildings.get(caller, projectId);
  const infoColumns = await schemaColumns(db, buildings.schema, INFO_FIELDS);
  const fields = resultColumns(String(b.computeMethod));
  const results = await schemaColumns(db, buildings.schema, fields);
  // a result older than its rows says so above its figures: they are not what the sheets below make
  const lines: [string, string][] = b.resultStale ? [['结果状态', `${STALE_TEXT}：${STALE_HINT}`]] : [];
  const detail = resultDetailOf(b);
  const stored = b.total === null || b.total === undefined ? null : Number(b.total);
  for (const [code, sd] of Object.entries(detail.stages ?? {})) {
    if (sd.outsideBoundary)
      lines.push(['说明', `${stageDef(code)?.schema['x-stage']?.title ?? code}：${sd.outsideBoundary}`]);
  }
  if (detail.grade) lines.push(['数据质量等级', detail.grade]);
  for (const line of plausibilitySummary(detail as Parameters<typeof plausibilitySummary>[0]))
    lines.push([PLAUSIBILITY_TITLE, line]);
  // the rows that belong to the building: extended data, then each of its stages in wizard order
  const menus = splitMenus(b.menus as string);
  const stageOf = (r: ResourceDef) => r.schema['x-stage']?.code;
  const owners = [
    ...projectOwned().filter((r) => !stageOf(r)),
    ...menus.map((code) => projectOwned().find((r) => stageOf(r) === code)).filter((r): r is ResourceDef => !!r),
  ];
  const sheets: BuildingWorkbookJob['sheets'] = [];
  for (const owned of owners) {
    let q = db.selectFrom(owned.table).selectAll().where(columnName('projectId'), '=', projectId);
    const scope = readScope(owned.meta, caller);
    if (scope) q = q.where(scope);
    const rows = ((await q.orderBy('id').execute()) as Row[]).map((r) => toRecord(owned.schema, r));
    const columns = (await schemaColumns(db, owned.schema)).filter((c) => c.key !== 'projectId');
    sheets.push({ name: owned.meta.title, columns, records: rows.map((r) => only(columns, r)) });
  }
  const job: BuildingWorkbookJob = {
    info: { columns: infoColumns, record: only(infoColumns, b) },
    summary: { columns: results, record: Object.fromEntries(fields.map((k) => [k, b[k] ?? 0])), lines },
    modules: { view: buildingModules(b, Number(b.total ?? 0)), total: stored },
    sheets,
    trace: await traceSheetData(db, caller, b),
    decision: await decisionReport(db, caller, b),
  };
  const content = await threadPool.run<Buffer>(new URL('./workbookTask.ts', import.meta.url), job);
  return putFile(db, caller, { fileName: stampedName(String(b.name), 'xlsx'), mime: XLSX_MIME, content });
}

/** The 计算过程 sheet's lines and figures (traceSheet.ts writes them). */
async function traceSheetData(db: Db, caller: Caller, b: ApiRecord): Promise<TraceSheetData> {
  const stages = (await buildingStages(db, caller, b)).filter((s) => s.emits);
  const ctx = await traceContext(db, b, stages);
  const records: Record<string, unknown>[] = [];
  for (const s of stages) {
    for (const l of await stageTraceLines(db, s, ctx)) {
      records.push(
        only(TRACE_COLUMNS, {
          ...l,
          stage: s.title,
          conversions: l.conversions.join('；'),
          defaults: l.defaults.join('；'),
          problems: l.problems.join('；'),
          notices: l.notices.join('；'),
        }),
      );
    }
  }
  const detail = resultDetailOf(b);
  return {
    records,
    stages: stages.map((s) => ({ title: s.title, figure: s.figure, outsideBoundary: s.outsideBoundary })),
    total: b.total,
    streng3: b.streng3,
    detail: { quality: detail.quality, qualityShares: detail.qualityShares, grade: detail.grade },
    qualityLabels: ctx.qualityLabels,
  };
}
