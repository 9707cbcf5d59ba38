// What the two ILCD+EPD forms (XML, soda4LCA JSON) share once read: a process data set and its reference flow,
// turned into the EPD record's fields. The declared unit lives in the flow: the exchange's amount × the reference
// flow property's mean value, in that property's unit; the flow's other properties give mass, area, density.
import type { EpdData } from '../../../schemas/epd';
import { pickGwp, standardNote } from './indicator';
import { a1a3Of, moduleValues, type RawValue } from './modules';
import { densityOf, inUnit, tidy, unitOf, type EpdUnit } from './units';

export interface LangText {
  lang: string | null;
  value: string;
}

/** A reference to another data set: its UUID and short description(s). */
export interface IlcdRef {
  uuid: string | null;
  names: LangText[];
}

export interface IlcdFlowProperty {
  uuid: string | null;
  names: string[];
  meanValue: number | null;
  reference: boolean;
  /** the reference unit when the file names it (the JSON form does) */
  unit: string | null;
}

export interface IlcdMaterialProperty {
  name: string;
  value: number | null;
  unit: string | null;
}

export interface IlcdFlow {
  uuid: string | null;
  file: string;
  properties: IlcdFlowProperty[];
  materials: IlcdMaterialProperty[];
}

export interface IlcdResult {
  method: IlcdRef;
  unit: string | null;
  values: RawValue[];
}

export interface IlcdProcess {
  uuid: string | null;
  names: LangText[];
  /** typeOfDataSet "EPD", or results declared per module */
  isEpd: boolean;
  owner: IlcdRef | null;
  pcrs: IlcdRef[];
  registrationAuthority: IlcdRef | null;
  publisher: IlcdRef | null;
  registrationNo: string | null;
  issued: string | null;
  /** dataSetValidUntil as written: a year, sometimes a date */
  validUntil: string | null;
  expiration: string | null;
  referenceYear: number | null;
  reference: { flow: IlcdRef; amount: number | null; resulting: number | null; embedded: IlcdFlow | null } | null;
  results: IlcdResult[];
}

/** A template's stand-in UUID (aaaaaaaa-… or 00000000-…): the reference points at nothing. */
export const isPlaceholder = (uuid: string | null | undefined): boolean =>
  !!uuid && /^(a{8}-a{4}-a{4}-a{4}-a{12}|0{8}-0{4}-0{4}-0{4}-0{12})$/i.test(uuid.trim());

/** English, then German, then the first text given. */
export function pickLang(texts: LangText[]): string | null {
  const given = texts.filter((t) => t.value.trim());
  const hit = given.find((t) => t.lang === 'en') ?? given.find((t) => t.lang === 'de') ?? given[0];
  return hit ? hit.value.trim() : null;
}

const refName = (ref: IlcdRef | null): string | null => (ref && !isPlaceholder(ref.uuid) ? pickLang(ref.names) : null);

/** ILCD flow property data sets by UUID, with the unit of their reference unit group. */
const PROPERTY_UNITS: Record<string, EpdUnit> = {
  '93a60a56-a3c8-11da-a746-0800200b9a66': 'kg',
  '93a60a56-a3c8-22da-a746-0800200c9a66': 'm3',
  '93a60a56-a3c8-19da-a746-0800200c9a66': 'm2',
  '838aaa23-0117-11db-92e3-0800200c9a66': 'm',
  '01846770-4cfe-4a25-8ad9-919d8d378345': '个',
};
const PROPERTY_NAMES: [RegExp, EpdUnit][] = [
  [/^(mass|masse|gewicht)$/i, 'kg'],
  [/^(volume|volumen)$/i, 'm3'],
  [/^(area|fläche|flaeche)$/i, 'm2'],
  [/^(length|länge|laenge)$/i, 'm'],
  [/^(number of (items|pieces)|stückzahl|anzahl|stück)$/i, '个'],
];

function propertyUnit(p: IlcdFlowProperty): { unit: EpdUnit; factor: number } | null {
  const known = p.uuid ? PROPERTY_UNITS[p.uuid.toLowerCase()] : undefined;
  const named = PROPERTY_NAMES.find(([re]) => p.names.some((n) => re.test(n.trim())))?.[1];
  const kind = known ?? named;
  const written = unitOf(p.unit);
  if (written && (!kind || written.unit === kind || (kind === 'kg' && written.unit === 't'))) return written;
  return kind ? { unit: kind, factor: 1 } : null;
}

/** kg/m² from 'kg/m^2' (or no unit); null for any other unit. */
function densityPerArea(value: number, unit: string | null): number | null {
  if (!unit || /^-?$/.test(unit.trim())) return value;
  const [mass, area] = unit.split('/').map((t) => unitOf(t.trim()));
  return mass?.unit === 'kg' && mass.factor === 1 && area?.unit === 'm2' && area.factor === 1 ? value : null;
}

const material = (flow: IlcdFlow, re: RegExp) =>
  flow.materials.find((m) => re.test(m.name.trim()) && m.value !== null && m.value > 0);

