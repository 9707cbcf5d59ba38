// The file's units (IfcUnitAssignment of the IfcProject) as factors to m, m², m³ and kg. A length
// unit is required: without it no quantity can be read and the model is refused with the reason. An area or
// volume unit the file leaves out follows its length unit (m → m², m³), a mass unit defaults to kg; both are
// said in the report's words, never assumed silently. The assignment is found robustly: when the
// project's reference does not lead to one (a file misplacing its attributes), the file's own IfcUnitAssignment is
// used and the report says so.
import * as W from 'web-ifc';
import type { BimUnits } from '../model';
import { type Api, enumOf, idsOf, numOf, ref, textOf } from './lines';

const PREFIX: Record<string, number> = {
  EXA: 1e18,
  PETA: 1e15,
  TERA: 1e12,
  GIGA: 1e9,
  MEGA: 1e6,
  KILO: 1e3,
  HECTO: 1e2,
  DECA: 1e1,
  DECI: 1e-1,
  CENTI: 1e-2,
  MILLI: 1e-3,
  MICRO: 1e-6,
  NANO: 1e-9,
};
const PREFIX_ZH: Record<string, string> = { KILO: '千', DECI: '分', CENTI: '厘', MILLI: '毫', MEGA: '兆' };
const SI: Record<string, { kind: Kind; power: number }> = {
  METRE: { kind: 'length', power: 1 },
  SQUARE_METRE: { kind: 'area', power: 2 },
  CUBIC_METRE: { kind: 'volume', power: 3 },
  GRAM: { kind: 'mass', power: 1 },
};
const SYMBOL_PREFIX: Record<string, string> = { KILO: 'k', MILLI: 'm', CENTI: 'c', DECI: 'd', MEGA: 'M' };
const MASS_WORDS: Record<string, string> = { KILO: '千克', MEGA: '吨', '': '克' };
const MASS_SYMBOLS: Record<string, string> = { KILO: 'kg', MEGA: 't', '': 'g' };
const UNIT_TYPES = { LENGTHUNIT: 'length', AREAUNIT: 'area', VOLUMEUNIT: 'volume', MASSUNIT: 'mass' } as const;
/** Chinese names of the conversion-based units exports use (IfcConversionBasedUnit.Name, lower case). */
const CONVERSION_ZH: Record<string, string> = {
  inch: '英寸',
  foot: '英尺',
  yard: '码',
  mile: '英里',
  'square inch': '平方英寸',
  'square foot': '平方英尺',
  'square yard': '平方码',
  acre: '英亩',
  'cubic inch': '立方英寸',
  'cubic foot': '立方英尺',
  'cubic yard': '立方码',
  gallon: '加仑',
  litre: '升',
  liter: '升',
  pound: '磅',
  ounce: '盎司',
  'tn (short)': '短吨',
  'ton (short)': '短吨',
  'ton (long)': '长吨',
  tonne: '吨',
};

export type Kind = 'length' | 'area' | 'volume' | 'mass';

/** The unit a normalised quantity of each kind is in. */
export const BASE_SYMBOL: Record<Kind, string> = { length: 'm', area: 'm²', volume: 'm³', mass: 'kg' };

export interface Scale {
  /** multiply a file value by this to get m, m², m³ or kg */
  factor: number;
  words: string;
  /** not declared by the file: taken from the length unit, or kg */
  assumed?: boolean;
}

export type Scales = Record<Kind, Scale>;

export interface ProjectUnits {
  scales: Scales;
  /** set when the project's reference was unreadable and the file's IfcUnitAssignment was used: its line */
  foundAt?: number;
}

/** Thrown when the model's units cannot be read; its message is the reason shown to the user. */
export class UnitsUnreadable extends Error {}

/** An IfcSIUnit / IfcConversionBasedUnit line → its factor to the base unit (kg for mass), or null if unreadable. */
export function unitScale(api: Api, model: number, id: number, depth = 0): Scale | null {
  const u = api.GetLine(model, id);
  if (!u || depth > 3) return null;
  const name = enumOf(u.Name);
  const si = name ? SI[name] : undefined;
  if (si) {
    const prefix = enumOf(u.Prefix);
    if (prefix && !(prefix in PREFIX)) return null;
    const p = prefix ? PREFIX[prefix] : 1;
    const factor = Math.pow(p, si.power) * (si.kind === 'mass' ? 1e-3 : 1);
    const pz = prefix ? (PREFIX_ZH[prefix] ?? prefix) : '';
    const ps = prefix ? (SYMBOL_PREFIX[prefix] ?? prefix) : '';
    const zh =
      si.kind === 'mass'
        ? (MASS_WORDS[prefix ?? ''] ?? `${pz}克`)
        : `${si.power === 2 ? '平方' : si.power === 3 ? '立方' : ''}${pz}米`;
    const sym =
      si.kind === 'mass'
        ? (MASS_SYMBOLS[prefix ?? ''] ?? `${ps}g`)
        : `${ps}m${si.power === 2 ? '²' : si.power === 3 ? '³' : ''}`;
    return { factor, words: `${zh}(${sym})` };
  }
  // IfcConversionBasedUnit: ConversionFactor = IfcMeasureWithUnit(ValueComponent, UnitComponent)
  const conv = ref(u.ConversionFactor);
  if (conv === undefined) return null;
  const measure = api.GetLine(model, conv);
  const value = numOf(measure?.ValueComponent);
  const base = ref(measure?.UnitComponent);
  if (!(value && value > 0) || base === undefined) return null;
  const baseScale = unitScale(api, model, base, depth + 1);
  if (!baseScale) return null;
  const label = textOf(u.Name).trim() || '换算单位';
  const factor = value * baseScale.factor;
  const kind = UNIT_TYPES[enumOf(u.UnitType) as keyof typeof UNIT_TYPES];
  return {
    factor,
    words: `${CONVERSION_ZH[label.toLowerCase()] ?? label}(×${+factor.toPrecision(6)} ${kind ? BASE_SYMBOL[kind] : baseScale.words})`,
  };
}

