// The reading handed back for every format alike: every field of the record present (null when the file does not
// give it), texts cut to the schema's lengths, what is missing named in Chinese in a fixed order, and the remarks
// a pre-flight shows (scenarios, an expired data set).
import { epdExpired, type EpdData, type EpdFormat } from '../../../schemas/epd';
import { scenarioNotes } from './modules';
import type { EpdReading } from './read';

/** The missing-field vocabulary, in the order a pre-flight lists it. */
const MISSING: [string, (d: EpdData) => boolean][] = [
  ['产品名称', (d) => !d.productName],
  ['生产企业', (d) => !d.manufacturer],
  ['声明单位', (d) => d.declaredAmount == null || !d.declaredUnit],
  ['每声明单位质量或密度', (d) => d.massPerUnit == null && d.density == null],
  ['EN 15804 指标', (d) => !d.standard],
  ['A1–A3 的 GWP', (d) => d.a1a3 == null],
  ['产品类别规则(PCR)', (d) => !d.pcr],
  ['注册编号', (d) => !d.registrationNo],
  ['项目运营方', (d) => !d.operator],
  ['有效期', (d) => !d.validUntil],
  ['参考年', (d) => d.referenceYear == null],
];

const clip = (s: string | null | undefined, n: number): string | null => {
  const t = s?.trim();
  return t ? t.slice(0, n) : null;
};
const num = (n: number | null | undefined): number | null => (typeof n === 'number' && Number.isFinite(n) ? n : null);

export function finish(
  format: EpdFormat,
  got: Partial<EpdData>,
  notes: string[],
  files: string[],
  today: string,
): EpdReading {
  const data: EpdData = {
    format,
    uuid: clip(got.uuid, 100),
    productName: clip(got.productName, 300),
    manufacturer: clip(got.manufacturer, 300),
    declaredAmount: num(got.declaredAmount),
    declaredUnit: clip(got.declaredUnit, 30),
    massPerUnit: num(got.massPerUnit),
    density: num(got.density),
    thickness: num(got.thickness),
    areaPerUnit: num(got.areaPerUnit),
    standard: got.standard ?? null,
    indicator: clip(got.indicator, 300),
    indicatorUnit: clip(got.indicatorUnit, 60),
    modules: got.modules ?? [],
    a1a3: num(got.a1a3),
    a1a3From: got.a1a3 == null ? null : (got.a1a3From ?? null),
    pcr: clip(got.pcr, 300),
    registrationNo: clip(got.registrationNo, 150),
    operator: clip(got.operator, 300),
    issued: clip(got.issued, 10),
    validUntil: clip(got.validUntil, 10),
    referenceYear: got.referenceYear ?? null,
    files: files.slice(0, 10).map((f) => f.slice(-200)),
  };
  const all = [...notes, ...scenarioNotes(data.modules)];
  if (epdExpired(data, today)) all.push(`数据集有效期已过（${data.validUntil}）`);
  return {
    data,
    missing: MISSING.filter(([, lacks]) => lacks(data)).map(([name]) => name),
    notes: [...new Set(all)],
  };
}
