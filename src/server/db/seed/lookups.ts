// The lookup-table seed rows (tpf3Lookup, 参数表管理): operation-stage tables (shading, heating/cooling sources,
// heat recovery, elevators, PV, hot-water heaters, wind roughness) and construction tables (GB/T 51366 App. C
// machine shifts, construction/demolition shortcuts), read from the CSV tables copied into ./data. See
// ./data/README.md for where each table comes from. System rows: seed.ts inserts them with tenant_id null.
//
// Rules — never present an invented number as official:
// - A plain number in the table is stored as it is, with the table's verification mark (an M stays M).
// - A range or a bound becomes the single number a calculation can use without flattering the building
//   (`conservative()`): the LOWER bound of an efficiency, COP, solar fraction or any "at least" value; the UPPER
//   bound of a loss or degradation rate and of an "at most" class limit. '≥x' and '≤x' give x. An open bound
//   ('>4.20', class G) gives no number. The table's own text is always kept in remarks ('原表取值：…').
// - Two numbers of one row ('89 / 85' = η1 / η2; cooling and heating efficiency; travel and standby) go to
//   value and value2, and spec says which is which.
// - A row the table gives no number for (empty cell, a formula, a method name, an open bound) keeps value null
//   and is marked U with a remark saying no authoritative value is known, whatever mark the table gave its text
//   (that mark is kept in remarks). So a null value is never shown as verified, and U < M < D < V.
// - Rows that are pointers, citations or design suggestions rather than parameters are not seeded; they are
//   listed in LOOKUP_SKIPPED with the reason, and loadSeedLookups() checks that each one still exists.
import type { LookupTable } from '../../../../schemas/factors/tpf3Lookup';
import { clip, markFor, num, readSeedCsv, type Verification } from './factors';

export interface SeedLookup {
  table: LookupTable;
  name: string;
  spec: string;
  value: number | null;
  unit: string;
  value2: number | null;
  unit2: string;
  source: string;
  verification: Verification;
  remarks: string;
}

type Row = Record<string, string | undefined>;

/** The CSV tables this module reads, by file name (all in ./data). */
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

/** CSV rows deliberately not seeded: file, the row's key column value, why. */
export const LOOKUP_SKIPPED: ReadonlyArray<{ file: string; key: string; reason: string }> = [
  { file: LOOKUP_FILES.elevator, key: 'see_existing', reason: 'pointer to elevator_vdi4707.csv, which is seeded' },
  { file: LOOKUP_FILES.elevator, key: 'china_standard', reason: 'citation (GB/T 30559.2-2017 = ISO 25745-2); kept in the ISO class rows’ source' },
  { file: LOOKUP_FILES.elevator, key: 'app_convention', reason: 'repeats VDI 4707 A–E; kept in those rows’ remarks' },
  { file: LOOKUP_FILES.elevator, key: 'rated_load_series', reason: 'list of preferred rated loads, a design choice, not a parameter' },
  { file: LOOKUP_FILES.elevator, key: 'rated_speed_series', reason: 'list of preferred rated speeds, a design choice, not a parameter' },
  ...['多层/中高层住宅 (≤11 F)', '高层住宅 (18–33 F)', '办公 (≤100 m)', '超高层办公 (>100 m)', '医院病床梯', '商场客梯 / 货梯', '消防电梯'].map((key) => ({
    file: LOOKUP_FILES.elevator,
    key,
    reason: 'typical_config: a typical load/speed by building type (ranges), a design suggestion, not a parameter',
  })),
  {
    file: LOOKUP_FILES.pv,
    key: 'alt. formula (JGJ 203 / GB 50797 style): daily irradiation × area × unit power × 系统效率 × 衰减修正',
    reason: 'describes another formula, no parameter',
  },
  ...[
    'CO2 per shift, diesel machine = diesel_kg × 3.096',
    'CO2 per shift, gasoline machine = gasoline_kg × 2.925',
    'CO2 per shift, electric machine = kWh × grid factor',
  ].map((key) => ({ file: LOOKUP_FILES.construction, key, reason: 'formula; the calculation takes the fuel and grid factors from the factor library' })),
  { file: LOOKUP_FILES.construction, key: 'Jiangsu guideline default demolition method', reason: 'method name (按比例系数计算), not a parameter; its coefficient is seeded (U)' },
];

