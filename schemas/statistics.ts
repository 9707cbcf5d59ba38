// The answer of GET tpf3ProjectV/statistics (统计分析): figures the database summed, so that a tenant of any size
// sends the page a few numbers, and the page can say what it summed.

export interface MethodFigures {
  code: string;
  label: string;
  /** completed buildings, the ones summed */
  completed: number;
  /** buildings not completed: not in the sums */
  incomplete: number;
  /** completed buildings whose result is older than their rows (summed as stored) */
  stale: number;
  /** result field → tCO2e over the completed buildings, a sink negative */
  sums: Record<string, number>;
}

export interface EngineeringTotals {
  /** engineering projects the caller may read */
  count: number;
  /** their buildings the caller may read, and the completed ones */
  buildings: number;
  completed: number;
  /** tCO2e of the completed buildings */
  total: number;
}

export interface Statistics {
  methods: MethodFigures[];
  engineerings: EngineeringTotals;
}
