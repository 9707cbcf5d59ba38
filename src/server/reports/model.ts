// What a building's report says (PDF and Word draw the same model): cover, building information, calculation
// boundary and method, one section per wizard stage with every row, totals and intensity, and the notes on the
// assumptions. Numbers are formatted here with the shared format (src/calc/format.ts); emissions of rows in
// kgCO2e, stage totals in tCO2e.
import { menuTitle, moduleDef, splitMenus, STANDARD_NAMES, wizardStages, type StandardCode } from '../../../schemas/standards';
import type { Caller } from '../db/caller';
import type { Db } from '../db/database';
import { columnName } from '../db/naming';
import { toRecord, type ApiRecord, type Row } from '../db/record';
import { repo } from '../db/repo';
import { readScope } from '../db/scope';
import { schemaColumns, type ExportColumn } from '../excel/workbook';
import { stageDef } from '../stages/calculate';
import { DECIMALS, formatNumber, roundTo } from '../../calc/format';
import { factorFields } from '../../../schemas/stages/fields';

const FACTOR_DECIMALS = factorFields('').factorValue['x-decimals'];

export interface ReportTable {
  header: string[];
  rows: string[][];
  /** Column indexes holding numbers (right-aligned). */
  numeric: number[];
}

export interface ReportStage {
  code: string;
  title: string;
  /** tCO2e; null for stages without emissions (核算信息补充, 核算凭证管理). */
  total: number | null;
  method: string | null;
  table: ReportTable;
  notes: string[];
}

export interface ReportModel {
  building: ApiRecord;
  title: string;
  cover: [string, string][];
  info: [string, string][];
  boundary: string[];
  stages: ReportStage[];
  totals: [string, string][];
  notes: string[];
  /** Positive totals by stage title for the share donut; all totals for the bar chart (tCO2e). */
  chart: { name: string; value: number }[];
  total: number;
  streng3: number | null;
}

/** The one number format (src/calc/format.ts), as on screen: '65,711.52'; '—' for nothing. */
export const f2 = (v: unknown): string => formatNumber(v, DECIMALS, '—');

/** A factor with the library's precision (its `x-decimals`, 4), as the stage pages show it. */
export const factorText = (v: unknown): string => formatNumber(v, FACTOR_DECIMALS, '—');

const text = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

function labelled(col: ExportColumn | undefined, v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.map((x) => col?.labels?.[String(x)] ?? String(x)).join('、');
  return col?.labels?.[String(v)] ?? String(v);
}

const INFO_FIELDS = ['engineeringName', 'name', 'code', 'site', 'buildType', 'structureType', 'buildArea', 'useDateLimit', 'buildYear', 'height', 'floorUp', 'floorDown', 'greenArea', 'buildOrg', 'designOrg', 'compileOrg'] as const;

/** The quantity a row's emission is calculated from, with its unit. */
const QUANTITY_KEYS: [string, string | null][] = [
  ['quantity', null],
  ['annualQuantity', null],
  ['area', 'm²'],
  ['ratio', '%'],
];

const MARKS = ['回忆值', '推导值', '来源未知'];

