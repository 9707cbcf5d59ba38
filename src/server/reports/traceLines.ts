// One line per stage row of how its emission was made, shared by the PDF/Word tables and the
// workbook's 计算过程 sheet: quantity × factor (value, unit, source, the library's verification mark) =
// emission, the row's data-quality class, where an imported row's quantity came from (数据来源), the 默认值 the calculation
// filled in (title value unit — source), the formula with its numbers where it reads more than quantity and factor
// (transport, operation), and the save rules a stored row breaks. The row keeps only its 默认值 and problems (its `trace`
// column); the words and numbers are derived again from the row as calculated (src/calc/stage.ts explainRow), with the
// building's context and the stored stage totals a formula may read.
import { breathe } from '../db/breathe';
import { DATA_QUALITY } from '../../../schemas/factors/kinds';
import type { Db } from '../db/database';
import type { ApiRecord } from '../db/record';
import { schemaColumns } from '../excel/workbook';
import { resourceDef } from '../db/registry';
import { dictItems, flattenDict } from '../cache/dicts';
import { DECIMALS, formatNumber } from '../../calc/format';
import { explainRow, type BuildingContext, type Row as CalcRow } from '../../calc/stage';
import { QUANTITY_KEYS } from '../../calc/trace';
import { calcContext } from '../stages/calculate';
import { rowSource } from '../stages/rowSource';
import type { StageData } from './stageData';

interface TraceShape {
  formula?: string;
  numbers?: string;
  inputs?: { field: string; title: string; value: number | string; unit?: string; note?: string }[];
  conversions?: string[];
  defaults?: { field: string; title: string; value: number; unit?: string; source: string }[];
  problems?: string[];
  notices?: string[];
}

export interface TraceLine {
  /** 1-based within its stage */
  index: number;
  /** '空调供冷 · 冷水机组 规格' */
  name: string;
  quantity: number | null;
  quantityUnit: string;
  factorValue: number | null;
  factorUnit: string;
  factorSource: string;
  /** the library's mark of the factor used (V, V2, M, D, U); null when typed in or unknown */
  verification: string | null;
  /** the data-quality class label ('EPD'); '' for a row not counted */
  quality: string;
  /** its reference: the EPD number or the database named */
  qualityRef: string;
  /** where an imported row's quantity came from (a budget file's rows, a BIM model's materials); null when typed */
  source: string | null;
  /** '运输距离(km) 40 km — GB/T 51366-2019 第6.3.2条' */
  defaults: string[];
  /** the unit conversions: '330,000 kg = 330 t' */
  conversions: string[];
  /** '用量 × 单位质量(t/单位) × 运输距离(km) × 运输因子 = 100 × 2.4 × 40 × 0.078 = 748.80 kgCO2e' */
  calc: string | null;
  problems: string[];
  /** what to check, the row still counting: an EPD factor past its validity (kept by the calculation only) */
  notices: string[];
  /** kgCO2e; null for a row of a method not chosen */
  emission: number | null;
}

/** What every stage's lines need once: the factors' marks, the grid factor's class and mark, the labels. */
export interface TraceContext {
  marks: Map<number, string | null>;
  qualityLabels: Record<string, string>;
  grid: { value: unknown; unit: string; source: string; quality: string | null; mark: string | null };
  /** what explainRow needs: the building's context, the chosen methods, the stage totals (kgCO2e) */
  calc: BuildingContext;
  methods: Record<string, string>;
  stageTotals: Record<string, number>;
}

/** The unit a quantity's title names when the row has no unit field: '数量(t)' → 't'. */
const titleUnit = (p: unknown) =>
  /[(（]([^()（）]+)[)）]$/.exec(String((p as { title?: string } | undefined)?.title ?? ''))?.[1] ?? '';
const given = (v: unknown) => v !== null && v !== undefined && v !== '';
const text = (v: unknown) => (given(v) ? String(v) : '');
/** A default's or input's value: up to 4 decimals, no trailing zeros ('40', '0.5827', '8,760'). */
const compact = (v: unknown) => (typeof v === 'number' ? formatNumber(v, 4).replace(/\.?0+$/, '') : String(v));

export async function traceContext(db: Db, b: ApiRecord, stages: StageData[]): Promise<TraceContext> {
  const ids = new Set<number>();
  for (const s of stages) for (const r of s.rows) if (typeof r.factorId === 'number') ids.add(r.factorId);
  if (typeof b.gridFactorId === 'number') ids.add(b.gridFactorId);
  const marks = new Map<number, string | null>();
  let gridQuality: string | null = null;
  if (ids.size) {
    const found = await db
      .selectFrom(resourceDef('tpf3BuildMaterial').table)
      .select(['id', 'verification', 'quality'])
      .where('id', 'in', [...ids])
      .execute();
    for (const f of found) {
      marks.set(Number(f.id), (f.verification as string | null) ?? null);
      if (f.id === b.gridFactorId) gridQuality = (f.quality as string | null) ?? null;
    }
  }
  const items = await dictItems(db, 'dataQuality');
  const qualityLabels = { ...Object.fromEntries(DATA_QUALITY), ...(items ? flattenDict(items) : {}) } as Record<
    string,
    string
  >;
  const grid = {
    value: b.gridFactorValue,
    unit: text(b.gridFactorUnit),
    source: text(b.gridFactorSource),
    quality: gridQuality,
    mark: typeof b.gridFactorId === 'number' ? (marks.get(b.gridFactorId) ?? null) : null,
  };
  const calc = await calcContext(db, b);
  const stageTotals = Object.fromEntries(stages.map((s) => [s.code, (s.detail.total ?? 0) * 1000]));
  return { marks, qualityLabels, grid, calc, methods: (b.stageMethods ?? {}) as Record<string, string>, stageTotals };
}