const str = (v: string | undefined): string => (v ?? '').trim();
const join = (...parts: string[]): string => parts.map((p) => p.trim()).filter(Boolean).join('；');

const NO_VALUE = '暂无权威数值，请按标准原文或设计/铭牌/实测值填写';

/** Which bound of a range is the conservative one: 'low' for efficiencies and minimums, 'high' for losses and class limits. */
type Direction = 'low' | 'high';

/**
 * The single number a calculation uses from a table cell (see the rules at the top): '4.10' → 4.1;
 * '86–88' → 86 (low) or 88 (high); '≥60' → 60; '≤50' → 50; '>1600' and '' → null. Any other text is a data
 * error, so a new kind of cell is looked at rather than silently dropped.
 */
export function conservative(text: string | undefined, dir: Direction): number | null {
  const s = str(text);
  if (s === '') return null;
  if (/^-?\d+(\.\d+)?$/.test(s)) return num(s);
  const bound = /^[≥≤]\s*(\d+(?:\.\d+)?)$/.exec(s);
  if (bound) return num(bound[1]);
  if (/^>\s*\d+(\.\d+)?$/.test(s)) return null;
  const range = /^(\d+(?:\.\d+)?)\s*[–~-]\s*(\d+(?:\.\d+)?)$/.exec(s);
  if (range) {
    const [a, b] = [num(range[1])!, num(range[2])!];
    return dir === 'low' ? Math.min(a, b) : Math.max(a, b);
  }
  throw new Error(`seed lookup: cannot read a number from ${JSON.stringify(s)}`);
}

/** '89 / 85' → ['89', '85']; a single cell → [cell]. */
const pair = (text: string | undefined): string[] => str(text).split(/\s+\/\s+/);

/** The table's cell text for remarks when it is not the plain number stored. */
const original = (text: string | undefined): string => {
  const s = str(text);
  return s === '' || /^-?\d+(\.\d+)?$/.test(s) ? '' : `原表取值：${s}`;
};

const SOURCE_WORDS: Record<string, string> = {
  'engineering practice': '工程经验',
  'engineering rule of thumb': '工程经验',
  'general industry knowledge': '行业常识',
  definition: '按定义',
};

/** The row's source: 'same' / 'same page' repeat the row above's; a few generic words in Chinese; never empty. */
function sourceReader(): (raw: string | undefined) => string {
  let last = '';
  return (raw) => {
    const s = str(raw);
    const resolved = /^same( page)?$/i.test(s) ? last : (SOURCE_WORDS[s] ?? s);
    if (resolved) last = resolved;
    return resolved || '暂无来源';
  };
}

/**
 * A number the research itself calls a placeholder (e.g. a template's pre-filled 0.9 boiler efficiency) is not a
 * value: it is kept in remarks only, and the row has no value (U) like any row without an authoritative one.
 */
const PLACEHOLDER = /placeholder/i;

function withoutPlaceholder(r: SeedLookup): SeedLookup {
  if (!PLACEHOLDER.test(`${r.remarks} ${r.source}`) || (r.value === null && r.value2 === null)) return r;
  const kept = [r.value, r.value2].filter((v) => v !== null).join(' / ');
  return { ...r, value: null, value2: null, remarks: join(r.remarks, `原表数值 ${kept} 为模板占位值，不作为参数值`) };
}

