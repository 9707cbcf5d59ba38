// The operation-stage lookup tables (tpf3Lookup): 外遮阳系数, 冷热源能效, 热回收效率, 光伏, 热水器类型效率 and
// 地面粗糙度, each read from its CSV of ./data (see ./data/README.md) by the rules of ./lookupRules.ts.
import { readSeedCsv } from './dataFiles';
import { markFor, num, str } from './factors';
import { type Direction, isSkipped, LOOKUP_FILES, LOOKUP_LABELS } from './lookupData';
import { conservative, join, lookup, original, pair, type SeedLookup, sourceReader, twoValues } from './lookupRules';

const { hvacWords, heatRecoveryWords, pvItems, pvKeys } = LOOKUP_LABELS;

// 外遮阳系数 SD (lookup_shading.csv): one row per shading type. A formula instead of a number → spec, value null.
export function shading(): SeedLookup[] {
  const source = sourceReader();
  return readSeedCsv(LOOKUP_FILES.shading).map((r) => {
    const sd = str(r.SD_external_shading_coefficient);
    const isNumber = sd === '' || /^-?\d+(\.\d+)?$/.test(sd);
    return lookup({
      table: 'shading',
      name: str(r.shading_type_zh),
      spec: isNumber ? '外遮阳系数 SD' : sd,
      value: isNumber ? num(sd) : null,
      unit: '-',
      value2: null,
      unit2: '',
      source: source(r.source),
      verification: markFor(str(r.verification)),
      remarks: str(r.notes),
    });
  });
}

// 冷热源能效 (lookup_hvac_sources.csv): every row. All values are code minimums or efficiencies → lower bound.
const hvacWord = (s: string): string => hvacWords[s] ?? s;

export function hvacSource(): SeedLookup[] {
  const source = sourceReader();
  return readSeedCsv(LOOKUP_FILES.hvac).map((r) => {
    const name = `${str(r.category).replace(/\s*\(superseded\)$/, '（已废止标准）')} ${str(r.type_zh)}`.trim();
    const metric = hvacWord(str(r.metric));
    const capacity = hvacWord(str(r.capacity_range_kW));
    const { value, value2, which } = twoValues(r.value, 'low', metric, name);
    const unit = str(r.unit);
    return lookup({
      table: 'hvacSource',
      name,
      spec: join(
        /\d/.test(capacity) ? `制冷量 ${capacity} kW` : capacity,
        hvacWord(str(r.climate_zone)),
        metric,
        which,
      ),
      value,
      unit,
      value2,
      unit2: value2 === null ? '' : unit,
      source: join(str(r.standard_ref), source(r.source)),
      verification: markFor(str(r.verification)),
      remarks: join(original(r.value), str(r.notes)),
    });
  });
}

// 热回收效率 (lookup_heat_recovery.csv): value = cooling, value2 = heating; minimums and typical efficiencies →
// lower bound.
export function heatRecovery(): SeedLookup[] {
  const source = sourceReader();
  return readSeedCsv(LOOKUP_FILES.heatRecovery).map((r) => {
    const metric = str(r.metric);
    const unit = str(r.unit);
    return lookup({
      table: 'heatRecovery',
      name: heatRecoveryWords[str(r.device)] ?? str(r.device),
      spec: join(heatRecoveryWords[metric] ?? metric, '参数值=制冷工况，参数值2=供暖工况'),
      value: conservative(r.cooling, 'low'),
      unit,
      value2: conservative(r.heating, 'low'),
      unit2: unit,
      source: source(r.source),
      verification: markFor(str(r.verification)),
      remarks: join(
        original(r.cooling) && `制冷${original(r.cooling)}`,
        original(r.heating) && `供暖${original(r.heating)}`,
        str(r.notes),
      ),
    });
  });
}

