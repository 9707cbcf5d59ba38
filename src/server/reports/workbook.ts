// tpf3Project/getExcelByID: one workbook per building — its information and results (a summary sheet: the stored
// figures, a stage outside the standard's boundary named, 合理性检查's flags), its extended data, one sheet per calculation stage
// of its menus, and 计算过程 (src/server/reports/traceSheet.ts: how each row's emission was made, the stored
// totals and the data quality — the same figures as the PDF and Word reports), then the decision sheets
// (decisionSheets.ts: 参考线, 方案对比, 热点与替代, 不确定性).
import type { Caller } from '../db/caller';
import type { Db } from '../db/database';
import { columnName } from '../db/naming';
import { toRecord, type Row } from '../db/record';
import { repo } from '../db/repo';
import { readScope } from '../db/scope';
import { addFieldSheet, addTableSheet, newWorkbook, schemaColumns, stampedName, workbookBytes } from '../excel/workbook';
import { putFile, XLSX_MIME } from '../files/store';
import { projectOwned } from '../buildings/buildingHooks';
import { resultColumns } from '../../../schemas/results';
import { splitMenus } from '../../../schemas/standards';
import type { ResourceDef } from '../registry';
import { resultDetailOf } from './stageData';
import { addTraceSheet } from './traceSheet';
import { plausibilitySummary } from './plausibilitySection';
import { PLAUSIBILITY_TITLE } from '../../calc/plausibility';
import { addDecisionSheets } from './decisionSheets';
import { stageDef } from '../stages/calculate';

const INFO_FIELDS = [
  'engineeringName', 'engineeringCode', 'name', 'code', 'computeMethod', 'standard', 'stage', 'status', 'site', 'buildType', 'structureType',
  'useDateLimit', 'buildYear', 'buildArea', 'height', 'floorUp', 'floorDown', 'greenArea', 'latLng', 'buildOrg', 'designOrg', 'compileOrg',
  'createByName', 'remarks',
] as const;

export async function buildingWorkbookUrl(db: Db, caller: Caller, projectId: number): Promise<string> {
  const buildings = repo(db, 'tpf3Project');
  const b = await buildings.get(caller, projectId);
  const wb = newWorkbook();
  addFieldSheet(wb, '建筑信息', await schemaColumns(db, buildings.schema, INFO_FIELDS), b);
  const fields = resultColumns(String(b.computeMethod));
  const results = await schemaColumns(db, buildings.schema, fields);
  const summary = addFieldSheet(wb, '计算结果汇总', results, Object.fromEntries(fields.map((k) => [k, b[k] ?? 0])));
  const detail = resultDetailOf(b);
  for (const [code, sd] of Object.entries(detail.stages ?? {})) {
    if (sd.outsideBoundary) summary.addRow(['说明', `${stageDef(code)?.schema['x-stage']?.title ?? code}：${sd.outsideBoundary}`]);
  }
  if (detail.grade) summary.addRow(['数据质量等级', detail.grade]);
  for (const line of plausibilitySummary(detail as Parameters<typeof plausibilitySummary>[0])) summary.addRow([PLAUSIBILITY_TITLE, line]);
  // the rows that belong to the building: extended data, then each of its stages in wizard order
  const menus = splitMenus(b.menus as string);
  const stageOf = (r: ResourceDef) => r.schema['x-stage']?.code;
  const sheets = [
    ...projectOwned().filter((r) => !stageOf(r)),
    ...menus.map((code) => projectOwned().find((r) => stageOf(r) === code)).filter((r): r is ResourceDef => !!r),
  ];
  for (const owned of sheets) {
    let q = db.selectFrom(owned.table).selectAll().where(columnName('projectId'), '=', projectId);
    const scope = readScope(owned.meta, caller);
    if (scope) q = q.where(scope);
    const rows = ((await q.orderBy('id').execute()) as Row[]).map((r) => toRecord(owned.schema, r));
    const cols = (await schemaColumns(db, owned.schema)).filter((c) => c.key !== 'projectId');
    addTableSheet(wb, owned.meta.title, cols, rows);
  }
  await addTraceSheet(wb, db, caller, b);
  await addDecisionSheets(wb, db, caller, b);
  return putFile(db, caller, { fileName: stampedName(String(b.name), 'xlsx'), mime: XLSX_MIME, content: await workbookBytes(wb) });
}