export async function reportModel(db: Db, caller: Caller, building: ApiRecord, now = new Date()): Promise<ReportModel> {
  const bschema = repo(db, 'tpf3Project').schema;
  const cols = new Map((await schemaColumns(db, bschema, [...INFO_FIELDS, 'computeMethod'])).map((c) => [c.key, c]));
  const b = building;
  const module = String(b.computeMethod);
  const mod = moduleDef(module);
  const standardName = STANDARD_NAMES[b.standard as StandardCode] ?? text(b.standard);
  const detail = (b.resultDetail ?? {}) as { stages?: Record<string, { total?: number; method?: string | null; notes?: string[] }> };
  const date = `${now.getFullYear()}年${now.getMonth() + 1}月${now.getDate()}日`;

  const cover: [string, string][] = [
    ['单体建筑', text(b.name)],
    ['所属项目', text(b.engineeringName)],
    ['计算标准', standardName],
    ['计算模块', mod ? `${mod.label}（${mod.name}）` : text(module)],
    ['项目阶段', text(b.stage)],
    ['编制单位', text(b.compileOrg)],
    ['报告日期', date],
  ];

  const info: [string, string][] = INFO_FIELDS.map((k) => {
    const col = cols.get(k);
    const v = b[k];
    const value = col?.kind === 'number' ? f2(v) : labelled(col, v);
    return [col?.title ?? k, value];
  });

  const codes = wizardStages(module, splitMenus(b.menus as string));
  const stages: ReportStage[] = [];
  const notes: string[] = [];
  for (const code of codes) {
    const def = stageDef(code);
    if (!def) continue;
    let q = db.selectFrom(def.table).selectAll().where(columnName('projectId'), '=', b.id);
    const scope = readScope(def.meta, caller);
    if (scope) q = q.where(scope);
    const rows = ((await q.orderBy('id').execute()) as Row[]).map((r) => toRecord(def.schema, r));
    const title = menuTitle(module, code) ?? def.schema.title ?? code;
    const props = def.schema.properties as Record<string, Record<string, unknown>>;
    const sd = detail.stages?.[code];
    const stageNotes = [...(sd?.notes ?? [])];
    const methods = (def.schema['x-stage'] as { methods?: { value: string; label: string }[] } | undefined)?.methods;
    const method = sd?.method ? (methods?.find((m) => m.value === sd.method)?.label ?? sd.method) : null;
    let table: ReportTable;
    let total: number | null = null;
    if ('emission' in props) {
      const scols = new Map((await schemaColumns(db, def.schema)).map((c) => [c.key, c]));
      const partField = (def.schema['x-stage'] as { partField?: string } | undefined)?.partField;
      // a row without its own factor uses the building's grid electricity factor where the formula says so
      const usesGrid = JSON.stringify(def.schema['x-formula'] ?? '').includes('gridFactor');
      const marked = new Map<string, string[]>();
      table = {
        header: ['序号', '名称', '数量', '单位', '排放因子', '因子单位', '因子来源', '碳排放量(kgCO2e)'],
        numeric: [0, 2, 4, 7],
        rows: rows.map((r, i) => {
          const qk = QUANTITY_KEYS.find(([k]) => k in props && r[k] !== null && r[k] !== undefined && r[k] !== '');
          const name = text(r.materialName ?? r.name);
          const part = partField && r[partField] ? `${labelled(scols.get(partField), r[partField])} · ` : '';
          const spec = r.spec ? ` ${String(r.spec)}` : '';
          const grid = usesGrid && (r.factorValue === null || r.factorValue === undefined) && b.gridFactorValue != null;
          const source = grid ? `电网排放因子：${text(b.gridFactorSource)}` : text(r.factorSource);
          if (MARKS.some((m) => source.includes(m))) marked.set(source, [...(marked.get(source) ?? []), name]);
          return [
            String(i + 1),
            `${part}${name}${spec}`,
            qk ? f2(r[qk[0]]) : '—',
            qk ? (qk[1] ?? text(r.unit)) : text(r.unit),
            factorText(grid ? b.gridFactorValue : r.factorValue),
            text(grid ? b.gridFactorUnit : r.factorUnit),
            source,
            f2(r.emission),
          ];
        }),
      };
      for (const [source, names] of marked) notes.push(`${title}${names.map((x) => `「${x}」`).join('、')}的排放因子来源标注为：${source}。`);
      const skipped = rows.filter((r) => r.emission === null || r.emission === undefined).length;
      if (skipped && method) stageNotes.push(`${skipped} 行不属于所选计算方式「${method}」，未计入本阶段合计（碳排放量显示为 —）`);
      total = sd?.total ?? rows.reduce((a, r) => a + (Number(r.emission) || 0), 0) / 1000;
    } else {
      const shown = Object.entries(props).filter(([k, p]) => k !== 'projectId' && p['x-list'] !== false);
      const scols = new Map((await schemaColumns(db, def.schema)).map((c) => [c.key, c]));
      table = {
        header: shown.map(([k, p]) => String(p.title ?? k)),
        numeric: [],
        rows: rows.map((r) => shown.map(([k]) => (scols.get(k)?.kind === 'number' ? f2(r[k]) : labelled(scols.get(k), r[k])))),
      };
    }
    for (const n of stageNotes) notes.push(`${title}：${n}`);
    stages.push({ code, title, total, method, table, notes: stageNotes });
  }

  const withTotal = stages.filter((s) => s.total !== null);
  const total = Number(b.total ?? withTotal.reduce((a, s) => a + (s.total ?? 0), 0));
  const streng3 = b.streng3 === null || b.streng3 === undefined ? null : Number(b.streng3);
  const boundary = [
    `计算依据：《建筑碳排放计算标准》GB/T 51366-2019${b.standard && b.standard !== 'GB' ? `，并按${standardName}` : ''}。`,
    `计算模块：${mod?.name ?? module}；项目阶段：${text(b.stage)}。`,
    `计算边界（纳入的阶段）：${stages.map((s) => s.title).join('、') || '—'}。`,
    `设计使用年限 ${text(b.useDateLimit)} 年，建筑面积 ${f2(b.buildArea)} m²。`,
    `电网排放因子：${b.gridFactorValue === null || b.gridFactorValue === undefined ? '未设置' : `${factorText(b.gridFactorValue)} ${text(b.gridFactorUnit)}`}；来源：${text(b.gridFactorSource)}。`,
    '各行碳排放量 = 活动数据 × 排放因子（kgCO2e），阶段合计以 tCO2e 计；碳汇为负值（吸收）。',
  ];
  const totals: [string, string][] = [
    ...withTotal.map((s): [string, string] => [`${s.title}（tCO2e）`, f2(s.total)]),
    ['碳排放总量（tCO2e）', f2(total)],
    ['单位面积年均碳排放强度（kgCO2e/(m²·a)）', f2(streng3)],
  ];
  notes.push(
    '碳排放强度 = 碳排放总量 × 1000 ÷（设计使用年限 × 建筑面积），单位 kgCO2e/(m²·a)。',
    '可再生能源（光伏、太阳能热水等）的产能按其替代的能源抵减运行碳排放，抵减量不超过运行能耗的碳排放（运行合计不低于零）。',
    '未单独填写排放因子的用电按上述电网排放因子计算；因子来源中标注“回忆值”“推导值”“来源未知”的数值尚待核实。',
  );
  return {
    building: b,
    title: `${text(b.name)} 建筑碳排放${mod?.label ?? ''}报告`,
    cover,
    info,
    boundary,
    stages,
    totals,
    notes,
    chart: withTotal.map((s) => ({ name: s.title, value: roundTo(s.total ?? 0) })),
    total,
    streng3,
  };
}
