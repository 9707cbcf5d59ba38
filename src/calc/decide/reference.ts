// Reference lines of a result, pure: the building's own intensities, the GB 55015-2021 check (new
// residential and public buildings cut operation carbon by at least 7 kgCO2/(m²·a) against the 2016-standard
// design, clause 2.0.3), which published lines apply to a building type, and the building's percentile among its
// tenant's peers (at least 5, this one included).
import { formatNumber, roundTo } from '../format';
import { basisOf, figuresOf, operationIntensity } from '../intensity';
import { phaseTotal } from '../../../schemas/results';

export const GB55015_REDUCTION = 7;
export const PERCENTILE_MIN_PEERS = 5;
/** A published line not tied to one building type. */
export const ALL_TYPES = '全部';

/** The building's stored result fields (tCO2e), area (m²), design life (a) and resultDetail.basis. */
export type ResultFigures = Record<string, unknown>;

/** What the operation intensity is, in the words the card, the compare page, the report and the workbook show. */
export const OPERATION_BASIS = '按 GB/T 51366-2019 第4.1条，碳汇计入运行阶段';

const n = (v: unknown) => (typeof v === 'number' ? v : Number(v) || 0);

/**
 * On the result's basis (src/calc/intensity.ts: area A — 核算: 竣工建筑面积 —, design life y, the years y_op 建筑运行
 * covers): embodied = the embodied phase's stages (建材生产 + 建材运输 + 建筑建造) t × 1000 / A (kgCO2e/m²);
 * operation = (建筑运行 × 1000 / y_op + 碳汇 × 1000 / y) / A (kgCO2/(m²·a), GB/T 51366 §4.1 counts the sink in the
 * operation stage); lifecycle = the stored intensity streng3. 2 decimals; null without area (or life) or a result.
 */
export function buildingFigures(b: ResultFigures, calculated: boolean) {
  const area = basisOf(b).area;
  if (!calculated || !(area > 0)) return { embodied: null, operation: null, lifecycle: null };
  const embodied = roundTo((phaseTotal(b, 'embodied') * 1000) / area, 2);
  const exact = exactOperation(b, calculated);
  const operation = exact == null ? null : roundTo(exact, 2);
  const lifecycle = b.streng3 == null ? null : n(b.streng3);
  return { embodied, operation, lifecycle };
}

/** The operation intensity unrounded (the GB 55015 check compares this, not the shown 2 decimals). */
export function exactOperation(b: ResultFigures, calculated: boolean): number | null {
  return calculated ? operationIntensity(figuresOf(b), basisOf(b)) : null;
}

const f = (v: number) => formatNumber(v);

/**
 * Met when reference − design ≥ 7 on the UNROUNDED figures (a 6.997 reduction is not 7.00); only float
 * noise (1e-9) is forgiven. `operation` is the exact intensity; the answer shows both figures to 2 decimals, and the
 * unrounded reduction when its 2 decimals would read as the other verdict.
 */
export function gb55015Check(refOperation: number | null, exact: number | null) {
  const required = GB55015_REDUCTION;
  const operation = exact == null ? null : roundTo(exact, 2);
  if (refOperation == null || exact == null || operation == null) {
    const text =
      refOperation == null
        ? '请输入基准建筑（按 2016 年版节能设计标准设计）的运行碳排放强度，以核对 GB 55015-2021 的降碳要求'
        : '本单体尚无运行碳排放强度（未计算或缺少建筑面积、设计使用年限），无法核对 GB 55015-2021 的降碳要求';
    return { refOperation, operation, reduction: null, required, pass: null, text };
  }
  const unrounded = refOperation - exact;
  const reduction = roundTo(unrounded, 2);
  const pass = unrounded >= required - 1e-9;
  const misleading = pass !== reduction >= required;
  const head = `运行碳排放强度（含碳汇）${f(operation)} kgCO2/(m²·a)，较基准建筑 ${f(refOperation)} 降低 ${f(reduction)}${misleading ? `（未取整为 ${formatNumber(unrounded, 4)}）` : ''} kgCO2/(m²·a)，`;
  const text = `${head}${pass ? '满足' : '未达到'} GB 55015-2021 降低不少于 ${required} kgCO2/(m²·a) 的要求`;
  return { refOperation, operation, reduction, required, pass, text };
}

/** A line applies to '全部' or to any level of the building's type path ('公共建筑/办公建筑/商务办公'). */
export function lineApplies(lineType: string, buildType: string): boolean {
  const t = lineType.trim();
  return (
    t === ALL_TYPES ||
    buildType
      .split('/')
      .map((s) => s.trim())
      .includes(t)
  );
}

/** (building − line) / line × 100, 2 decimals; null when either is unknown or the line is 0. */
export function diffPct(buildingValue: number | null, value: number | null): number | null {
  return buildingValue == null || value == null || value === 0
    ? null
    : roundTo(((buildingValue - value) / value) * 100, 2);
}

/**
 * rank = 1 + the peers with a lower intensity (1 = lowest), percentile = (rank − 1) / (n − 1) × 100: the share of
 * the other peers below this building. `peers` holds every peer's intensity, this building's included.
 */
export function percentileOf(own: number | null, peers: number[], min = PERCENTILE_MIN_PEERS) {
  const count = peers.length;
  if (own == null || count < min) {
    return {
      peers: count,
      min,
      rank: null,
      percentile: null,
      median: null,
      text: `同类已完成计算的单体不足 ${min} 个（当前 ${count} 个），暂不显示百分位`,
    };
  }
  const rank = 1 + peers.filter((p) => p < own).length;
  const percentile = roundTo(((rank - 1) / (count - 1)) * 100, 2);
  const sorted = [...peers].sort((a, b) => a - b);
  const mid = Math.floor(count / 2);
  const median = roundTo(count % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2, 2);
  const text = `在本集团 ${count} 个同类单体（同建筑类型、同计算模块）中，碳排放强度由低到高排第 ${rank} 位，百分位 ${f(percentile)}%`;
  return { peers: count, min, rank, percentile, median, text };
}