function lookup(row: SeedLookup): SeedLookup {
  const r = withoutPlaceholder(row);
  const noValue = r.value === null && r.value2 === null;
  const verification: Verification = noValue ? 'U' : r.verification;
  const remarks = noValue ? join(r.remarks, r.verification !== 'U' ? `原表核实标记 ${r.verification}（针对文字说明，不是数值）` : '', NO_VALUE) : r.remarks;
  return {
    table: r.table,
    name: clip(r.name, 100),
    spec: clip(r.spec, 200),
    value: r.value,
    unit: clip(r.unit, 30),
    value2: r.value2,
    unit2: clip(r.unit2, 30),
    source: clip(r.source, 500),
    verification,
    remarks: clip(remarks, 1000),
  };
}

const isSkipped = (file: string, key: string): boolean => LOOKUP_SKIPPED.some((s) => s.file === file && s.key === key);

// ---------------------------------------------------------------------------------------------------------------
// 外遮阳系数 SD (lookup_shading.csv): one row per shading type. A formula instead of a number → spec, value null.

function shading(): SeedLookup[] {
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

// ---------------------------------------------------------------------------------------------------------------
// 冷热源能效 (lookup_hvac_sources.csv): every row. All values are code minimums or efficiencies → lower bound.

const HVAC_WORDS: Record<string, string> = {
  all: '',
  '-': '',
  'by capacity': '按容量分档',
  'by type/capacity': '按类型/容量分档',
  'by zone': '按气候区',
  efficiency: '效率',
  'η (default for residential heating calc)': 'η（居住建筑供暖计算默认值）',
  'COP multiplier vs 定频 table': 'COP 修正系数（相对定频机组限值）',
  'IPLV multiplier vs 定频 table': 'IPLV 修正系数（相对定频机组限值）',
};

const hvacWord = (s: string): string => HVAC_WORDS[s] ?? s;

/** Labels of value / value2 for a two-number cell. */
function pairLabels(metric: string, name: string): [string, string] {
  if (metric.includes('η1')) return ['η1 额定负荷', 'η2 部分负荷'];
  if (name.includes('普通型/低温型')) return ['普通型', '低温型'];
  throw new Error(`seed lookup: two values but no labels for ${JSON.stringify(name)} / ${JSON.stringify(metric)}`);
}

/** value/value2 from a cell that may hold 'a / b', with spec text naming which is which. */
function twoValues(cell: string | undefined, dir: Direction, metric: string, name: string) {
  const parts = pair(cell);
  if (parts.length === 1) return { value: conservative(parts[0], dir), value2: null, which: '' };
  if (parts.length !== 2) throw new Error(`seed lookup: expected one or two values in ${JSON.stringify(cell)}`);
  const [a, b] = pairLabels(metric, name);
  return { value: conservative(parts[0], dir), value2: conservative(parts[1], dir), which: `参数值=${a}，参数值2=${b}` };
}

function hvacSource(): SeedLookup[] {
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
      spec: join(/\d/.test(capacity) ? `制冷量 ${capacity} kW` : capacity, hvacWord(str(r.climate_zone)), metric, which),
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

// ---------------------------------------------------------------------------------------------------------------
// 热回收效率 (lookup_heat_recovery.csv): value = cooling, value2 = heating; minimums and typical efficiencies →
// lower bound.

const HEAT_RECOVERY_WORDS: Record<string, string> = {
  none: '无热回收',
  'no heat recovery': '无热回收',
  'typical total-heat efficiency': '典型全热回收效率',
  'typical efficiency': '典型热回收效率',
  'typical sensible efficiency': '典型显热回收效率',
  '温度/焓交换效率 minimums': '温度/焓交换效率 最低值',
  '额定热回收效率 minimum': '额定热回收效率 最低值',
};

function heatRecovery(): SeedLookup[] {
  const source = sourceReader();
  return readSeedCsv(LOOKUP_FILES.heatRecovery).map((r) => {
    const metric = str(r.metric);
    const unit = str(r.unit);
    return lookup({
      table: 'heatRecovery',
      name: HEAT_RECOVERY_WORDS[str(r.device)] ?? str(r.device),
      spec: join(HEAT_RECOVERY_WORDS[metric] ?? metric, '参数值=制冷工况，参数值2=供暖工况'),
      value: conservative(r.cooling, 'low'),
      unit,
      value2: conservative(r.heating, 'low'),
      unit2: unit,
      source: source(r.source),
      verification: markFor(str(r.verification)),
      remarks: join(original(r.cooling) && `制冷${original(r.cooling)}`, original(r.heating) && `供暖${original(r.heating)}`, str(r.notes)),
    });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// 电梯能效等级: per scale and class, value = specific travel energy (mWh/(kg·m)), value2 = standby power (W),
// both the class's upper bound (the conservative end). VDI 4707 from elevator_vdi4707.csv; ISO 25745-2 running
// classes from elevator_vdi4707.csv with the idle/standby classes from lookup_elevator.csv.

const CLASSES = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
const STRENGTH: Record<Verification, number> = { U: 0, M: 1, D: 2, V: 3, V2: 4 };
const weakest = (...marks: Verification[]): Verification => marks.reduce((a, b) => (STRENGTH[b] < STRENGTH[a] ? b : a));

function elevatorClass(vdi: Row[], elevator: Row[]): SeedLookup[] {
  const cell = (rows: Row[], table: string, key: string, col: string) => rows.find((r) => str(r.table) === table && str(r.key) === key)?.[col];
  const scale = (
    label: string,
    source: string,
    travel: (k: string) => { text?: string; mark?: string },
    standby: (k: string) => { text?: string; mark?: string },
    note: (k: string) => string,
  ) =>
    CLASSES.map((k) => {
      const t = travel(k);
      const s = standby(k);
      const value = conservative(t.text, 'high');
      const value2 = conservative(s.text, 'high');
      const marks = [value !== null ? markFor(str(t.mark)) : undefined, value2 !== null ? markFor(str(s.mark)) : undefined].filter(
        (m): m is Verification => !!m,
      );
      return lookup({
        table: 'elevatorClass',
        name: `${label} ${k} 级`,
        spec: `${label}；参数值=特定运行能耗上限，参数值2=待机功率上限`,
        value,
        unit: 'mWh/(kg·m)',
        value2,
        unit2: 'W',
        source,
        verification: marks.length ? weakest(...marks) : 'U',
        remarks: join(
          original(t.text) && `运行${original(t.text)}`,
          original(s.text) && `待机${original(s.text)}`,
          t.text === undefined ? '原表无此等级的运行能耗界限' : '',
          note(k),
        ),
      });
    });
  const vdiRow = (table: string) => (k: string) => ({ text: cell(vdi, table, k, 'value_1'), mark: cell(vdi, table, k, 'verification') });
  const convention = str(elevator.find((r) => str(r.table) === 'app_convention')?.value);
  return [
    ...scale(
      'VDI 4707',
      'VDI 4707 Blatt 1 能效等级界限（回忆值，未核对原文）',
      vdiRow('vdi4707_travel_class'),
      vdiRow('vdi4707_standby_class'),
      (k) => (k <= 'E' && convention ? `国内碳计算工具常用 A–E 级取值同此（${convention}；回忆值，未确认其所用等级体系）` : ''),
    ),
    ...scale(
      'ISO 25745-2',
      'ISO 25745-2:2015 能效等级界限（GB/T 30559.2-2017 等同采用；界限值为回忆值，未核对原文）',
      vdiRow('iso25745_2_running_class'),
      (k) => ({ text: cell(elevator, 'iso25745_2_idle_standby_class', k, 'value'), mark: cell(elevator, 'iso25745_2_idle_standby_class', k, 'verification') }),
      () => '',
    ),
  ];
}

// 电梯使用强度: VDI 4707 usage categories, value = travel hours per day, value2 = standby hours per day.
const USAGE: Record<string, { name: string; spec: string }> = {
  '1 very low': { name: '使用类别 1（很低）', spec: '日运行 ≤0.3 h；如 ≤6 户住宅' },
  '2 low': { name: '使用类别 2（低）', spec: '日运行 0.3–1 h；如 ≤20 户住宅、2–5 层办公' },
  '3 medium': { name: '使用类别 3（中）', spec: '日运行 1–2 h；如 ≤50 户住宅、≤10 层办公' },
  '4 high': { name: '使用类别 4（高）', spec: '日运行 2–4.5 h；如 >50 户住宅、>10 层办公、大型酒店' },
  '5 very high': { name: '使用类别 5（很高）', spec: '日运行 >4.5 h；如 >100 m 办公、大型医院' },
};

function elevatorUsage(vdi: Row[]): SeedLookup[] {
  return vdi
    .filter((r) => str(r.table) === 'usage_category')
    .map((r) => {
      const key = str(r.key);
      const zh = USAGE[key];
      if (!zh) throw new Error(`seed lookup: unknown VDI 4707 usage category ${JSON.stringify(key)}`);
      return lookup({
        table: 'elevatorUsage',
        name: zh.name,
        spec: `${zh.spec}；参数值=日运行时间，参数值2=日待机时间`,
        value: conservative(r.value_1, 'high'),
        unit: 'h/d',
        value2: conservative(r.value_2, 'high'),
        unit2: 'h/d',
        source: 'VDI 4707 Blatt 1 使用类别（help.vabi.nl VDI 4707 页面；support.elevatorportal.com）',
        verification: markFor(str(r.verification)),
        remarks: str(r.notes),
      });
    });
}

// ---------------------------------------------------------------------------------------------------------------
// 光伏 (lookup_pv.csv). pvModule: module efficiencies (lower bound) and the code minimums (U); the system loss
// K_S and degradation rates (upper bound: a loss). pvOrientation: the orientation/tilt rows (no numbers: U).

const PV: Record<string, { name?: string; spec?: string; unit?: string; dir: Direction }> = {
  module_type: { spec: 'STC 组件光电转换效率', unit: '%', dir: 'low' },
  code_minimum: { spec: '组件光电转换效率 最低值', unit: '%', dir: 'low' },
  system: { name: '系统损失率 K_S', spec: 'GB/T 51366 E_pv = I·K_E·(1−K_S)·A_p', unit: '-', dir: 'high' },
  degradation: { dir: 'high' },
  orientation_tilt: { dir: 'low' },
};

const PV_KEYS: Record<string, { name: string; spec?: string; unit?: string }> = {
  '光伏制造行业规范条件 (工信部) module efficiency minimums': { name: '光伏制造行业规范条件（工信部）组件效率最低值' },
  'first-year degradation (crystalline)': { name: '首年衰减率（晶硅）', unit: '%' },
  'annual degradation after year 1': { name: '首年后年均衰减率', unit: '%/a' },
  'Jiangsu/China correction table by azimuth × tilt': { name: '朝向 × 倾角修正系数表（江苏/全国）', unit: '与最佳朝向倾角之比' },
  'optimum fixed tilt in Jiangsu (lat. ~31–35°N)': { name: '江苏固定安装最佳倾角（北纬约 31–35°）', spec: '≈ 纬度 − 5…10°，朝南', unit: '°' },
  'vertical south façade vs optimum': { name: '南向垂直立面发电量 与最佳倾角之比', unit: '-' },
};

function pv(): SeedLookup[] {
  const source = sourceReader();
  return readSeedCsv(LOOKUP_FILES.pv)
    .filter((r) => !isSkipped(LOOKUP_FILES.pv, str(r.key)))
    .map((r) => {
      const item = str(r.item);
      const key = str(r.key);
      const kind = PV[item];
      if (!kind) throw new Error(`seed lookup: unknown PV item ${JSON.stringify(item)}`);
      const zh = PV_KEYS[key];
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

// ---------------------------------------------------------------------------------------------------------------
// 热水器类型效率 (lookup_dhw_heaters.csv). Efficiencies and COPs → lower bound; loss rates (η_L) → upper bound.
// The solar-fraction row lists four resource zones ('≥60 / ≥50 / ≥40 / ≥30'): one row per zone.

function dhwHeater(): SeedLookup[] {
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
      if (labels.length !== values.length) throw new Error(`seed lookup: ${name}: ${labels.length} zones, ${values.length} values`);
      return labels.map((zone, i) =>
        lookup({ ...base, spec: `${zones[1]} ${zone}`, value: conservative(values[i], 'low'), value2: null, unit2: '', remarks: join(`原表取值：${text}`, str(r.notes)) }),
      );
    }
    const dir: Direction = /热损失率|η_L/.test(metric) ? 'high' : 'low';
    const { value, value2, which } = twoValues(text, dir, metric, name);
    return [lookup({ ...base, spec: join(metric, which), value, value2, unit2: value2 === null ? '' : unit, remarks: join(original(text), str(r.notes)) })];
  });
}

// ---------------------------------------------------------------------------------------------------------------
// 地面粗糙度 (wind_terrain_roughness.csv): value = K_R, value2 = z0 (m).

function windRoughness(): SeedLookup[] {
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

// ---------------------------------------------------------------------------------------------------------------
// 施工机械台班能耗 (appC_machines.csv, GB/T 51366-2019 表C.0.1): value = energy per 台班 in the machine's carrier.

const CONFIDENCE: Record<string, string> = { medium: '中', 'medium-low': '中低', low: '低' };

const MACHINE_SOURCES: Record<string, string> = {
  'public Python/tkinter carbon tool, equipment_data dict (machine, spec, energy carrier); energy value: recall of GB/T 51366-2019 表C.0.1 (not verified)':
    'GB/T 51366-2019 附录C 表C.0.1：机械名称、规格、能源种类取自公开计算工具；台班能耗为回忆值，未核对原文',
  'public Python/tkinter carbon tool, equipment_data dict (machine, spec, energy carrier); energy value not found':
    'GB/T 51366-2019 附录C 表C.0.1：机械名称、规格、能源种类取自公开计算工具；台班能耗未找到公开来源',
};

function constructionMachine(): SeedLookup[] {
  return readSeedCsv(LOOKUP_FILES.machines).map((r) => {
    const carrier = str(r.energy_carrier);
    const fuel = carrier.replace(/\(\?\)$/, '');
    const column = fuel === '柴油' ? r.diesel_kg_per_shift : fuel === '汽油' ? r.gasoline_kg_per_shift : fuel === '电' ? r.electricity_kWh_per_shift : undefined;
    if (column === undefined) throw new Error(`seed lookup: machine row ${str(r.row_no)}: unknown energy carrier ${JSON.stringify(carrier)}`);
    const others = [r.diesel_kg_per_shift, r.gasoline_kg_per_shift, r.electricity_kWh_per_shift].filter((v) => str(v) !== '' && v !== column);
    if (others.length) throw new Error(`seed lookup: machine row ${str(r.row_no)}: energy given for another carrier than ${carrier}`);
    const raw = str(r.source);
    return lookup({
      table: 'constructionMachine',
      name: str(r.machine_zh),
      spec: [str(r.spec_name), str(r.spec_value), str(r.spec_unit)].filter(Boolean).join(' '),
      value: num(column),
      unit: fuel === '电' ? '电 kWh/台班' : `${fuel} kg/台班`,
      value2: null,
      unit2: '',
      source: MACHINE_SOURCES[raw] ?? raw,
      verification: markFor(str(r.energy_verification)),
      remarks: join(
        `附录C 序号 ${str(r.row_no)}`,
        carrier.endsWith('(?)') ? '能源种类存疑' : '',
        str(r.spec_verification) === 'M' ? '规格为回忆值' : '',
        r.recall_confidence ? `回忆可信度：${CONFIDENCE[str(r.recall_confidence)] ?? str(r.recall_confidence)}` : '',
        str(r.notes),
      ),
    });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// 拆除/建造估算参数 (lookup_construction_demolition.csv): national ratios, case-study values and the demolition
// conventions; names in Chinese.

const CONSTRUCTION: Record<string, { name: string; unit?: string }> = {
  '1 台班 = machine working time': { name: '1 台班工作时长' },
  'National: construction-stage energy 2020': { name: '全国建筑施工阶段能耗（2020）' },
  'National: material-production energy 2020': { name: '全国建材生产阶段能耗（2020）' },
  'Ratio construction / material production (energy, 2020)': { name: '施工能耗 / 建材生产能耗（全国 2020）' },
  'National: material production+transport carbon 2022': { name: '全国建材生产及运输碳排放（2022）' },
  'National: building operation carbon 2022': { name: '全国建筑运行碳排放（2022）' },
  'National: 房屋建筑全过程 carbon 2022': { name: '全国房屋建筑全过程碳排放（2022）' },
  'National: construction (施工) carbon 2022': { name: '全国建筑施工碳排放（2022）' },
  'Ratio construction / material production+transport (carbon, 2022)': { name: '施工碳排放 / 建材生产及运输碳排放（全国 2022）' },
  'Embodied split (case study): material production share of 物化阶段': { name: '物化阶段中建材生产占比（案例）' },
  'Embodied split (78 offices): 土建 share of 物化阶段': { name: '物化阶段中土建占比（78 栋办公建筑）' },
  'Tianjin case: construction per m2': { name: '天津装配式办公案例：建造阶段单位面积碳排放' },
  'Tianjin case: construction / production': { name: '天津装配式办公案例：建造 / 建材生产' },
  'Tianjin case: demolition per m2': { name: '天津装配式办公案例：拆除阶段单位面积碳排放' },
  'Tianjin case: demolition / construction': { name: '天津装配式办公案例：拆除 / 建造' },
  'Demolition = x × construction (literature convention A)': { name: '拆除 = 建造 × 比例（文献惯例 A，按能耗）', unit: '%（占建造能耗）' },
  'Demolition = x × construction (literature convention B)': { name: '拆除 = 建造 × 比例（文献惯例 B）', unit: '%（占建造）' },
  'Jiangsu guideline demolition ratio coefficient': { name: '江苏导则 拆除比例系数' },
  'GB/T 51366 construction shortcut (per m2 by structure type)': { name: 'GB/T 51366 建造阶段单位面积估算值（按结构类型）' },
};

function demolition(): SeedLookup[] {
  const source = sourceReader();
  return readSeedCsv(LOOKUP_FILES.construction).flatMap((r) => {
    const item = str(r.item);
    const src = source(r.source); // read every row, so 'same' refers to the row above even across skipped rows
    if (isSkipped(LOOKUP_FILES.construction, item)) return [];
    const zh = CONSTRUCTION[item];
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

// ---------------------------------------------------------------------------------------------------------------

function checkSkipped(): void {
  const keyOf: Record<string, (r: Row) => string> = {
    [LOOKUP_FILES.elevator]: (r) => (str(r.table) === 'typical_config' ? str(r.key) : str(r.table)),
    [LOOKUP_FILES.pv]: (r) => str(r.key),
    [LOOKUP_FILES.construction]: (r) => str(r.item),
  };
  for (const s of LOOKUP_SKIPPED) {
    const rows = readSeedCsv(s.file);
    if (!rows.some((r) => keyOf[s.file](r) === s.key)) throw new Error(`seed lookup: skipped row ${JSON.stringify(s.key)} not found in ${s.file}`);
  }
}

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
