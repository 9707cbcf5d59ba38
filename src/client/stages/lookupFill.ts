// Which lookup table of 参数表管理 (tpf3Lookup, seeded by src/server/db/seed/lookups.ts) fills which input of an
// operation row (schemas/stages/runtime.ts, method 各用能系统), and how its unit becomes the input's.
// Pure, so the mapping is unit-tested. The units are the seeded tables':
// - elevatorClass: value = specific travel energy (mWh/(kg·m)), value2 = standby power (W) — the inputs' units;
// - elevatorUsage: value / value2 = running / standby hours PER DAY (h/d) → × 365 d for the inputs' h/a;
// - dhwHeater: heater efficiency in % (gas, → ÷ 100), '-' (electric) or a heat pump's COP (W/W, as it is);
//   the solar rows: collector efficiency η_cd and loss rate η_L ('-');
// - pvModule: module efficiency in % (→ ÷ 100), the system loss K_S ('-');
// - hvacSource: COP/EER/IPLV (W/W) or a boiler efficiency (% → ÷ 100, '-' as it is); the correction factors
//   (修正系数, relative to another table) and the district-network efficiency are not a source's COP: not offered;
// - pvOrientation, shading, heatRecovery: the form has no input they feed (no orientation factor, no shading
//   coefficient, no heat-recovery efficiency: the annual load is entered as it is) — shown for reference only.
// A value marked U (unknown) or without a number is never offered as a default: listed, disabled, 来源未知.

export interface LookupRow {
  id: number;
  table: string;
  name: string;
  spec?: string | null;
  value?: number | null;
  unit?: string | null;
  value2?: number | null;
  unit2?: string | null;
  source?: string | null;
  verification?: string | null;
  remarks?: string | null;
}

export type Fill = Record<string, number>;

export interface LookupPick {
  key: string;
  /** The picker's label. */
  title: string;
  table: string;
  /** The parts (runtime `part`) whose rows show it. */
  parts: readonly string[];
  /** The rows of the table it offers (default: all). */
  offers?: (r: LookupRow) => boolean;
  /** The inputs a row fills, in the inputs' units; absent: reference only (no input to feed). */
  fill?: (r: LookupRow) => Fill;
  /** How the table's unit becomes the input's, said under the picker. */
  note?: string;
}

export const DAYS_PER_YEAR = 365;
export const UNKNOWN_TEXT = '来源未知';

const spec = (r: LookupRow) => r.spec ?? '';
const given = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const round = (n: number) => Number(n.toPrecision(12)); // 0.2 × 365 = 73, not 73.00000000000001

/** An efficiency as a fraction: % → ÷ 100; '-', W/W (a COP) and anything else as it is. */
export function asFraction(value: number, unit: string | null | undefined): number {
  return String(unit ?? '')
    .trim()
    .startsWith('%')
    ? round(value / 100)
    : value;
}

/** Per day → per year (h/d × 365 = h/a); a table already per year as it is. */
export function perYear(value: number, unit: string | null | undefined): number {
  return /\/\s*d$/.test(String(unit ?? '').trim()) ? round(value * DAYS_PER_YEAR) : value;
}

const only = (fill: Record<string, number | null | undefined>): Fill =>
  Object.fromEntries(Object.entries(fill).filter((e): e is [string, number] => given(e[1])));

const HVAC_PARTS = ['airHot', 'airCool'] as const;

