// What a building's report says (PDF and Word draw the same model): cover, building information, calculation
// boundary and method, one section per wizard stage with every row and how it was calculated (traceLines.ts,
// stageTable.ts), totals and intensity, data quality, the notes on the assumptions, then 合理性检查
// (plausibilitySection.ts) and the decision tools' sections (decisionSections.ts: 参考线, 方案对比,
// 碳排放热点, 不确定性分析). Every figure is a stored one formatted once with src/calc/format.ts (stageData.ts):
// the total is the building's `total`, never a sum of the shown stage figures. Emissions of rows in kgCO2e,
// stage totals in tCO2e.
import { chinaMinute } from './chinaTime';
import { STALE_HINT, STALE_TEXT } from '../buildings/stale';
import { moduleDef, STANDARD_NAMES, type StandardCode } from '../../../schemas/standards';
import type { Caller } from '../db/caller';
import type { Db } from '../db/database';
import type { ApiRecord } from '../db/record';
import { repo } from '../db/repo';
import { schemaColumns, type ExportColumn } from '../excel/workbook';
import { dictItems, flattenDict } from '../cache/dicts';
import { roundTo } from '../../calc/format';
import { formulaBasis } from '../../calc/formulaBasis';
import { basisOf, intensityNotes } from '../../calc/intensity';
import { decisionReport } from '../decide/report';
import { decisionSections, type DecisionSection } from './decisionSections';
import { plausibilitySection } from './plausibilitySection';
import { qualitySection, type QualitySection } from './qualitySection';
import { buildingStages, resultDetailOf } from './stageData';
import { f2, factorText, fieldTable, traceTable, type ReportTable } from './stageTable';
import { stageTraceLines, traceContext } from './traceLines';
import type { ReportSignoff } from './signoff';

export { f2, factorText, type ReportTable };

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
}

const STALE_REPORT = `${STALE_TEXT}：${STALE_HINT}`;

export interface ReportModel {
  building: ApiRecord;
  title: string;
  cover: [string, string][];
  info: [string, string][];
  boundary: string[];
  stages: ReportStage[];
  totals: [string, string][];
  quality: QualitySection | null;
  notes: string[];
  /** after the notes: 合理性检查, then the decision tools' sections */
  decision: DecisionSection[];
  /** Stage figures (tCO2e) for the share donut (positive ones) and the bar chart. */
  chart: { code: string; name: string; value: number }[];
  total: number;
  streng3: number | null;
  /** a frozen report's 签署页; absent on an ordinary export */
  signoff?: ReportSignoff;
  /** a frozen report's last section: its building's changes */
  appendix?: { title: string; note: string; table: ReportTable };
}

/**
 * A turn of the event loop between the model's steps: on the embedded database every query runs on this thread,
 * and a large building's steps would otherwise hold every other request for their sum.
 */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

const text = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

function labelled(col: ExportColumn | undefined, v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.map((x) => col?.labels?.[String(x)] ?? String(x)).join('、');
  return col?.labels?.[String(v)] ?? String(v);
}

const INFO_FIELDS = [
  'engineeringName',
  'name',
  'code',
  'site',
  'buildType',
  'structureType',
  'buildArea',
  'useDateLimit',
  'buildYear',
  'height',
  'floorUp',
  'floorDown',
  'greenArea',
  'buildOrg',
  'designOrg',
  'compileOrg',
] as const;

/** Sources written as not yet checked, and the library marks that say so. */
const UNCHECKED_WORDS = ['回忆值', '推导值', '来源未知'];
const UNCHECKED_MARKS = ['M', 'D', 'U'];

/** '废弃物处理（不在 GB/T 51366-2019 计算边界内）' */
export const boundaryTitle = (title: string, outside: string | null) => (outside ? `${title}（${outside}）` : title);

