// The public EPD samples kept next to the repository (../shared/epd-samples, never copied in) and what SOURCES.md says
// each declares, for the tests that read them directly and through the pre-flight route.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { EpdFile } from '../../../src/server/epd/read';

export const SAMPLES = resolve(import.meta.dirname, '../../../../shared/epd-samples');
export const exists = existsSync(resolve(SAMPLES, 'SOURCES.md'));
if (!exists) console.log(`EPD samples not found at ${SAMPLES}: the sample checks are skipped`);

export const sample = (name: string): EpdFile => ({ name, content: readFileSync(resolve(SAMPLES, name)) });

interface Expected {
  files: string[];
  /** A1–A3 GWP as SOURCES.md states it (the precast wall: the sum of its A1, A2 and A3 given there) */
  a1a3: number;
  a1a3From: 'declared' | 'sum';
  /** declared unit; null where SOURCES.md says it cannot be determined */
  amount: number | null;
  unit: string | null;
  standard: 'EN 15804+A2' | 'EN 15804+A1' | null;
}

// Values hard-coded from the SOURCES.md table ("what it declares"); the two template/example XMLs carry
// placeholder numbers and are checked for structure only, with the numbers their files hold.
export const EXPECTED: Record<string, Expected> = {
  radiator: {
    files: ['radiator-oekobaudat-ilcd-epd.xml', 'radiator-oekobaudat-flow.xml'],
    a1a3: 4.3636825804849,
    a1a3From: 'declared',
    amount: 1,
    unit: 'kg',
    standard: 'EN 15804+A1',
  },
  woodpanel: {
    files: ['woodpanel-v13-example-ilcd-epd.xml', 'woodpanel-v13-example-flow.xml'],
    a1a3: 15.559479677163699,
    a1a3From: 'declared',
    amount: 1,
    unit: 'kg',
    standard: 'EN 15804+A2',
  },
  template: {
    files: ['template-v11-sample-ilcd-epd.xml'],
    a1a3: 42,
    a1a3From: 'declared',
    amount: null,
    unit: null,
    standard: 'EN 15804+A1',
  },
  ecopact: {
    files: ['concrete-c20-25-ecopact-ilcd-epd.json'],
    a1a3: 146.75360187405067,
    a1a3From: 'declared',
    amount: 1,
    unit: 'm3',
    standard: 'EN 15804+A2',
  },
  precast: {
    files: ['precast-concrete-wall-dk-ilcd-epd.json'],
    a1a3: 179.137536677058,
    a1a3From: 'sum',
    amount: 1000,
    unit: 'kg',
    standard: 'EN 15804+A2',
  },
  aluminium: {
    files: ['aluminium-profile-ilcd-epd.json'],
    a1a3: 1.93153238620983,
    a1a3From: 'declared',
    amount: 1,
    unit: 'kg',
    standard: 'EN 15804+A2',
  },
  solidWood: {
    files: ['solid-wood-panel-ilcd-epd.json'],
    a1a3: -647.4201396839651,
    a1a3From: 'declared',
    amount: 1,
    unit: 'm3',
    standard: 'EN 15804+A1',
  },
  cementFoam: {
    files: ['cement-insulation-foam-ilcd-epd.json'],
    a1a3: 45.59,
    a1a3From: 'declared',
    amount: 1,
    unit: 'm3',
    standard: 'EN 15804+A1',
  },
  readymix: {
    files: ['concrete-readymix-ec3.yaml'],
    a1a3: 328,
    a1a3From: 'declared',
    amount: 1,
    unit: 'm3',
    standard: null,
  },
  clt: { files: ['clt-ec3.yaml'], a1a3: 167.95, a1a3From: 'declared', amount: 1, unit: 'm3', standard: null },
  foamglas: {
    files: ['foamglas-insulation-ec3.yaml'],
    a1a3: 1.48,
    a1a3From: 'declared',
    amount: 1,
    unit: 'kg',
    standard: null,
  },
  openEpd: {
    files: ['concrete-sample-openepd.json'],
    a1a3: 123,
    a1a3From: 'declared',
    amount: 1,
    unit: 'm3',
    standard: null,
  },
};
