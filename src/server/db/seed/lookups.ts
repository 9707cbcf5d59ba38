// The lookup-table seed rows (tpf3Lookup, 参数表管理): operation-stage tables (shading, heating/cooling sources,
// heat recovery, elevators, PV, hot-water heaters, wind roughness) and construction tables (GB/T 51366 App. C
// machine shifts, construction/demolition shortcuts), read from the CSV tables copied into ./data. See
// ./data/README.md for where each table comes from. System rows: seed.ts inserts them with tenant_id null.
// How a cell becomes a row: ./lookupRules.ts; the rows not seeded and the Chinese labels: ./lookupData.ts.
import { readSeedCsv } from './dataFiles';
import { checkSkipped, LOOKUP_FILES } from './lookupData';
import { elevatorClass, elevatorUsage } from './lookupElevator';
import { constructionMachine, demolition } from './lookupConstruction';
import { dhwHeater, heatRecovery, hvacSource, pv, shading, windRoughness } from './lookupOperation';
import type { SeedLookup } from './lookupRules';

export { LOOKUP_FILES, LOOKUP_SKIPPED } from './lookupData';
export { conservative, type SeedLookup } from './lookupRules';

/** Every seed lookup row, table by table in the order of LOOKUP_TABLES. */
export function loadSeedLookups(): SeedLookup[] {
  checkSkipped();
  const vdi = readSeedCsv(LOOKUP_FILES.vdi4707);
  const elevator = readSeedCsv(LOOKUP_FILES.elevator);
  const pvRows = pv();
  return [
    ...shading(),
    ...hvacSource(),
    ...heatRecovery(),
    ...elevatorClass(vdi, elevator),
    ...elevatorUsage(vdi),
    ...pvRows.filter((r) => r.table === 'pvModule'),
    ...pvRows.filter((r) => r.table === 'pvOrientation'),
    ...dhwHeater(),
    ...windRoughness(),
    ...constructionMachine(),
    ...demolition(),
  ];
}