const isAssignment = (api: Api, model: number, id: number | undefined) =>
  id !== undefined && api.GetLine(model, id)?.type === W.IFCUNITASSIGNMENT;

/**
 * The IfcUnitAssignment to read: the project's UnitsInContext; else one the project line references anywhere
 * (its attributes misplaced); else the file's own assignment with a length unit (the first).
 */
function assignmentOf(
  api: Api,
  model: number,
  projectId: number | undefined,
): { id: number; fallback: boolean } | undefined {
  if (projectId === undefined) return undefined;
  const declared = ref(api.GetLine(model, projectId)?.UnitsInContext);
  if (isAssignment(api, model, declared)) return { id: declared!, fallback: false };
  const raw = api.GetRawLineData(model, projectId)?.arguments ?? [];
  const referenced = raw.map((a) => ref(a)).find((id) => isAssignment(api, model, id));
  if (referenced !== undefined) return { id: referenced, fallback: true };
  const all = idsOf(api, model, W.IFCUNITASSIGNMENT);
  const withLength = all.find((a) =>
    (api.GetLine(model, a)?.Units ?? []).some(
      (u: unknown) => enumOf(api.GetLine(model, ref(u)!)?.UnitType) === 'LENGTHUNIT',
    ),
  );
  const id = withLength ?? all[0];
  return id === undefined ? undefined : { id, fallback: true };
}

/** The project's units; throws UnitsUnreadable with the reason when the length unit is missing or unreadable. */
export function readUnits(api: Api, model: number, projectId: number | undefined): ProjectUnits {
  const assignment = assignmentOf(api, model, projectId);
  if (!assignment) throw new UnitsUnreadable('模型未声明单位（IfcProject 缺少 IfcUnitAssignment），无法换算工程量');
  const found: Partial<Scales> = {};
  const unreadable: string[] = [];
  for (const u of api.GetLine(model, assignment.id)?.Units ?? []) {
    const id = ref(u);
    if (id === undefined) continue;
    const type = enumOf(api.GetLine(model, id)?.UnitType) as keyof typeof UNIT_TYPES | undefined;
    const kind = type ? UNIT_TYPES[type] : undefined;
    if (!kind) continue;
    const scale = unitScale(api, model, id);
    if (scale) found[kind] = scale;
    else unreadable.push(type!);
  }
  if (!found.length) {
    const why = unreadable.includes('LENGTHUNIT') ? '长度单位无法识别' : '模型未声明长度单位';
    throw new UnitsUnreadable(`${why}（IfcUnitAssignment 中没有可识别的 LENGTHUNIT），无法换算工程量`);
  }
  const l = found.length;
  const scales: Scales = {
    length: l,
    area: found.area ?? { factor: l.factor ** 2, words: `未声明，按长度单位${l.words}换算`, assumed: true },
    volume: found.volume ?? { factor: l.factor ** 3, words: `未声明，按长度单位${l.words}换算`, assumed: true },
    mass: found.mass ?? { factor: 1, words: '未声明，按千克(kg)', assumed: true },
  };
  return assignment.fallback ? { scales, foundAt: assignment.id } : { scales };
}

export const unitWords = (s: Scales): BimUnits => ({
  length: s.length.words,
  area: s.area.words,
  volume: s.volume.words,
  mass: s.mass.words,
});

const KIND_ZH: Record<Kind, string> = { length: '长度', area: '面积', volume: '体积', mass: '质量' };

/**
 * The note for quantities read in `scale` (null when nothing was converted: the unit is the base unit itself).
 * `own`: the quantity declared its own unit rather than the project's.
 */
export function conversionNote(kind: Kind, scale: Scale, own = false): string | null {
  const to = BASE_SYMBOL[kind];
  if (scale.assumed) return `${KIND_ZH[kind]}单位${scale.words}，数量按 ${to} 计`;
  if (scale.factor === 1) return null;
  const what = kind === 'length' ? '几何与材料层厚度' : '数量';
  return `${own ? `数量自带${KIND_ZH[kind]}单位` : `${KIND_ZH[kind]}单位`} ${scale.words}，${what}按此换算为 ${to}`;
}
