// The Chinese label of a factor-library row, one function for every screen that lists factors (the stage row
// dialog's picker, the building form's grid-factor picker) and for the server, which stores the search text
// (tpf3BuildMaterial.label, src/server/factors/label.ts) so a search for 电 / 电力 / 天然气 / 江苏 finds the row.
// A dataset code such as 'MEE_NBS_2023_province' is never shown: it is read for the year and the kind of factor.
// The value is the one a stage row keeps (src/calc/factor.ts normalizedFactor: a tCO2… factor × 1000).
import { isBaseline, normalizedFactor } from './factor';
import { formatNumber } from './format';

export interface LabelledFactor {
  type?: string | null;
  smallType?: string | null;
  name?: string | null;
  spec?: string | null;
  unit?: string | null;
  materialCo?: number | string | null;
  coUnit?: string | null;
  source?: string | null;
}

/** The seven grid regions of the official tables (区域电网). */
const GRID_REGIONS = ['华北', '东北', '华东', '华中', '西北', '南方', '西南'];

/** Provinces whose full name does not end in 省 (the grid tables use the short names). */
const PROVINCE_SUFFIX: Record<string, string> = {
  北京: '市',
  天津: '市',
  上海: '市',
  重庆: '市',
  内蒙古: '自治区',
  广西: '壮族自治区',
  西藏: '自治区',
  宁夏: '回族自治区',
  新疆: '维吾尔自治区',
  香港: '特别行政区',
  澳门: '特别行政区',
  台湾: '省',
};
const SUFFIX = /(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$/;

/** '江苏省' → '江苏', '广西壮族自治区' → '广西' (the short name the grid tables and the server's provinceOf use). */
export const provinceShort = (full: string): string => full.trim().replace(SUFFIX, '');

/** '江苏' → '江苏省', '上海' → '上海市'. */
export const provinceFull = (short: string): string =>
  SUFFIX.test(short) ? short : `${short}${PROVINCE_SUFFIX[short] ?? '省'}`;

/** The carbon-sink schemes of the library (smallType codes) in words: the two must not be mixed. */
const SINK_SCHEMES: Record<string, string> = {
  TW_greenery_CO2_fixation_div40: '绿化固碳量表折年方案',
  TW_2020s_Gi_table1: '绿化 Gi 值方案',
};

/** A machine code ('MEE_NBS_2023', 'TW_2020s_Gi_table1'), never shown to users. */
const isCode = (s: string) => /^[A-Za-z0-9]+(_[A-Za-z0-9]+)+$/.test(s);
const hasChinese = (s: string) => /[\u4e00-\u9fff]/.test(s);
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

export const isGridFactor = (f: LabelledFactor) => str(f.type) === '能源' && str(f.smallType) === '电力';

/** '0.5827 kgCO2/kWh', in the unit a stage row keeps; '无因子值' without a value. */
export function factorValueText(f: LabelledFactor): string {
  const { value, unit } = normalizedFactor(f);
  return value === null || !Number.isFinite(value) ? '无因子值' : `${formatNumber(value, 4)} ${unit}`.trim();
}

/** Where a grid factor applies: '江苏省', '全国', '华东区域电网'. */
function gridPlace(name: string): string {
  if (name === '全国' || name === '') return '全国';
  if (GRID_REGIONS.includes(name)) return `${name}区域电网`;
  return provinceFull(name);
}

/** The grid factor's title without its value: '江苏省 2023 年电网平均排放因子', '华东区域电网 2012 年平均排放因子'. */
export function gridFactorTitle(f: LabelledFactor): string {
  const name = str(f.name);
  const spec = str(f.spec);
  const source = str(f.source);
  const place = gridPlace(name);
  const specYear = /(?:^|_)((?:19|20)\d{2})(?:_|$)/.exec(spec)?.[1];
  // a dataset without a year in its code (MEE_national): the year of data and the notice from the source
  const dataYear = specYear ? undefined : /((?:19|20)\d{2})\s*年度/.exec(source)?.[1];
  const notice = specYear ? undefined : /\(((?:19|20)\d{2}) notice\)/.exec(source)?.[1];
  const when = specYear ? ` ${specYear} 年` : dataYear ? ` ${dataYear} 年度` : '';
  const issuer = /^MEE/.test(spec) || source.includes('生态环境部') ? '生态环境部 ' : '';
  const after = notice ? `（${issuer}${notice} 年发布）` : !isCode(spec) && hasChinese(spec) ? `（${spec}）` : '';
  if (isBaseline(f))
    return `${place}${when}基准线排放因子（${/(^|_)BM(_|$)/.test(spec) ? 'BM' : 'OM'}，仅用于减排项目）`;
  return `${place}${when}${place.endsWith('区域电网') ? '' : '电网'}平均排放因子${after}`;
}

/** What the row is, before its value: the grid title, or the name with a spec that says something. */
export function factorTitle(f: LabelledFactor): string {
  if (isGridFactor(f)) return gridFactorTitle(f);
  const name = str(f.name);
  const spec = str(f.spec);
  const type = str(f.type);
  const small = str(f.smallType);
  const specText =
    spec && !isCode(spec) ? (type === '运输' && /^\d/.test(spec) ? `（载重 ${spec}）` : `（${spec}）`) : '';
  if (type === '碳汇') {
    const scheme = SINK_SCHEMES[small] ?? (small && !isCode(small) ? small : '');
    return `${name}${specText}${scheme ? `［${scheme}］` : ''}`;
  }
  if (type === '制冷剂') return `${name}${specText} 制冷剂`;
  return `${name}${specText}`;
}

/** `江苏省 2023 年电网平均排放因子 0.5827 kgCO2/kWh`, `天然气 2.1620 kgCO2/m3`, `C30混凝土 295.0000 kgCO2e/m3`. */
export function factorLabel(f: LabelledFactor): string {
  return `${factorTitle(f)} ${factorValueText(f)}`;
}

/** The library's type and small type in words: '能源·电力', '建材·混凝土', '碳汇·绿化 Gi 值方案'. */
export function factorCategory(f: LabelledFactor): string {
  const type = str(f.type);
  const small = str(f.smallType);
  const smallText = SINK_SCHEMES[small] ?? (isCode(small) ? '' : small);
  return [type, smallText].filter(Boolean).join('·');
}

/**
 * The stored search text (tpf3BuildMaterial.label): the label and its category, so 电 and 电力 find the grid
 * rows (电网 in the label, 电力 in the category), 天然气 the fuel and 江苏 / 华东 the region.
 */
export function factorSearchText(f: LabelledFactor): string {
  const category = factorCategory(f);
  return `${factorLabel(f)}${category ? `｜${category}` : ''}`.slice(0, 300);
}

/** The name a stage row gets from the factor when it has none: a grid factor is 电力, anything else its name. */
export function factorRowName(f: LabelledFactor): string {
  return isGridFactor(f) ? '电力' : str(f.name);
}

/**
 * The building's own province first (its label starts with the province, e.g. '江苏省 …'), the rest in their
 * order. `province` is the short or full name; empty: the list as it is.
 */
export function provinceFirst<T extends LabelledFactor>(list: readonly T[], province: string | undefined): T[] {
  const short = province ? provinceShort(province) : '';
  if (!short) return [...list];
  const own = (f: T) => factorTitle(f).startsWith(short);
  return [...list.filter(own), ...list.filter((f) => !own(f))];
}
