// The public EPD samples kept next to the repository (../shared/epd-samples, never copied in): each one read
// through readEpd and checked against what its SOURCES.md says it declares. Skipped where the folder is absent.
import { readdirSync } from 'node:fs';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readEpd } from '../../../src/server/epd/read';

import { EXPECTED, exists, SAMPLES, sample } from './samples';

const TODAY = { today: '2026-01-15' };

describe.skipIf(!exists)('EPD samples (../shared/epd-samples)', () => {
  it('covers every data file of the folder', () => {
    const read = Object.values(EXPECTED).flatMap((e) => e.files);
    expect(new Set(read)).toEqual(new Set(readdirSync(SAMPLES).filter((f) => f !== 'SOURCES.md')));
  });

  for (const [key, e] of Object.entries(EXPECTED)) {
    it(`${key}: A1–A3 GWP and declared unit as SOURCES.md states`, () => {
      const { data, missing } = readEpd(e.files.map(sample), TODAY);
      expect(data.a1a3).toBeCloseTo(e.a1a3, 9);
      expect(data.a1a3From).toBe(e.a1a3From);
      expect(data.declaredAmount).toBe(e.amount);
      expect(data.declaredUnit).toBe(e.unit);
      expect(data.standard).toBe(e.standard);
      expect(missing.includes('声明单位')).toBe(e.unit === null);
      expect(data.files).toEqual(e.files);
    });
  }

  it('never takes GWP-fossil, -biogenic or -luluc', () => {
    const { data } = readEpd([sample('concrete-c20-25-ecopact-ilcd-epd.json')], TODAY);
    expect(data.indicator).toBe('Global Warming Potential - total (GWP-total)');
    expect(data.indicatorUnit).toBe('kg CO_(2) eqv.');
    expect(data.modules.find((m) => m.module === 'D')?.value).toBe(-9.48661);
    expect(data).toMatchObject({ massPerUnit: 2297, density: 2297, thickness: 0.2 });
  });

  it('the radiator without its flow file has no declared unit, and is expired', () => {
    const { data, missing, notes } = readEpd([sample('radiator-oekobaudat-ilcd-epd.xml')], TODAY);
    expect(data.declaredUnit).toBeNull();
    expect(missing).toContain('声明单位');
    expect(notes).toContain('数据集有效期已过（2013-12-31）');
    expect(data).toMatchObject({ referenceYear: 2008, validUntil: '2013-12-31', productName: 'Heizkörper' });
  });

  it('the radiator zipped in the ILCD layout reads as 1 kg', () => {
    const zip = zipSync({
      'ILCD/processes/a57a742d-0d2e-42a5-b219-13755cbd555e.xml': sample('radiator-oekobaudat-ilcd-epd.xml').content,
      'ILCD/flows/287ca0ed-f629-42ee-a8aa-acf58a7d8ae0.xml': sample('radiator-oekobaudat-flow.xml').content,
    });
    const { data } = readEpd([{ name: 'radiator.zip', content: Buffer.from(zip) }], TODAY);
    expect(data).toMatchObject({ declaredAmount: 1, declaredUnit: 'kg', a1a3: 4.3636825804849 });
  });

  it('the v1.3 example: scenarios per module, area and thickness from its flow', () => {
    const { data, notes } = readEpd(EXPECTED.woodpanel.files.map(sample), TODAY);
    expect(data.modules.filter((m) => m.module === 'A4').map((m) => m.scenario)).toEqual([
      'Transport to Gdansk',
      'Transport to Berlin',
    ]);
    expect(notes).toEqual(expect.arrayContaining(['A4 有 2 个情景', 'D 有 2 个情景']));
    expect(data).toMatchObject({ areaPerUnit: 0.721, thickness: 0.042, registrationNo: 'EPD042812-01' });
  });

  it('the solid wood panel declares A1–A3 and A1, A2, A3: no double count', () => {
    const { notes } = readEpd([sample('solid-wood-panel-ilcd-epd.json')], TODAY);
    expect(notes).toContain('文件同时声明了 A1–A3 与 A1、A2、A3：取声明的 A1–A3，不再相加');
  });

  it('the Danish name loses its leading space; the precast wall is 1000 kg from its Masse property', () => {
    const { data, notes } = readEpd([sample('precast-concrete-wall-dk-ilcd-epd.json')], TODAY);
    expect(data.productName).toBe('Betonelement Væg C35 Passiv');
    expect(data.massPerUnit).toBe(1000);
    expect(notes).toContain('A1–A3 由 A1、A2、A3 相加得出（文件未声明 A1–A3）');
  });
});
