// Every public EPD sample through the upload and pre-flight a group admin uses: each answers what it read, its
// A1–A3 GWP and declared unit as written in the file (SOURCES.md), and why it could not be imported where it cannot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers';
import { multipart } from '../files';
import { EXPECTED, exists, sample } from './samples';

let t: TestApp;
let token: string;

describe.skipIf(!exists)('EPD samples through the pre-flight route', () => {
  beforeAll(async () => {
    t = await testApp();
    token = await t.login('demo_admin');
  });
  afterAll(() => t.close());

  for (const [key, e] of Object.entries(EXPECTED)) {
    it(`${key}: the pre-flight shows its A1–A3 and declared unit`, async () => {
      const { payload, contentType } = multipart({}, e.files.map(sample));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/tpf/v1/tpf/tpf3BuildMaterial/epd/preflight',
        headers: { 'access-token': token, 'content-type': contentType },
        payload,
      });
      expect(res.statusCode).toBe(200);
      const { reading, factor, refusals } = res.json().data;
      expect(reading.data.a1a3).toBeCloseTo(e.a1a3, 9);
      expect([reading.data.declaredAmount, reading.data.declaredUnit]).toEqual([e.amount, e.unit]);
      // an importable one becomes a factor; one that cannot says why
      expect(factor === null).toBe(refusals.length > 0);
      if (e.unit === null) expect(refusals.join()).toContain('缺少声明单位');
      if (e.a1a3 < 0) expect(refusals.join()).toContain('为负值');
    });
  }
});
