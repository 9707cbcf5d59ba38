// The result detail a calculation stores with the building (tpf3Project.resultDetail, written by
// src/server/stages/calculate.ts) and everything that explains a result reads: the trace endpoint, the reports,
// the result page. tCO2e throughout.
import type { IntensityBasis } from './intensity';
import type { PlausibilityReview } from './plausibility';
import type { ModuleView } from './modules';

/** One stage as last calculated. */
export interface StageDetail {
  total?: number;
  method?: string | null;
  /** rows calculated */
  rows?: number;
  notes?: string[];
  warnings?: string[];
  /** rows the calculation filled a default into */
  defaults?: number;
  quality?: Record<string, number>;
  /** the standard's boundary does not contain the stage (waste under GB) */
  outsideBoundary?: string;
}

export interface ResultDetail {
  calculatedAt?: string;
  /** per runtime part */
  parts?: Record<string, number>;
  breakdown?: Record<string, number>;
  stages?: Record<string, StageDetail>;
  quality?: Record<string, number>;
  /** % of the positive emissions */
  qualityShares?: Record<string, number>;
  grade?: 'A' | 'B' | 'C' | 'D' | null;
  warnings?: string[];
  /** what the per-area and per-year figures divide by (src/calc/intensity.ts); absent in older results */
  basis?: IntensityBasis;
  /** 合理性检查: what the calculation found out of the published ranges; absent in older results */
  plausibility?: PlausibilityReview | null;
  /** the EN 15978 module view (src/calc/modules.ts); absent in older results */
  modules?: ModuleView;
}