export async function reportModel(db: Db, caller: Caller, building: ApiRecord, now = new Date()): Promise<ReportModel> {
  const bschema = repo(db, 'tpf3Project').schema;
  const cols = new Map((await schemaColumns(db, bschema, [...INFO_FIELDS, 'computeMethod'])).map((c) => [c.key, c]));
  const b = building;
  const module = String(b.computeMethod);
  const mod = moduleDef(module);
  const standardName = STANDARD_NAMES[b.standard as StandardCode] ?? text(b.standard);
  const detail = resultDetailOf(b);
  const date = `${now.getFullYear()}年${now.getMonth() + 1}月${now.getDate()}日`;

  const cover: [string, string][] = [
    ['单体建筑', text(b.name)],
    ['所属项目', text(b.engineeringName)],
    ['计算标准', standardName],
    ['计算模块', mod ? `${mod.label}（${mod.name}）` : text(module)],
    ['项目阶段', text(b.stage)],
    ['编制单位', text(b.compileOrg)],
    ['报告日期', date],
    // a result older than its rows says so first: the figures below are not what the rows make now
    ...(b.resultStale ? [['结果状态', STALE_REPORT] as [string, string]] : []),
  ];

  const info: [string, string][] = INFO_FIELDS.map((k) => {
    const col = cols.get(k);
    const v = b[k];
    return [col?.title ?? k, col?.kind === 'number' ? f2(v) : labelled(col, v)];
  });

  const data = await buildingStages(db, caller, b);
  const ctx = await traceContext(db, b, data);
  const stages: ReportStage[] = [];
  const notes: string[] = [];
  let unchecked = false;
  for (const s of data) {
    await turn();
    const stageNotes = [...(s.detail.notes ?? [])];
    let table: ReportTable;
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
        notes.push(`${s.title}${names.map((x) => `「${x}」`).join('、')}的排放因子来源标注为：${source}。`);
      unchecked ||= marked.size > 0;
      const skipped = lines.filter((l) => l.emission === null).length;
      if (skipped && s.method)
        stageNotes.push(`${skipped} 行不属于所选计算方式「${s.method}」，未计入本阶段合计（碳排放量显示为 —）`);
    } else {
      table = await fieldTable(db, s);
    }
    const warnings = s.detail.warnings ?? [];
    for (const n of stageNotes) notes.push(`${s.title}：${n}`);
    for (const w of warnings) notes.push(`${s.title}：${w}`);
    if (s.outsideBoundary && s.figure !== null)
      notes.push(`${s.title}${s.outsideBoundary}，按填写的数据计算并计入碳排放总量（${f2(s.figure)} tCO2e）。`);
    stages.push({
      code: s.code,
      name: s.title,
      title: boundaryTitle(s.title, s.outsideBoundary),
      total: s.figure,
      method: s.method,
      table,
      notes: stageNotes,
      warnings,
      outsideBoundary: s.outsideBoundary,
    });
  }

  const withTotal = stages.filter((s) => s.total !== null);
  // the stored total; a sum only for a building never calculated
  const total =
    b.total !== null && b.total !== undefined
      ? Number(b.total)
      : roundTo(
          withTotal.reduce((a, s) => a + (s.total ?? 0), 0),
          4,
        );
  const streng3 = b.streng3 === null || b.streng3 === undefined ? null : Number(b.streng3);
  const basis = basisOf(b);
  const boundary = [
    // the one formula-basis text (src/calc/formulaBasis.ts) the result page shows too
    ...formulaBasis(b.standard as string | undefined).lines,
    `计算模块：${mod?.name ?? module}；项目阶段：${text(b.stage)}。`,
    `计算边界（纳入的阶段）：${stages.map((s) => s.title).join('、') || '—'}。`,
    `设计使用年限 ${text(b.useDateLimit)} 年，建筑面积 ${f2(b.buildArea)} m²。`,
    ...(module === 'accounting'
      ? [
          `核算面积 ${f2(basis.area)} m²（${basis.areaSource}）；建筑运行的运行年数 ${text(roundTo(basis.operationYears, 2))} 年（${basis.operationYearsSource}）。`,
        ]
      : []),
    `电网排放因子：${b.gridFactorValue === null || b.gridFactorValue === undefined ? '未设置' : `${factorText(b.gridFactorValue)} ${text(b.gridFactorUnit)}`}；来源：${text(b.gridFactorSource)}。`,
    '各行碳排放量 = 活动数据 × 排放因子（kgCO2e），阶段合计以 tCO2e 计；碳汇为负值（吸收）。表中“标识”为因子库的核实标记，“默认值”为计算时代为填入的数值及其来源。',
  ];
  const quality = qualitySection(detail, ctx.qualityLabels);
  const totals: [string, string][] = [
    ...withTotal.map((s): [string, string] => [
      `${s.name}（tCO2e${s.outsideBoundary ? `，${s.outsideBoundary}` : ''}）`,
      f2(s.total),
    ]),
    ['碳排放总量（tCO2e）', f2(total)],
    ['单位面积年均碳排放强度（kgCO2e/(m²·a)）', f2(streng3)],
    ['计算时间', chinaMinute((detail as { calculatedAt?: string }).calculatedAt) || '未计算'],
    ...(b.resultStale ? [['结果状态', STALE_REPORT] as [string, string]] : []),
    ...(quality?.grade ? [['数据质量等级', quality.grade] as [string, string]] : []),
  ];
  const marks = await dictItems(db, 'verification');
  notes.push(
    ...intensityNotes(basis, module),
    '碳排放总量与各阶段碳排放量均为计算时保存的数值，各自按两位小数显示；各阶段显示值之和可能与总量的显示值相差 0.01。',
    '可再生能源（光伏、太阳能热水等）的产能按其替代的能源抵减运行碳排放，抵减量不超过运行能耗的碳排放（运行合计不低于零）。',
    '未单独填写排放因子的用电按上述电网排放因子计算，记为默认值。',
    `核实标记：${
      Object.entries(marks ? flattenDict(marks) : {})
        .map(([k, v]) => `${k} ${v}`)
        .join('、') || '—'
    }${unchecked ? '；标记为 M、D、U 或来源标注“回忆值”“推导值”“来源未知”的数值尚待核实' : ''}。`,
  );
  return {
    building: b,
    title: `${text(b.name)} 建筑碳排放${mod?.label ?? ''}报告`,
    cover,
    info,
    boundary,
    stages,
    totals,
    quality,
    notes,
    // 合理性检查 first, then the decision tools' sections
    decision: [
      plausibilitySection(detail as Parameters<typeof plausibilitySection>[0]),
      ...decisionSections(await turn().then(() => decisionReport(db, caller, b))),
    ],
    chart: withTotal.map((s) => ({ code: s.code, name: s.name, value: roundTo(s.total ?? 0) })),
    total,
    streng3,
  };
}
