// openEPD (Building Transparency / C Change Labs): `declared_unit {qty, unit}`, `kg_per_declared_unit`, and the
// impacts per LCIA method: `impacts.<method>.gwp.<module>.mean`, module keys A1A2A3, A4, C1 … D. An EF 3.x method
// is EN 15804+A2 (its gwp is GWP-total), CML is +A1; TRACI and others are not EN 15804 and are said so.
import type { EpdData } from '../../../schemas/epd';
import { isoDate } from './dates';
import { get } from './ilcdJson';
import { standardNote, type Standard } from './indicator';
import { a1a3Of, moduleValues, type RawValue } from './modules';
import { inUnit, numberOf, quantityOf, tidy, unitOf } from './units';

type Obj = Record<string, unknown>;

const text = (x: unknown): string | null => (typeof x === 'string' && x.trim() ? x.trim() : null);
/** A name given as text or as an object with a name (manufacturer, pcr, program_operator). */
export const nameOf = (x: unknown): string | null => text(x) ?? text(get(x, 'name'));

export function methodStandard(method: string): Standard | null {
  if (/\bEF ?3|EN ?15804 ?\+ ?A2|\bPEF\b/i.test(method)) return 'EN 15804+A2';
  if (/\bCML|EN ?15804 ?\+ ?A1/i.test(method)) return 'EN 15804+A1';
  return null;
}

/** The GWP values of the method to read (+A2 before +A1 before any other), into `data`. */
export function impactsGwp(impacts: unknown, data: Partial<EpdData>, notes: string[]): boolean {
  const methods = Object.entries((impacts && typeof impacts === 'object' ? impacts : {}) as Obj).filter(
    ([, v]) => get(v, 'gwp') && typeof get(v, 'gwp') === 'object',
  );
  // an older openEPD shape: impacts.gwp without a method
  if (!methods.length && get(impacts, 'gwp', 'A1A2A3')) methods.push(['', impacts]);
  if (!methods.length) return false;
  const rank = (m: string) => {
    const s = methodStandard(m);
    return s === 'EN 15804+A2' ? 0 : s === 'EN 15804+A1' ? 1 : 2;
  };
  const [method, set] = [...methods].sort((a, b) => rank(a[0]) - rank(b[0]))[0];
  const gwp = get(set, 'gwp') as Obj;
  const raw: RawValue[] = [];
  let unit: string | null = null;
  for (const [module, v] of Object.entries(gwp)) {
    const mean = typeof v === 'object' ? numberOf(get(v, 'mean') ?? get(v, 'value')) : numberOf(v);
    unit ??= text(get(v, 'unit'));
    if (module !== 'ext') raw.push({ module, value: mean });
  }
  const standard = methodStandard(method);
  data.standard = standard;
  data.indicator = method ? `gwp（${method}）` : 'gwp';
  data.indicatorUnit = unit;
  data.modules = moduleValues(raw, notes);
  if (standard) notes.push(standardNote(standard));
  else notes.push(`影响评价方法为 ${method || '未注明'}，不是 EN 15804 的指标：GWP 照录，但不按 +A1/+A2 认定`);
  Object.assign(data, a1a3Of(data.modules, notes));
  return true;
}

/** Declared unit from {qty, unit} or '1 m3', in the library's units; notes a unit it does not know. */
export function declaredOf(x: unknown, data: Partial<EpdData>, notes: string[]): void {
  const q = quantityOf(x);
  if (!q) return;
  const u = unitOf(q.unit);
  if (u) {
    data.declaredAmount = tidy(q.value * u.factor);
    data.declaredUnit = u.unit;
    if (u.factor !== 1) notes.push(`声明单位 ${q.value} ${q.unit} 已换算为 ${data.declaredAmount} ${u.unit}`);
  } else if (q.unit) {
    data.declaredAmount = q.value;
    data.declaredUnit = q.unit.slice(0, 30);
    notes.push(`声明单位「${q.unit}」不是 kg、t、m3、m2、m 或个，请核对`);
  }
}

/** kg from '2400 kg', {qty: 12500, unit: 'kg'}, '5 t', '10 lb'. */
export function kgOf(x: unknown): number | null {
  const q = quantityOf(x);
  return q ? inUnit(q.value, q.unit, 'kg', true) : null;
}

/** A declared unit in kg or t gives its own mass. */
export function massFromDeclared(data: Partial<EpdData>): void {
  if (data.massPerUnit != null || data.declaredAmount == null) return;
  if (data.declaredUnit === 'kg') data.massPerUnit = data.declaredAmount;
  if (data.declaredUnit === 't') data.massPerUnit = data.declaredAmount * 1000;
}

/**
 * What an openEPD document and an EC3 record (openEPD's forerunner, with some fields under older names) both say of
 * the product and its declaration.
 */
export const openEpdHeader = (doc: Obj): Partial<EpdData> => ({
  uuid: text(doc.id) ?? text(doc.open_xpd_uuid),
  productName: text(doc.product_name) ?? text(doc.name),
  manufacturer: nameOf(doc.manufacturer),
  pcr: nameOf(doc.pcr),
  operator: nameOf(doc.program_operator),
  registrationNo: text(doc.program_operator_doc_id) ?? text(doc.program_operator_fkey) ?? text(doc.declaration_number),
  issued: isoDate(doc.date_of_issue),
  validUntil: isoDate(doc.valid_until ?? doc.date_validity_ends, true),
  massPerUnit: kgOf(doc.kg_per_declared_unit ?? doc.mass_per_declared_unit),
  modules: [],
});

export function fromOpenEpd(doc: Obj, notes: string[]): Partial<EpdData> {
  const data = openEpdHeader(doc);
  declaredOf(doc.declared_unit, data, notes);
  massFromDeclared(data);
  if (!impactsGwp(doc.impacts, data, notes)) notes.push('openEPD 文件中没有 gwp 影响值');
  return data;
}
