// The answers of the decision routes (src/server/decide/routes.ts), shared with the client
// (src/client/decide/decideApi.ts). t = tCO2e, kg = kgCO2e; intensities kgCO2e/(m²·a) unless named.
import type { RowChange, StageDiff, WaterfallStep } from './compare';
import type { Band, TornadoBar } from './montecarlo';

export type { Band, RowChange, StageDiff, TornadoBar, WaterfallStep };
export type Module = 'estimate' | 'budget' | 'accounting';

export type Verification = 'V' | 'V2' | 'M' | 'D' | 'U';

export type Metric = 'embodied' | 'operation' | 'lifecycle';

export interface BuildingFigures {
  id: number;
  name: string;
  module: Module;
  buildType: string;
  /** m² (核算: 竣工建筑面积 when 核算信息补充 gives one) */
  area: number;
  /** design life (a) */
  years: number;
  /** the years 建筑运行 covers (a): the design life, or 核算's operating years (src/calc/intensity.ts) */
  operationYears: number;
  /** how the intensities are defined, and the accounting basis (shown under the figures) */
  notes: string[];
  calculated: boolean;
  /** t */
  total: number | null;
  /** embodied (建材生产 + 建材运输 + 建筑建造) kgCO2e/m² */
  embodied: number | null;
  /** operation (建筑运行 per year + 碳汇 per year, GB/T 51366 §4.1) kgCO2/(m²·a) */
  operation: number | null;
  /** life cycle = streng3, kgCO2e/(m²·a) */
  lifecycle: number | null;
}

export interface Gb55015Check {
  /** the reference building's (2016-standard design) operation intensity the user entered, kgCO2/(m²·a) */
  refOperation: number | null;
  operation: number | null;
  /** refOperation − operation */
  reduction: number | null;
  /** 7 */
  required: number;
  /** null when either figure is missing */
  pass: boolean | null;
  /** the sentence shown (pass, fail, or what is missing) */
  text: string;
}

export interface PublishedLine {
  id: number;
  metric: Metric;
  /** 隐含碳排放强度 / 运行碳排放强度 / 全生命周期碳排放强度 */
  metricLabel: string;
  name: string;
  buildType: string;
  region: string;
  dataYear: string;
  /** null = unknown (shown 未知, never 0) unless a range is given */
  value: number | null;
  low: number | null;
  high: number | null;
  unit: string;
  verification: Verification;
  /** 已核实 / 双来源核实 / 回忆值 / 推算值 / 未知 */
  verificationLabel: string;
  source: string;
  remarks: string;
  /** the building's figure of the same metric */
  buildingValue: number | null;
  /** (buildingValue − value) / value × 100, null when either is unknown */
  diffPct: number | null;
}

export interface PercentileAnswer {
  /**
   * buildings in the set (this one included): the tenant's completed, calculated buildings of the same type and module
   */
  peers: number;
  /** 5 */
  min: number;
  /** 1 = lowest intensity; null below min */
  rank: number | null;
  /** (rank − 1) / (peers − 1) × 100, 2 decimals; null below min */
  percentile: number | null;
  /** kgCO2e/(m²·a); null below min */
  median: number | null;
  text: string;
}

export interface ReferenceAnswer {
  building: BuildingFigures;
  gb55015: Gb55015Check;
  published: PublishedLine[];
  percentile: PercentileAnswer;
}

export type StageFields = Record<string, number>;

export interface Variant {
  id: number;
  projectId: number;
  name: string;
  /** what it came from: '手动保存' or '替代：C30混凝土 → C30混凝土（掺矿渣）' */
  origin: string;
  isBaseline: boolean;
  /** its data is the building's live data (the stage screens edit it) */
  isCurrent: boolean;
  rowCount: number;
  /** t; null before its first calculation */
  total: number | null;
  streng3: number | null;
  fields: StageFields;
  calculatedAt: string | null;
  createDate: string;
  createByName: string;
}

export interface VariantList {
  variants: Variant[];
  /** may the caller change the building (create, switch, delete) */
  canEdit: boolean;
}

export interface VariantComparison {
  variant: Variant;
  stages: StageDiff[];
  /** t */
  totalDiff: number;
  totalDiffPct: number | null;
  waterfall: WaterfallStep[];
  /** the largest row changes, |diff| descending, at most 20 */
  changes: RowChange[];
}

export interface CompareAnswer {
  baseline: Variant;
  compared: VariantComparison[];
}

export interface Substitute {
  factorId: number;
  name: string;
  /** the factor's Chinese label as the pickers show it */
  label: string;
  /** kgCO2e per row unit */
  factorValue: number;
  factorUnit: string;
  source: string;
  verification: Verification | null;
  /** kg the row would emit with it */
  emission: number;
  /** kg saved: row emission − emission */
  saving: number;
  savingPct: number;
}

export interface Hotspot {
  stage: string;
  stageTitle: string;
  rowId: number;
  label: string;
  quantity: number | null;
  unit: string;
  factorName: string | null;
  factorValue: number | null;
  factorUnit: string | null;
  /** kg */
  emission: number;
  /** % of the building's total (positive rows) */
  share: number;
  cumulative: number;
  /** material rows (建材生产) only; lower-carbon factors of the same type, 小类 and unit, saving descending, ≤ 5 */
  substitutes: Substitute[];
}

export interface HotspotAnswer {
  /** kg, the sum of the positive rows */
  total: number;
  rows: Hotspot[];
  notes: string[];
}

export interface Phase {
  id: number;
  name: string;
  module: Module;
  moduleLabel: string;
  calculated: boolean;
  total: number | null;
  streng3: number | null;
  fields: StageFields;
  /** may the caller open it */
  readable: boolean;
}

export interface PhaseStep {
  from: string;
  to: string;
  /** t */
  diff: number;
  diffPct: number | null;
  stages: StageDiff[];
  /** the largest changes named: stages and materials, |diff| descending, ≤ 5 */
  largest: { label: string; diff: number }[];
}

export interface PhaseAnswer {
  phases: Phase[];
  steps: PhaseStep[];
  waterfall: WaterfallStep[];
  notes: string[];
  canEdit: boolean;
}

export interface PhaseCandidate {
  id: number;
  name: string;
  module: Module;
  moduleLabel: string;
  engineeringName: string;
}

export interface UncertaintyInput {
  label: string;
  /** '三角分布 0.5306–0.5827–0.5810 kgCO2/kWh（江苏 2021–2023）' */
  distribution: string;
}

export interface UncertaintyAnswer {
  draws: number;
  seed: number;
  /** t */
  total: Band;
  /** kgCO2e/(m²·a); null without area */
  intensity: Band | null;
  /** histogram of the total: bin lower edges (t) and counts */
  histogram: { from: number; to: number; count: number }[];
  tornado: TornadoBar[];
  inputs: UncertaintyInput[];
  notes: string[];
  /** ms the draws took on the server */
  elapsedMs: number;
}
