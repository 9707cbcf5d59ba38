// Operation by system (GB/T 51366 §4.2–4.6), each worked by hand. Building: y = 50 a, A = 10 000 m²; every
// row's energy factor 0.581 kgCO2/kWh, so each kWh/a weighs 0.581 × 50 = 29.05 kgCO2 over the design life.
import { describe, expect, it } from 'vitest';
import type { ResourceSchema } from '../../schemas/index';
import { stageRuntime } from '../../schemas/stages/runtime';
import { calculateStage } from '../../src/calc/stage';

const schema = stageRuntime as unknown as ResourceSchema;
const ctx = { years: 50, area: 10_000, gridFactor: 0.5827 };
const stage = (...rows: Record<string, unknown>[]) =>
  calculateStage(
    schema,
    rows.map((row, i) => ({
      id: i + 1,
      method: 'systems',
      name: '系统',
      energy: 'electricity',
      factorValue: 0.581,
      ...row,
    })),
    ctx,
    'systems',
  );
const one = (row: Record<string, unknown>) => stage(row).total;

describe('operation by system', () => {
  it('elevators: 3.6·P·t_a·V·W/1000 + P_standby·t_s/1000, per unit', () => {
    // (3.6 × 0.84 mWh/(kg·m) × 1000 h × 1.75 m/s × 1000 kg / 1000 = 5292 kWh) + 100 W × 7760 h / 1000 = 776 kWh
    // = 6068 kWh/a × 4 units = 24 272 kWh/a × 29.05 = 705 101.6 kg
    expect(
      one({
        part: 'elevator',
        specificEnergy: 0.84,
        runHours: 1000,
        speed: 1.75,
        ratedLoad: 1000,
        standbyPower: 100,
        standbyHours: 7760,
        count: 4,
      }),
    ).toBeCloseTo(705_101.6, 6);
  });

  it('lighting: (P·A·t + P_p·A·t_p)/1000, the building area when no lit area is given and t_p = 8760 h (默认值)', () => {
    // (8 W/m² × 10 000 m² × 2500 h + 0.5 W/m² × 8760 h × 10 000 m²) / 1000 = 200 000 + 43 800 = 243 800 kWh/a
    // × 29.05 = 7 082 390 kg
    const r = stage({ part: 'light', powerDensity: 8, runHours: 2500, emergencyDensity: 0.5 });
    expect(r.total).toBeCloseTo(7_082_390, 4);
    // both filled-in values are recorded with their source
    expect(r.rows[0].trace!.defaults.map((d) => [d.field, d.value])).toEqual([
      ['litArea', 10_000],
      ['emergencyHours', 8760],
    ]);
  });

  it('photovoltaics: −I·K_E·(1 − K_S)·A_p', () => {
    // 1300 kWh/(m²·a) × 0.20 × (1 − 0.20) × 500 m² = 104 000 kWh/a → −104 000 × 29.05 = −3 021 200 kg,
    // against appliances 200 000 kWh/a × 29.05 = 5 810 000 kg: operation 2 788 800 kg
    const r = stage(
      { part: 'app', annualQuantity: 200_000 },
      { part: 'pv', irradiation: 1300, efficiency: 0.2, lossRate: 0.2, panelArea: 500 },
    );
    expect(r.parts!.pv).toBeCloseTo(-3_021_200, 4);
    expect(r.total).toBeCloseTo(2_788_800, 4);
  });

  it('hot water with solar: (Q_rd/η_r − Q_s)/η_w', () => {
    // Q_rd = 4.187 × 200 persons × 60 L/d × 1 kg/L × (60 − 10) K × 365 d / 3600 = 254 709.1667 kWh/a
    // / η_r 0.9 / η_w 0.95 = 297 905.4581 kWh/a × 29.05 = 8 654 153.5575 kg
    // Q_s = 100 m² × 5000 MJ/(m²·a) × (1 − 0.2) × 0.45 / 3.6 = 50 000 kWh/a; / η_w 0.95 = 52 631.5789 kWh/a
    // → −52 631.5789 × 29.05 = −1 528 947.3684 kg; hot water in all 7 125 206.1891 kg
    const r = stage(
      { part: 'hotWater', users: 200, quota: 60, hotTemp: 60, coldTemp: 10, days: 365, distEff: 0.9, heaterEff: 0.95 },
      { part: 'sun', collectorArea: 100, solarIrradiation: 5000, solarLoss: 0.2, collectorEff: 0.45, heaterEff: 0.95 },
    );
    expect(r.parts!.hotWater).toBeCloseTo(8_654_153.5575, 3);
    expect(r.parts!.sun).toBeCloseTo(-1_528_947.3684, 3);
    expect(r.total).toBeCloseTo(7_125_206.1891, 3);
  });

  it('HVAC: load / COP, plus the refrigerant: charge / equipment life × GWP per year', () => {
    // cooling 1 500 000 kWh/a / COP 5 = 300 000 kWh/a × 29.05 = 8 715 000 kg;
    // R410A 200 kg / 15 a × GWP 2088 = 27 840 kgCO2e/a × 50 a = 1 392 000 kg; together 10 107 000 kg
    expect(one({ part: 'airCool', annualLoad: 1_500_000, cop: 5, charge: 200, equipLife: 15, gwp: 2088 })).toBeCloseTo(
      10_107_000,
      4,
    );
    // heating 600 000 kWh/a / COP 3 = 200 000 kWh/a × 29.05 = 5 810 000 kg
    expect(one({ part: 'airHot', annualLoad: 600_000, cop: 3 })).toBeCloseTo(5_810_000, 4);
  });

  it('a system without its inputs counts the annual energy entered; no factor → the building grid factor', () => {
    // 1000 kWh/a × 0.581 × 50 = 29 050 kg
    expect(one({ part: 'elevator', annualQuantity: 1000 })).toBeCloseTo(29_050, 6);
    // no row factor: 1000 kWh/a × 0.5827 (grid) × 50 = 29 135 kg
    expect(
      calculateStage(
        schema,
        [{ id: 1, method: 'systems', part: 'fan', name: '风机', energy: 'electricity', annualQuantity: 1000 }],
        ctx,
        'systems',
      ).total,
    ).toBeCloseTo(29_135, 6);
  });
});