export const LOOKUP_PICKS: readonly LookupPick[] = [
  {
    key: 'elevatorClass',
    title: '电梯能效等级',
    table: 'elevatorClass',
    parts: ['elevator'],
    fill: (r) => only({ specificEnergy: r.value, standbyPower: r.value2 }),
    note: '填入特定能量消耗(mWh/(kg·m))和待机功率(W)，取该等级的上限值',
  },
  {
    key: 'elevatorUsage',
    title: '电梯使用等级',
    table: 'elevatorUsage',
    parts: ['elevator'],
    fill: (r) =>
      only({
        runHours: given(r.value) ? perYear(r.value, r.unit) : null,
        standbyHours: given(r.value2) ? perYear(r.value2, r.unit2) : null,
      }),
    note: `参数表为每日小时数(h/d)，按 × ${DAYS_PER_YEAR} d 换算为年运行时间和年待机时间(h/a)`,
  },
  {
    key: 'dhwHeater',
    title: '热水器类型',
    table: 'dhwHeater',
    parts: ['hotWater', 'sun'],
    offers: (r) => /^(热效率|COP|η1)/.test(spec(r)),
    fill: (r) => only({ heaterEff: given(r.value) ? asFraction(r.value, r.unit) : null }),
    note: '填入热源效率：百分数换算为小数，热泵取其 COP',
  },
  {
    key: 'collectorEff',
    title: '集热器效率',
    table: 'dhwHeater',
    parts: ['sun'],
    offers: (r) => spec(r).includes('集热效率'),
    fill: (r) => only({ collectorEff: given(r.value) ? asFraction(r.value, r.unit) : null }),
  },
  {
    key: 'solarLoss',
    title: '管路及储热损失',
    table: 'dhwHeater',
    parts: ['sun'],
    offers: (r) => spec(r).includes('热损失率'),
    fill: (r) => only({ solarLoss: given(r.value) ? asFraction(r.value, r.unit) : null }),
  },
  {
    key: 'pvOrientation',
    title: '朝向与倾角',
    table: 'pvOrientation',
    parts: ['pv'],
    note: '表单无朝向修正系数输入项：请按修正后的光伏面年太阳辐射量填写，此表仅供参考',
  },
  {
    key: 'pvModule',
    title: '组件类型',
    table: 'pvModule',
    parts: ['pv'],
    offers: (r) => spec(r).includes('组件光电转换效率'),
    fill: (r) => only({ efficiency: given(r.value) ? asFraction(r.value, r.unit) : null }),
    note: '填入组件转换效率：百分数换算为小数',
  },
  {
    key: 'pvLoss',
    title: '系统损失率',
    table: 'pvModule',
    parts: ['pv'],
    offers: (r) => r.name.startsWith('系统损失率'),
    fill: (r) => only({ lossRate: given(r.value) ? asFraction(r.value, r.unit) : null }),
  },
  {
    key: 'hvacSource',
    title: '冷热源类型',
    table: 'hvacSource',
    parts: HVAC_PARTS,
    offers: (r) => !spec(r).includes('修正系数') && !r.name.includes('管网'),
    fill: (r) => only({ cop: given(r.value) ? asFraction(r.value, r.unit) : null }),
    note: '填入系统能效比：COP/EER/IPLV 原值，锅炉热效率百分数换算为小数',
  },
  {
    key: 'shading',
    title: '外遮阳类型',
    table: 'shading',
    parts: HVAC_PARTS,
    note: '表单无遮阳系数输入项：请在年累计冷/热负荷中计入遮阳，此表仅供参考',
  },
  {
    key: 'heatRecovery',
    title: '热回收类型',
    table: 'heatRecovery',
    parts: HVAC_PARTS,
    note: '表单无热回收效率输入项：请在年累计冷/热负荷中计入热回收，此表仅供参考',
  },
];

/** The pickers of a part whose every input the schema has (reference pickers: the part alone). */
export function picksFor(part: string | undefined, properties: Record<string, unknown>): LookupPick[] {
  if (!part) return [];
  return LOOKUP_PICKS.filter((p) => p.parts.includes(part)).filter((p) => {
    if (!p.fill) return true;
    return fieldsOf(p).every((f) => f in properties);
  });
}

const TARGETS: Record<string, string[]> = {
  elevatorClass: ['specificEnergy', 'standbyPower'],
  elevatorUsage: ['runHours', 'standbyHours'],
  dhwHeater: ['heaterEff'],
  collectorEff: ['collectorEff'],
  solarLoss: ['solarLoss'],
  pvModule: ['efficiency'],
  pvLoss: ['lossRate'],
  hvacSource: ['cop'],
};

/** The inputs a picker may fill. */
export const fieldsOf = (p: LookupPick): string[] => TARGETS[p.key] ?? [];

/** A row may be a default: a number and a mark other than U. */
export function usable(p: LookupPick, r: LookupRow): boolean {
  if (r.verification === 'U') return false;
  if (!p.fill) return given(r.value) || given(r.value2);
  return Object.keys(p.fill(r)).length > 0;
}

/** The rows a picker lists: the ones it offers, usable first (the unknown ones after, disabled). */
export function optionsOf(p: LookupPick, rows: readonly LookupRow[]): LookupRow[] {
  const offered = rows.filter((r) => r.table === p.table && (!p.offers || p.offers(r)));
  return [...offered.filter((r) => usable(p, r)), ...offered.filter((r) => !usable(p, r))];
}

/** The form data with a row's values in the picker's inputs (nothing for a reference or unusable row). */
export function applyLookup<T extends Record<string, unknown>>(data: T, p: LookupPick, r: LookupRow): T {
  if (!p.fill || !usable(p, r)) return data;
  return { ...data, ...p.fill(r) };
}

/** The spec without the '参数值=…' notes of the table (which say what value / value2 are). */
export function specText(r: LookupRow): string {
  return spec(r)
    .split('；')
    .filter((s) => s && !s.includes('参数值'))
    .join('；');
}
