// The construction lookup tables (tpf3Lookup) by the rules of ./lookupRules.ts: 施工机械台班能耗 (GB/T 51366-2019
// 表C.0.1) and 拆除/建造估算参数.
import { readSeedCsv } from './dataFiles';
import { markFor, num, str } from './factors';
import { isSkipped, LOOKUP_FILES, LOOKUP_LABELS } from './lookupData';
import { conservative, join, lookup, type SeedLookup, sourceReader } from './lookupRules';

const { machineConfidence, machineSources, construction } = LOOKUP_LABELS;

// 施工机械台班能耗 (appC_machines.csv, GB/T 51366-2019 表C.0.1): value = energy per 台班 in the machine's carrier.
export function constructionMachine(): SeedLookup[] {
  return readSeedCsv(LOOKUP_FILES.machines).map((r) => {
    const carrier = str(r.energy_carrier);
    const fuel = carrier.replace(/\(\?\)$/, '');
    const column =
      fuel === '柴油'
        ? r.diesel_kg_per_shift
        : fuel === '汽油'
          ? r.gasoline_kg_per_shift
          : fuel === '电'
            ? r.electricity_kWh_per_shift
            : undefined;
    if (column === undefined)
      throw new Error(`seed lookup: machine row ${str(r.row_no)}: unknown energy carrier ${JSON.stringify(carrier)}`);
    const others = [r.diesel_kg_per_shift, r.gasoline_kg_per_shift, r.electricity_kWh_per_shift].filter(
      (v) => str(v) !== '' && v !== column,
    );
    if (others.length)
      throw new Error(`seed lookup: machine row ${str(r.row_no)}: energy given for another carrier than ${carrier}`);
    const raw = str(r.source);
    return lookup({
      table: 'constructionMachine',
      name: str(r.machine_zh),
      spec: [str(r.spec_name), str(r.spec_value), str(r.spec_unit)].filter(Boolean).join(' '),
      value: num(column),
      unit: fuel === '电' ? '电 kWh/台班' : `${fuel} kg/台班`,
      value2: null,
      unit2: '',
      source: machineSources[raw] ?? raw,
      verification: markFor(str(r.energy_verification)),
      remarks: join(
        `附录C 序号 ${str(r.row_no)}`,
        carrier.endsWith('(?)') ? '能源种类存疑' : '',
        str(r.spec_verification) === 'M' ? '规格为回忆值' : '',
        r.recall_confidence
          ? `回忆可信度：${machineConfidence[str(r.recall_confidence)] ?? str(r.recall_confidence)}`
          : '',
        str(r.notes),
      ),
    });
  });
}

// 拆除/建造估算参数 (lookup_construction_demolition.csv): national ratios, case-study values and the demolition
// conventions; names in Chinese.
export function demolition(): SeedLookup[] {
  const source = sourceReader();
  return readSeedCsv(LOOKUP_FILES.construction).flatMap((r) => {
    const item = str(r.item);
    const src = source(r.source); // read every row, so 'same' refers to the row above even across skipped rows
    if (isSkipped(LOOKUP_FILES.construction, item)) return [];
    const zh = construction[item];
    if (!zh) throw new Error(`seed lookup: no Chinese name for construction/demolition item ${JSON.stringify(item)}`);
    return [
      lookup({
        table: 'demolition',
        name: zh.name,
        spec: '',
        value: conservative(r.value, 'low'),
        unit: zh.unit ?? str(r.unit),
        value2: null,
        unit2: '',
        source: src,
        verification: markFor(str(r.verification)),
        remarks: join(`原表项目：${item}`, str(r.notes)),
      }),
    ];
  });
}
