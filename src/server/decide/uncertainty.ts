// Uncertainty at 估算 and 概预算 (issue 13 §5): which inputs each row depends on is found by running the engine again
// with each input moved by 10 % (grid factor, design life, every transport distance) — elasticity ln(E'/E) / ln 1.1 —
// so no formula is re-implemented here; then src/calc/decide/montecarlo.ts draws. A row on the building's grid factor
// takes the grid range, not its data-quality band (one uncertainty per number).
import { DATA_QUALITY, QUALITY_VALUES, type DataQuality } from '../../../schemas/factors/kinds';
import { calculateBuilding, type StageInput } from '../../calc/building';
import { DISTANCE_BAND, LIFE_BAND, QUALITY_BANDS, simulate, symmetric, type McRow } from '../../calc/decide/montecarlo';
import { formatNumber } from '../../calc/format';
import type { BuildingContext, Row } from '../../calc/stage';
import type { Db } from '../db/database';
import type { ApiRecord } from '../db/record';
import { badRequest } from '../errors';
import { resourceDef } from '../registry';
import { calcContext, stageInputs, stageRows } from '../stages/calculate';
import { gridRange } from './gridRange';
import type { UncertaintyAnswer } from '../../calc/decide/types';

export const UNCERTAINTY_MSG = {
  accounting: '核算模块基于实际发生数据，不做不确定性分析',
  notCalculated: '请先完成计算',
} as const;
const STEP = 1.1;
const QUALITY_LABEL = Object.fromEntries(DATA_QUALITY) as Record<DataQuality, string>;
const pctText = (h: number) => `±${formatNumber(h * 100, 0)}%`;

type Emissions = Map<string, number>;

function emissions(inputs: StageInput[], ctx: BuildingContext): Emissions {
  const out: Emissions = new Map();
  for (const s of calculateBuilding(inputs, ctx).stages) for (const r of s.rows) if (r.emission != null) out.set(`${s.code}#${r.id}`, r.emission);
  return out;
}

const elasticity = (base: number, moved: number | undefined) => {
  if (moved === undefined || base === 0 || !(moved / base > 0)) return 0;
  const e = Math.log(moved / base) / Math.log(STEP);
  return Math.abs(e) < 1e-9 ? 0 : Math.round(e * 1e6) / 1e6;
};

const withDistances = (inputs: StageInput[]): StageInput[] =>
  inputs.map((s) => ({
    ...s,
    rows: s.rows.map((r) => {
      const moved: Row = { ...r };
      for (const k of ['distance', 'defaultDistance']) if (typeof r[k] === 'number') moved[k] = (r[k] as number) * STEP;
      return moved;
    }),
  }));

export async function uncertainty(db: Db, building: ApiRecord, opts: { draws?: number; seed?: number } = {}): Promise<UncertaintyAnswer> {
  if (building.computeMethod === 'accounting') throw badRequest(UNCERTAINTY_MSG.accounting);
  if (building.total == null) throw badRequest(UNCERTAINTY_MSG.notCalculated);
  const draws = opts.draws ?? 2000;
  const seed = opts.seed ?? 1;
  const inputs = await db.transaction().execute(async (trx) => stageInputs(building, (def) => stageRows(trx, def, building.id)));
  const ctx = await calcContext(db, building);
  const base = emissions(inputs, ctx);
  const grid = ctx.gridFactor ? emissions(inputs, { ...ctx, gridFactor: ctx.gridFactor * STEP }) : new Map();
  const life = emissions(inputs, { ...ctx, years: ctx.years * STEP });
  const distance = emissions(withDistances(inputs), ctx);
  const factorNames = await names(db, inputs);
  const rows: McRow[] = [];
  for (const s of inputs) {
    const code = s.schema['x-stage']!.code;
    for (const r of s.rows) {
      const key = `${code}#${r.id}`;
      const e0 = base.get(key);
      if (!e0) continue;
      const g = elasticity(e0, grid.get(key));
      const quality = (QUALITY_VALUES as string[]).includes(String(r.quality)) ? (r.quality as DataQuality) : 'estimate';
      const label = String(r.materialName ?? r.name ?? `#${r.id}`);
      const factorKey = g >= 0.5 ? null : typeof r.factorId === 'number' ? `f${r.factorId}` : `${key}`;
      const name = typeof r.factorId === 'number' ? (factorNames.get(r.factorId) ?? label) : label;
      rows.push({ emission: e0, grid: g, life: elasticity(e0, life.get(key)), distance: elasticity(e0, distance.get(key)), factorKey, quality, label, factorLabel: `${name}（${QUALITY_LABEL[quality]} ${pctText(QUALITY_BANDS[quality])}）` });
    }
  }
  const range = rows.some((r) => r.grid !== 0) ? await gridRange(db, building) : null;
  const quality = Object.fromEntries(QUALITY_VALUES.map((q) => [q, symmetric(QUALITY_BANDS[q])])) as Record<DataQuality, ReturnType<typeof symmetric>>;
  const started = performance.now();
  const sim = simulate({ rows, grid: range?.tri ?? null, life: symmetric(LIFE_BAND), distance: symmetric(DISTANCE_BAND), quality, area: ctx.area, years: ctx.years, draws, seed });
  const elapsedMs = Math.round((performance.now() - started) * 100) / 100;
  const y = ctx.years;
  const inputsText = [
    ...(range ? [{ label: '电网排放因子', distribution: range.text }] : []),
    { label: '设计使用年限', distribution: `三角分布 ${formatNumber(y * (1 - LIFE_BAND))}–${formatNumber(y)}–${formatNumber(y * (1 + LIFE_BAND))} 年（${pctText(LIFE_BAND)}）` },
    ...(rows.some((r) => r.distance !== 0) ? [{ label: '运输距离', distribution: `各运输行独立取三角分布，填写值 ${pctText(DISTANCE_BAND)}` }] : []),
    ...QUALITY_VALUES.map((q) => ({ label: `因子数据质量：${QUALITY_LABEL[q]}`, distribution: `三角分布 ${pctText(QUALITY_BANDS[q])}（同一因子各行共用一次抽样）` })),
  ];
  const notes = [
    `蒙特卡洛模拟 ${draws} 次（随机种子 ${seed}，结果可复现）；P10–P90 为 80% 的模拟结果所在区间。`,
    '各输入相互独立；电网因子与设计使用年限每次抽样全楼共用一个值。使用建筑电网因子的用电行只计电网因子的不确定性。',
  ];
  return { draws, seed, total: sim.total, intensity: sim.intensity, histogram: sim.histogram, tornado: sim.tornado, inputs: inputsText, notes, elapsedMs };
}

async function names(db: Db, inputs: StageInput[]): Promise<Map<number, string>> {
  const ids = [...new Set(inputs.flatMap((s) => s.rows.map((r) => r.factorId).filter((x): x is number => typeof x === 'number')))];
  if (!ids.length) return new Map();
  const rows = await db.selectFrom(resourceDef('tpf3BuildMaterial').table).select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.id), String(r.name)]));
}
