// One EPD as the EC3 (Building Transparency) API returns it, saved as JSON or YAML. Not strict openEPD: quantities
// are text ('1 m3', '328 kgCO2e', '2400 kg / m^3'), `gwp` is the product stage A1–A3, and the EN 15804 version is
// not said. When `impacts` is filled in (openEPD's shape) its modules are read instead.
import type { EpdData } from '../../../schemas/epd';
import { declaredOf, impactsGwp, massFromDeclared, openEpdHeader } from './openEpd';
import { densityOf, inUnit, quantityOf, tidy } from './units';

type Obj = Record<string, unknown>;

/** A GWP written as '328 kgCO2e', '0.33 tCO2e' or a number, in kg CO2e. */
function gwpOf(x: unknown): { value: number; unit: string | null } | null {
  const q = quantityOf(x);
  if (!q) return null;
  if (q.unit && /^t ?co2/i.test(q.unit)) return { value: tidy(q.value * 1000), unit: 'kgCO2e' };
  return q;
}

export function fromEc3(doc: Obj, notes: string[]): Partial<EpdData> {
  const data = openEpdHeader(doc);
  declaredOf(doc.declared_unit, data, notes);
  massFromDeclared(data);
  const density = quantityOf(doc.density);
  data.density = density ? densityOf(density.value, density.unit) : null;
  const thickness = quantityOf(doc.thickness ?? doc.thickness_per_declared_unit);
  data.thickness = thickness ? inUnit(thickness.value, thickness.unit, 'm', false) : null;

  if (impactsGwp(doc.impacts, data, notes)) return data;
  const gwp = gwpOf(doc.gwp);
  if (gwp) {
    data.indicator = 'gwp';
    data.indicatorUnit = gwp.unit;
    data.modules = [{ module: 'A1-A3', scenario: null, value: gwp.value }];
    data.a1a3 = gwp.value;
    data.a1a3From = 'declared';
    notes.push('EC3 记录的 gwp 即 A1–A3（产品阶段）；记录未说明按 EN 15804 哪一版（+A1/+A2）计算');
  } else {
    notes.push('EC3 记录中没有 gwp 值');
  }
  return data;
}
