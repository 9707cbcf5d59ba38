// Each EPD format read from small invented fixtures (tests/fixtures/epd/): the same record fields, the same
// missing-field vocabulary, and the A1–A3 rule (declared, else A1 + A2 + A3, never both).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readEpd, type EpdFile } from '../../../src/server/epd/read';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures/epd');
const file = (name: string): EpdFile => ({ name, content: readFileSync(resolve(FIXTURES, name)) });
const TODAY = { today: '2025-06-01' };

describe('ILCD+EPD XML', () => {
  const brick = () => readEpd([file('brick-process.xml'), file('brick-flow.xml')], TODAY);

  it('reads the process with its flow file: declared unit, conversion data and GWP-total', () => {
    const { data, missing, notes } = brick();
    expect(data).toMatchObject({
      format: 'ilcdXml',
      uuid: '0b0b0b0b-1111-4222-8333-444444444444',
      productName: 'Test brick',
      manufacturer: 'Musterziegel GmbH',
      declaredAmount: 1,
      declaredUnit: 'm3',
      massPerUnit: 1800,
      density: 1800,
      thickness: 0.24,
      areaPerUnit: null,
      standard: 'EN 15804+A2',
      indicator: 'Climate change - total',
      indicatorUnit: 'kg CO2 eqv.',
      a1a3: 200,
      a1a3From: 'declared',
      pcr: 'PCR Bricks',
      registrationNo: 'TEST-EPD-0001',
      operator: 'Test Programme',
      issued: '2024-03-01',
      validUntil: '2029-12-31',
      referenceYear: 2023,
      files: ['brick-process.xml', 'brick-flow.xml'],
    });
    expect(data.modules).toEqual([
      { module: 'A1-A3', scenario: null, value: 200 },
      { module: 'A4', scenario: 'Truck 50 km', value: 5 },
      { module: 'A4', scenario: 'Truck 200 km', value: 20 },
      { module: 'C3', scenario: null, value: 3 },
      { module: 'D', scenario: null, value: -10 },
    ]);
    expect(missing).toEqual([]);
    expect(notes).toContain('按 EN 15804+A2 的 GWP-total 读取');
    expect(notes).toContain('A4 有 2 个情景');
  });

  it('without the flow file the declared unit is missing, and says which flow to add', () => {
    const { data, missing, notes } = readEpd([file('brick-process.xml')], TODAY);
    expect(data.declaredUnit).toBeNull();
    expect(data.declaredAmount).toBeNull();
    expect(data.a1a3).toBe(200);
    expect(missing).toEqual(['声明单位', '每声明单位质量或密度']);
    expect(notes.join()).toContain('11111111-2222-4333-8444-555555555555');
  });

  it('reads the same from a zip in the ILCD layout, leaving contacts and documents aside', () => {
    const zip = zipSync({
      'ILCD/processes/brick.xml': file('brick-process.xml').content,
      'ILCD/flows/11111111-2222-4333-8444-555555555555.xml': file('brick-flow.xml').content,
      'ILCD/contacts/c.xml': Buffer.from('<contactDataSet/>'),
      'ILCD/external_docs/epd.pdf': Buffer.from('%PDF-1.4 not read'),
    });
    const { data, missing } = readEpd([{ name: 'brick.zip', content: Buffer.from(zip) }], TODAY);
    const loose = brick().data;
    expect({ ...data, files: [] }).toEqual({ ...loose, files: [] });
    expect(data.files).toEqual(['brick.zip']);
    expect(missing).toEqual([]);
  });

  it('notes an expired data set', () => {
    const { notes } = readEpd([file('brick-process.xml'), file('brick-flow.xml')], { today: '2030-01-01' });
    expect(notes).toContain('数据集有效期已过（2029-12-31）');
  });
});

describe('ILCD+EPD JSON', () => {
  it('sums A1, A2 and A3 when no A1–A3 is declared (+A1 GWP, values as text)', () => {
    const { data, missing, notes } = readEpd([file('slab-sum.json')], TODAY);
    expect(data).toMatchObject({
      format: 'ilcdJson',
      productName: 'Test-Deckenplatte',
      manufacturer: 'Beispielbeton AG',
      declaredAmount: 1000,
      declaredUnit: 'kg',
      massPerUnit: 1000,
      density: 2400,
      standard: 'EN 15804+A1',
      indicator: 'Global warming potential (GWP)',
      indicatorUnit: 'kg CO2-Äqv.',
      a1a3: 131,
      a1a3From: 'sum',
      pcr: 'PCR Test Slabs',
      registrationNo: 'TEST-SLAB-2022',
      operator: 'Test Operator e.V.',
      issued: '2022-07-01',
      validUntil: '2027-12-31',
      referenceYear: 2022,
    });
    expect(data.modules.map((m) => m.module)).toEqual(['A1', 'A2', 'A3', 'C4', 'D']);
    expect(missing).toEqual([]);
    expect(notes).toContain('A1–A3 由 A1、A2、A3 相加得出（文件未声明 A1–A3）');
    expect(notes).toContain('按 EN 15804+A1 的 GWP 读取');
  });

  it('takes a declared A1–A3 and never adds A1, A2 and A3 to it', () => {
    const { data, notes } = readEpd([file('slab-both.json')], TODAY);
    expect(data.productName).toBe('Test slab with A1-A3');
    expect(data.a1a3).toBe(130);
    expect(data.a1a3From).toBe('declared');
    expect(notes).toContain('文件同时声明了 A1–A3 与 A1、A2、A3：取声明的 A1–A3，不再相加');
    expect(notes).toContain('D 有 2 个情景');
    expect(data.modules.filter((m) => m.module === 'D')).toEqual([
      { module: 'D', scenario: 'recycling', value: -5 },
      { module: 'D', scenario: 'incineration', value: -1.5 },
    ]);
  });
});