/** Declared unit, mass, area, density and thickness from the reference flow, `amount` flow units of it. */
export function flowFacts(flow: IlcdFlow, amount: number | null, resulting: number | null, notes: string[]) {
  const facts: Partial<EpdData> = {};
  const reference =
    flow.properties.find((p) => p.reference) ?? (flow.properties.length === 1 ? flow.properties[0] : null);
  const refUnit = reference && propertyUnit(reference);
  if (!reference || !reference.meanValue || reference.meanValue < 0 || !refUnit) {
    notes.push(`流数据集${flow.file ? `「${flow.file}」` : ''}没有可识别的参考流属性，声明单位无法确定`);
    return facts;
  }
  // JSON's resultingflowAmount is already amount × the reference property's mean value
  const q = amount ?? (resulting !== null ? resulting / reference.meanValue : 1);
  const byUnit = (unit: EpdUnit) =>
    flow.properties
      .map((p) => ({ p, u: propertyUnit(p) }))
      .find(({ p, u }) => p.meanValue !== null && u && (u.unit === unit || (unit === 'kg' && u.unit === 't')));
  const perDeclared = (unit: EpdUnit): number | null => {
    const hit = byUnit(unit);
    if (!hit) return null;
    return tidy(q * hit.p.meanValue! * hit.u!.factor * (hit.u!.unit === 't' && unit === 'kg' ? 1000 : 1));
  };
  facts.declaredAmount = tidy(q * reference.meanValue * refUnit.factor);
  facts.declaredUnit = refUnit.unit;
  facts.massPerUnit = perDeclared('kg');
  facts.areaPerUnit = perDeclared('m2');
  const volume = perDeclared('m3');
  const grammage = material(flow, /^(grammage|flächengewicht|area weight|mass per area)$/i);
  const area = facts.declaredUnit === 'm2' ? facts.declaredAmount : facts.areaPerUnit;
  const kgPerM2 = grammage && densityPerArea(grammage.value!, grammage.unit);
  if (facts.massPerUnit === null && kgPerM2 && area) facts.massPerUnit = tidy(kgPerM2 * area);
  const dens = material(flow, /^(gross density|rohdichte|density|dichte|bulk density|schüttdichte)$/i);
  facts.density = dens ? densityOf(dens.value!, dens.unit) : null;
  if (facts.density === null && facts.massPerUnit && volume) facts.density = tidy(facts.massPerUnit / volume);
  // "2.4 kg/m^3" for a 2.4 t/m³ concrete paver is a real ÖKOBAUDAT slip: kept as written, but pointed out
  if (facts.density !== null && facts.density < 5) {
    notes.push(`流数据集中的密度 ${facts.density} kg/m³ 不合常理，请核对单位（可能是 t/m³）`);
  }
  const thick = material(flow, /^(layer thickness|schichtdicke|thickness|dicke)$/i);
  facts.thickness = thick ? inUnit(thick.value!, thick.unit, 'm', true) : null;
  return facts;
}

/** The record's fields from a process data set and, when it was found, its reference flow. */
export function fromIlcd(process: IlcdProcess, flows: IlcdFlow[], notes: string[]): Partial<EpdData> {
  const data: Partial<EpdData> = {
    uuid: process.uuid,
    productName: pickLang(process.names),
    manufacturer: refName(process.owner),
    pcr: process.pcrs.map(refName).find((n) => n && !/^ILCD format/i.test(n)) ?? null,
    registrationNo: process.registrationNo,
    operator: refName(process.registrationAuthority) ?? refName(process.publisher),
    issued: process.issued,
    validUntil: process.validUntil,
    referenceYear: process.referenceYear,
  };
  if (process.expiration && process.validUntil && process.expiration !== process.validUntil) {
    notes.push(`EPD 声明的到期日为 ${process.expiration}（数据集有效期至 ${process.validUntil}）`);
  }
  if ([process.owner, ...process.pcrs].some((r) => r && isPlaceholder(r.uuid))) {
    notes.push('生产企业或 PCR 的引用是模板占位符（UUID aaaaaaaa-… / 00000000-…），未读取');
  }

  const picked = pickGwp(
    process.results.map((r) => ({ uuid: r.method.uuid, names: r.method.names.map((n) => n.value) })),
  );
  if (picked) {
    const result = process.results[picked.index];
    data.standard = picked.standard;
    data.indicator = pickLang(result.method.names);
    data.indicatorUnit = result.unit;
    data.modules = moduleValues(result.values, notes);
    notes.push(standardNote(picked.standard));
    Object.assign(data, a1a3Of(data.modules, notes));
  } else {
    notes.push('文件中没有 EN 15804 的 GWP 指标（+A2 的 GWP-total 或 +A1 的 GWP）');
  }

  const ref = process.reference;
  if (!ref) {
    notes.push('文件没有指明参考流，声明单位无法确定');
  } else if (isPlaceholder(ref.flow.uuid)) {
    notes.push('参考流是模板占位符（UUID aaaaaaaa-…），声明单位无法确定');
  } else {
    const flow = ref.embedded ?? flows.find((f) => f.uuid?.toLowerCase() === ref.flow.uuid?.toLowerCase());
    if (flow) Object.assign(data, flowFacts(flow, ref.amount, ref.resulting, notes));
    else {
      const name = pickLang(ref.flow.names);
      notes.push(
        `缺少参考流${name ? `「${name}」` : ''}的流数据集（UUID ${ref.flow.uuid ?? '未知'}）：声明单位无法确定，请把它与 EPD 一起上传`,
      );
    }
  }
  return data;
}
