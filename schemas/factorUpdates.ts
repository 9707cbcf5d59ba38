// The factor-version answers: a building's superseded factors and the recalculation on the current
// versions, as src/server/factors/ builds them and src/client/factors/ shows them — one definition for both sides.

/** Where a building uses a factor: the stage, the row property that names it, how many rows. */
export interface FactorUse {
  code: string;
  title: string;
  prop: string;
  rows: number;
}

/** One version of a library factor, as the recalculation dialog shows it. */
export interface FactorVersion {
  id: number;
  name: string;
  version: number;
  materialCo: number | null;
  coUnit: string;
  unit: string;
  density: number | null;
  source: string;
}

/** A superseded factor: the version the building uses, the lineage's current one (null only if lost), its uses. */
export interface FactorChange {
  old: FactorVersion;
  current: FactorVersion | null;
  uses: FactorUse[];
}

export interface Change {
  before: number | null;
  after: number | null;
  /** after − before (a missing figure counts 0) */
  diff: number;
}

export interface StageChange extends Change {
  code: string;
  title: string;
}

/**
 * POST tpf3Project/{id}/recalculate/preview|apply: each stage's stored total before, after and the difference (tCO2e).
 */
export interface RecalcAnswer {
  stages: StageChange[];
  total: Change;
  /** 碳排放强度 kgCO2e/(m²·a) */
  intensity: Change;
  factors: FactorChange[];
  /** uses that stay on their old version, with the reason */
  left: string[];
  applied: boolean;
}