describe('ILCD+EPD JSON per m²', () => {
  it('reads an area reference ("qm"), the mass from the grammage, and questions a density of 2.4 kg/m³', () => {
    const doc = JSON.parse(file('slab-sum.json').content.toString());
    const exchange = doc.exchanges.exchange[0];
    exchange.flowProperties = [
      { name: [{ lang: 'de', value: 'Fläche' }], referenceFlowProperty: true, meanValue: 2, referenceUnit: 'qm' },
    ];
    exchange.materialProperties = [
      { name: 'grammage', value: '179.0', unit: 'kg/m^2' },
      { name: 'gross density', value: '2.4', unit: 'kg/m^3' },
      { name: 'layer thickness', value: '0.08', unit: 'm' },
    ];
    const { data, notes } = readEpd([{ name: 'paver.json', content: Buffer.from(JSON.stringify(doc)) }], TODAY);
    expect(data).toMatchObject({ declaredAmount: 2, declaredUnit: 'm2', massPerUnit: 358, thickness: 0.08 });
    expect(notes.join()).toContain('密度 2.4 kg/m³ 不合常理');
  });
});

describe('openEPD', () => {
  it('reads the EF 3.1 GWP before TRACI, per module, with the declared unit normalised', () => {
    const { data, missing, notes } = readEpd([file('insulation-openepd.json')], TODAY);
    expect(data).toMatchObject({
      format: 'openEpd',
      uuid: 'ec3test0001',
      productName: 'Test mineral wool board',
      manufacturer: 'Dämmwerk Test AG',
      declaredAmount: 1,
      declaredUnit: 'm2',
      massPerUnit: 4,
      standard: 'EN 15804+A2',
      indicatorUnit: 'kgCO2e',
      a1a3: 12.5,
      a1a3From: 'declared',
      pcr: 'PCR Insulation Test',
      registrationNo: 'OP-2023-001',
      operator: 'Test Operator',
      issued: '2023-05-01',
      validUntil: '2028-05-01',
      referenceYear: null,
    });
    expect(data.modules).toEqual([
      { module: 'A1-A3', scenario: null, value: 12.5 },
      { module: 'A4', scenario: null, value: 0.5 },
      { module: 'C4', scenario: null, value: 1.5 },
      { module: 'D', scenario: null, value: -2 },
    ]);
    expect(missing).toEqual(['参考年']);
    expect(notes).toContain('按 EN 15804+A2 的 GWP-total 读取');
  });
});

describe('EC3 records', () => {
  it('reads a YAML record: gwp is A1–A3, quantities are text, top-level dates only', () => {
    const { data, missing, notes } = readEpd([file('glulam-ec3.yaml')], TODAY);
    expect(data).toMatchObject({
      format: 'ec3',
      uuid: 'ec3glulam0001',
      productName: 'Test Glulam GL24h',
      manufacturer: 'Holzbau Test Ltd',
      declaredAmount: 1,
      declaredUnit: 'm3',
      massPerUnit: 450,
      density: 450,
      standard: null,
      indicatorUnit: 'kgCO2e',
      a1a3: 150.5,
      a1a3From: 'declared',
      pcr: 'PCR Structural Wood Test',
      registrationNo: 'TPO-42',
      operator: 'Test PO',
      issued: '2024-01-10',
      validUntil: '2029-01-10',
    });
    expect(data.modules).toEqual([{ module: 'A1-A3', scenario: null, value: 150.5 }]);
    expect(missing).toEqual(['EN 15804 指标', '参考年']);
    expect(notes.join()).toContain('EC3');
  });

  it('reads the same kind of record as JSON, told by its content whatever its name', () => {
    const content = file('rebar-ec3.json').content;
    const { data, missing } = readEpd([{ name: 'download.txt', content }], TODAY);
    expect(data).toMatchObject({
      format: 'ec3',
      productName: 'Test rebar B500B',
      declaredAmount: 1,
      declaredUnit: 't',
      massPerUnit: 1000,
      density: 7850,
      a1a3: 850,
      validUntil: '2027-06-29',
    });
    expect(missing).toEqual(['EN 15804 指标', '注册编号', '参考年']);
  });
});
