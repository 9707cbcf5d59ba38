// What the lookup-table seed (./lookups.ts) reads besides the numbers: which CSV tables, the rows of them
// deliberately not seeded (./data/lookup_skipped.json: pointers, citations, design suggestions, each with its
// reason) and the Chinese labels the tables' English words and keys become (./data/lookup_labels.json).
// Both files are checked here when read, and every skipped row must still exist in its CSV.
import {
  arrayAt,
  type CsvRow,
  dataError,
  objectAt,
  readSeedCsv,
  readSeedJson,
  stringAt,
  stringMapAt,
} from './dataFiles';
import { str } from './factors';

/** The CSV tables the lookup seed reads, by file name (all in ./data). */
export const LOOKUP_FILES = {
  shading: 'lookup_shading.csv',
  hvac: 'lookup_hvac_sources.csv',
  heatRecovery: 'lookup_heat_recovery.csv',
  elevator: 'lookup_elevator.csv',
  vdi4707: 'elevator_vdi4707.csv',
  pv: 'lookup_pv.csv',
  dhw: 'lookup_dhw_heaters.csv',
  wind: 'wind_terrain_roughness.csv',
  machines: 'appC_machines.csv',
  construction: 'lookup_construction_demolition.csv',
} as const;

/**
 * Which bound of a range is the conservative one: 'low' for efficiencies and minimums, 'high' for losses and class
 * limits.
 */
export type Direction = 'low' | 'high';

/** A label with optional spec and unit overriding the table's. */
export interface Named {
  name: string;
  spec?: string;
  unit?: string;
}

export interface PvItem {
  name?: string;
  spec?: string;
  unit?: string;
  dir: Direction;
}

export interface LookupLabels {
  /** generic source words ('engineering practice') in Chinese */
  sourceWords: Record<string, string>;
  hvacWords: Record<string, string>;
  heatRecoveryWords: Record<string, string>;
  /** VDI 4707 usage categories */
  elevatorUsage: Record<string, Named & { spec: string }>;
  /** lookup_pv.csv `item` → label and which bound */
  pvItems: Record<string, PvItem>;
  /** lookup_pv.csv `key` → label */
  pvKeys: Record<string, Named>;
  machineConfidence: Record<string, string>;
  machineSources: Record<string, string>;
  /** lookup_construction_demolition.csv `item` → label */
  construction: Record<string, Named>;
}

const LABELS_FILE = 'lookup_labels.json';
const SKIPPED_FILE = 'lookup_skipped.json';

/** A map of objects with string fields: `required` must be there, `optional` may; anything else is an error. */
function entries<T>(where: string, v: unknown, required: string[], optional: string[]): Record<string, T> {
  const map = objectAt(LABELS_FILE, where, v);
  for (const [key, entry] of Object.entries(map)) {
    const at = `${where}.${key}`;
    const o = objectAt(LABELS_FILE, at, entry);
    for (const f of required) if (!(f in o)) throw dataError(LABELS_FILE, at, `${f} missing`);
    for (const [f, x] of Object.entries(o)) {
      if (!required.includes(f) && !optional.includes(f)) throw dataError(LABELS_FILE, at, `unknown field ${f}`);
      stringAt(LABELS_FILE, `${at}.${f}`, x);
    }
  }
  return map as Record<string, T>;
}

function readLabels(): LookupLabels {
  const doc = objectAt(LABELS_FILE, 'top level', readSeedJson(LABELS_FILE));
  const strings = (k: string) => stringMapAt(LABELS_FILE, k, doc[k]);
  const pvItems = entries<PvItem>('pvItems', doc.pvItems, ['dir'], ['name', 'spec', 'unit']);
  for (const [k, item] of Object.entries(pvItems)) {
    if (item.dir !== 'low' && item.dir !== 'high')
      throw dataError(LABELS_FILE, `pvItems.${k}.dir`, 'expected low or high');
  }
  return {
    sourceWords: strings('sourceWords'),
    hvacWords: strings('hvacWords'),
    heatRecoveryWords: strings('heatRecoveryWords'),
    elevatorUsage: entries('elevatorUsage', doc.elevatorUsage, ['name', 'spec'], []),
    pvItems,
    pvKeys: entries('pvKeys', doc.pvKeys, ['name'], ['spec', 'unit']),
    machineConfidence: strings('machineConfidence'),
    machineSources: strings('machineSources'),
    construction: entries('construction', doc.construction, ['name'], ['unit']),
  };
}

export const LOOKUP_LABELS: LookupLabels = readLabels();

export interface SkippedRow {
  file: string;
  /** the row's key column value */
  key: string;
  reason: string;
}

function readSkipped(): SkippedRow[] {
  const files = Object.values(LOOKUP_FILES) as string[];
  return arrayAt(SKIPPED_FILE, 'top level', readSeedJson(SKIPPED_FILE)).map((raw, i) => {
    const o = objectAt(SKIPPED_FILE, `[${i}]`, raw);
    const file = stringAt(SKIPPED_FILE, `[${i}].file`, o.file);
    if (!files.includes(file)) throw dataError(SKIPPED_FILE, `[${i}].file`, `not a lookup table: ${file}`);
    return {
      file,
      key: stringAt(SKIPPED_FILE, `[${i}].key`, o.key),
      reason: stringAt(SKIPPED_FILE, `[${i}].reason`, o.reason),
    };
  });
}

/** CSV rows deliberately not seeded: file, the row's key column value, why. */
export const LOOKUP_SKIPPED: ReadonlyArray<SkippedRow> = readSkipped();

export const isSkipped = (file: string, key: string): boolean =>
  LOOKUP_SKIPPED.some((s) => s.file === file && s.key === key);

/** Every skipped row still exists in its CSV (else the list names a row that is no longer there). */
export function checkSkipped(): void {
  const keyOf: Record<string, (r: CsvRow) => string> = {
    [LOOKUP_FILES.elevator]: (r) => (str(r.table) === 'typical_config' ? str(r.key) : str(r.table)),
    [LOOKUP_FILES.pv]: (r) => str(r.key),
    [LOOKUP_FILES.construction]: (r) => str(r.item),
  };
  for (const s of LOOKUP_SKIPPED) {
    const key = keyOf[s.file];
    if (!key) throw dataError(SKIPPED_FILE, s.key, `rows of ${s.file} cannot be skipped (no key column known)`);
    if (!readSeedCsv(s.file).some((r) => key(r) === s.key))
      throw new Error(`seed lookup: skipped row ${JSON.stringify(s.key)} not found in ${s.file}`);
  }
}
