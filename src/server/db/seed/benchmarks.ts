// The reference-line seed rows (tpf3Benchmark, 参考值库), read from ./data/benchmarks.csv. A row the
// research found no number for keeps value, low and high empty and is marked U (shown 未知).
import type { BenchmarkMetric } from '../../../../schemas/factors/tpf3Benchmark';
import { readSeedCsv } from './dataFiles';
import { num, str, type Verification } from './factors';

export interface SeedBenchmark {
  metric: BenchmarkMetric;
  name: string;
  buildType: string;
  region: string;
  dataYear: string;
  value: number | null;
  low: number | null;
  high: number | null;
  unit: string;
  verification: Verification;
  source: string;
  remarks: string;
}

export function loadSeedBenchmarks(): SeedBenchmark[] {
  return readSeedCsv('benchmarks.csv').map((r) => {
    const row: SeedBenchmark = {
      metric: str(r.metric) as BenchmarkMetric,
      name: str(r.name),
      buildType: str(r.build_type),
      region: str(r.region),
      dataYear: str(r.data_year),
      value: num(r.value),
      low: num(r.low),
      high: num(r.high),
      unit: str(r.unit),
      verification: str(r.verification) as Verification,
      source: str(r.source),
      remarks: str(r.remarks),
    };
    const known = row.value !== null || row.low !== null || row.high !== null;
    if (known === (row.verification === 'U'))
      throw new Error(`seed data benchmarks.csv: ${row.name}: a U row has no figure, every other row has one`);
    return row;
  });
}