// 光伏 (lookup_pv.csv). pvModule: module efficiencies (lower bound) and the code minimums (U); the system loss
// K_S and degradation rates (upper bound: a loss). pvOrientation: the orientation/tilt rows (no numbers: U).
export function pv(): SeedLookup[] {
  const source = sourceReader();
  return readSeedCsv(LOOKUP_FILES.pv)
    .filter((r) => !isSkipped(LOOKUP_FILES.pv, str(r.key)))
    .map((r) => {
      const item = str(r.item);
      const key = str(r.key);
      const kind = pvItems[item];
      if (!kind) throw new Error(`seed lookup: unknown PV item ${JSON.stringify(item)}`);
      const zh = pvKeys[key];
      const text = str(r.value);
      // '≈ latitude − 5…10' is a rule of thumb, not a number: no value, the rule kept in spec and remarks.
      const isRule = text.startsWith('≈');
      return lookup({
        table: item === 'orientation_tilt' ? 'pvOrientation' : 'pvModule',
        name: kind.name ?? zh?.name ?? key,
        spec: zh?.spec ?? kind.spec ?? '',
        value: isRule ? null : conservative(text, kind.dir),
        unit: zh?.unit ?? kind.unit ?? str(r.unit),
        value2: null,
        unit2: '',
        source: source(r.source),
        verification: markFor(str(r.verification)),
        remarks: join(original(text), kind.name || zh ? `原表项目：${key}` : '', str(r.notes)),
      });
    });
}

// The solar-fraction row lists four resource zones ('≥60 / ≥50 / ≥40 / ≥30'): one row per zone.

// 热水器类型效率 (lookup_dhw_heaters.csv). Efficiencies and COPs → lower bound; loss rates (η_L) → upper bound.
// The solar-fraction row lists four resource zones ('≥60 / ≥50 / ≥40 / ≥30'): one row per zone.
export function dhwHeater(): SeedLookup[] {
  const source = sourceReader();
  return readSeedCsv(LOOKUP_FILES.dhw).flatMap((r) => {
    const name = str(r.heater_type_zh);
    const metric = str(r.metric);
    const text = str(r.value);
    const unit = str(r.unit);
    const base = {
      table: 'dhwHeater' as const,
      name,
      unit,
      source: source(r.source),
      verification: markFor(str(r.verification)),
    };
    const zones = /^(.*资源区)\s+(.+)$/.exec(metric);
    if (zones) {
      const labels = zones[2].split(/\s+\/\s+/);
      const values = pair(text);
      if (labels.length !== values.length)
        throw new Error(`seed lookup: ${name}: ${labels.length} zones, ${values.length} values`);
      return labels.map((zone, i) =>
        lookup({
          ...base,
          spec: `${zones[1]} ${zone}`,
          value: conservative(values[i], 'low'),
          value2: null,
          unit2: '',
          remarks: join(`原表取值：${text}`, str(r.notes)),
        }),
      );
    }
    const dir: Direction = /热损失率|η_L/.test(metric) ? 'high' : 'low';
    const { value, value2, which } = twoValues(text, dir, metric, name);
    return [
      lookup({
        ...base,
        spec: join(metric, which),
        value,
        value2,
        unit2: value2 === null ? '' : unit,
        remarks: join(original(text), str(r.notes)),
      }),
    ];
  });
}

// 地面粗糙度 (wind_terrain_roughness.csv): value = K_R, value2 = z0 (m).
export function windRoughness(): SeedLookup[] {
  return readSeedCsv(LOOKUP_FILES.wind).map((r) =>
    lookup({
      table: 'windRoughness',
      name: `${str(r.terrain_class)} 类地面粗糙度`,
      spec: join(str(r.description_zh), '参数值=K_R，参数值2=z0'),
      value: num(r.K_R),
      unit: '-',
      value2: num(r.z0_m),
      unit2: 'm',
      source: '风力发电量计算（GB/T 51366-2019 §4.6，C_R(z) = K_R·ln(z/z0)）所用地面粗糙度（回忆值，未核对原文）',
      verification: markFor(str(r.verification)),
      remarks: '',
    }),
  );
}