export async function stageTraceLines(db: Db, stage: StageData, ctx: TraceContext): Promise<TraceLine[]> {
  const props = stage.def.schema.properties as Record<string, unknown>;
  const partField = (stage.def.schema['x-stage'] as { partField?: string } | undefined)?.partField;
  const partLabels = partField ? ((await schemaColumns(db, stage.def.schema, [partField]))[0]?.labels ?? {}) : {};
  // a result stored before traces existed: an electricity row without its own factor used the grid factor
  const gridFormula = JSON.stringify(stage.def.schema['x-formula'] ?? '').includes('gridFactor');
  const lines: TraceLine[] = [];
  for (const [i, r] of stage.rows.entries()) {
    await breathe(i); // thousands of rows: other requests are answered between
    const counted = r.emission !== null && r.emission !== undefined;
    const stored = (r.trace ?? null) as TraceShape | null;
    const trace: TraceShape | null =
      (counted
        ? explainRow(stage.def.schema, r as CalcRow, ctx.calc, ctx.methods[stage.code], ctx.stageTotals)
        : undefined) ?? stored;
    const qk = QUANTITY_KEYS.find(([k]) => k in props && given(r[k]));
    const part =
      partField && given(r[partField]) ? `${partLabels[String(r[partField])] ?? String(r[partField])} · ` : '';
    const spec = given(r.spec) ? ` ${String(r.spec)}` : '';
    const gridDefault = trace?.defaults?.find((d) => d.field === 'factorValue');
    const onGrid =
      !!gridDefault || (!trace && counted && gridFormula && !given(r.factorValue) && given(ctx.grid.value));
    const qualityCode = given(r.quality) ? String(r.quality) : onGrid ? (ctx.grid.quality ?? 'database') : 'estimate';
    const qualityLabel = ctx.qualityLabels[qualityCode] ?? qualityCode;
    lines.push({
      index: i + 1,
      name: `${part}${text(r.materialName ?? r.name) || '—'}${spec}`,
      quantity: qk ? Number(r[qk[0]]) : null,
      quantityUnit: qk ? (qk[1] ?? (text(r.unit) || titleUnit(props[qk[0]]))) : text(r.unit),
      factorValue: onGrid
        ? Number(gridDefault?.value ?? ctx.grid.value)
        : given(r.factorValue)
          ? Number(r.factorValue)
          : null,
      factorUnit: onGrid ? (gridDefault?.unit ?? ctx.grid.unit) : text(r.factorUnit),
      factorSource: onGrid ? (gridDefault?.source ?? `单体电网排放因子：${ctx.grid.source}`) : text(r.factorSource),
      verification: onGrid
        ? ctx.grid.mark
        : typeof r.factorId === 'number'
          ? (ctx.marks.get(r.factorId) ?? null)
          : null,
      quality: counted ? qualityLabel : '',
      qualityRef: counted ? text(r.qualityRef) : '',
      source: rowSource(r),
      defaults: (trace?.defaults ?? []).map(
        (d) => `${d.title} ${compact(d.value)}${d.unit ? ` ${d.unit}` : ''} — ${d.source}`,
      ),
      conversions: trace?.conversions ?? [],
      calc: counted && trace ? calcText(trace, qk?.[0], Number(r.emission)) : null,
      problems: trace?.problems ?? [],
      // (the stored trace's: a row explained again has none of its own)
      notices: stored?.notices ?? [],
      emission: counted ? Number(r.emission) : null,
    });
  }
  return lines;
}

/**
 * The formula with its numbers, only where it reads more than the quantity and the factor (a plain
 * quantity × factor row says all in its columns; demolition by ratio reads another stage's total):
 * '<words> = <numbers> = <emission> kgCO2e'.
 */
function calcText(t: TraceShape, quantityKey: string | undefined, emission: number): string | null {
  const inputs = t.inputs ?? [];
  const operands = t.numbers ? t.numbers.split(/ [×÷+−-] /).length : 0;
  if (
    operands <= 2 &&
    !t.conversions?.length &&
    !inputs.some((x) => x.field !== quantityKey && x.field !== 'factorValue')
  )
    return null;
  const numbers =
    t.numbers ?? inputs.map((x) => `${x.title} ${compact(x.value)}${x.unit ? ` ${x.unit}` : ''}`).join('，');
  const notes = inputs.filter((x) => x.note).map((x) => x.note);
  return `${t.formula ?? ''} = ${numbers} = ${formatNumber(emission, DECIMALS)} kgCO2e${notes.length ? `（${notes.join('；')}）` : ''}`;
}
