// 建筑运行's formulas per system (GB/T 51366 §4.2–4.6) and the values its calculation may fill in, apart from the
// row form they read (runtime.ts).
import { GRID_DEFAULT } from './fields';

export const SIGN = "(part == 'pv' || part == 'sun' || part == 'renew' ? -1 : 1)";

/**
 * Annual energy per system (GB/T 51366 §4.2–4.6), kWh/a; every formula × factor × design life:
 * - HVAC (airHot, airCool): annual load / COP (or the annual energy when no load is given); the refrigerant
 *   of the unit adds charge / equipment life × GWP per year (kgCO2e, not an energy) — §4.2, App. B;
 * - elevator: (3.6·P·t_a·V·W/1000 + P_standby·t_s/1000) × units — §4.5 (the standby term in W·h/1000: kWh);
 * - light: (P·A·t + P_p·A·t_p)/1000 — §4.4, emergency lighting burning t_p = 8 760 h a year unless entered;
 * - hotWater: Q_rd/η_r/η_w with Q_rd = 4.187·m·q_r·ρ_r·(t_r − t_l)·D/3600 — §4.3;
 * - sun (solar hot water): −Q_s/η_w with Q_s = A_c·J_T·(1 − η_L)·η_cd/3.6 (MJ → kWh) — the heat it supplies;
 * - pv: −I·K_E·(1 − K_S)·A_p — §4.6;
 * - any other part — and any of the above whose key input (the first of KEYS) is empty — its annual energy as
 *   entered.
 */
export const KEYS = {
  airHot: 'annualLoad',
  airCool: 'annualLoad',
  elevator: 'ratedLoad',
  light: 'powerDensity',
  hotWater: 'users',
  sun: 'collectorArea',
  pv: 'panelArea',
} as const;
// Every amount reaches the factor through the unit conversion (src/calc/units.ts): a system formula yields kWh —
// strict for lighting, elevators and PV (electricity: only a per-energy factor), across dimensions by the fuel's
// calorific value for HVAC, hot water and solar heat (a boiler's kWh priced per m³ of gas); an entered annual
// quantity is in the row's unit.
const annual = 'toFactorUnit(num(annualQuantity), unit)';
const energyOf = (key: string, expr: string, strict = false) =>
  `(num(${key}) > 0 ? toFactorUnit${strict ? 'Strict' : ''}(${expr}, 'kWh') : ${annual})`;
export const life = '* factorValue * designYears';
const refrigerant = '(num(charge) > 0 ? charge / equipLife * num(gwp) * designYears : 0)';
const hvac = `${energyOf('annualLoad', 'annualLoad / cop')} ${life} + ${refrigerant}`;
export const SYSTEMS = {
  '*': `${SIGN} * ${annual} ${life}`,
  airHot: hvac,
  airCool: hvac,
  elevator: `${energyOf('ratedLoad', '(3.6 * specificEnergy * runHours * speed * ratedLoad / 1000 + num(standbyPower) * num(standbyHours) / 1000) * count', true)} ${life}`,
  light: `${energyOf('powerDensity', '(powerDensity * litArea * runHours + num(emergencyDensity) * num(emergencyHours) * litArea) / 1000', true)} ${life}`,
  hotWater: `${energyOf('users', '4.187 * users * quota * waterDensity * (hotTemp - coldTemp) * days / 3600 / distEff / heaterEff')} ${life}`,
  sun: `-${energyOf('collectorArea', 'collectorArea * solarIrradiation * (1 - num(solarLoss)) * collectorEff / 3.6 / heaterEff')} ${life}`,
  pv: `-${energyOf('panelArea', 'irradiation * efficiency * (1 - num(lossRate)) * panelArea', true)} ${life}`,
};

/** What the calculation fills in for an empty input, recorded as 默认值. */
export const DEFAULTS = {
  ...GRID_DEFAULT,
  cop: { value: 1, when: 'num(annualLoad) > 0', source: '未填写系统能效比：按 1 计（相当于电直热，偏保守）' },
  equipLife: {
    value: 15,
    unit: 'a',
    when: 'num(charge) > 0',
    source: '未填写设备寿命：按 15 a 计（常用取值，非 GB/T 51366 规定）',
  },
  count: { value: 1, unit: '台', when: 'num(ratedLoad) > 0', source: '未填写台数：按 1 台计' },
  litArea: { from: 'buildArea', unit: 'm²', when: 'num(powerDensity) > 0', source: '未填写照明面积：按建筑面积计' },
  emergencyHours: {
    value: 8760,
    unit: 'h/a',
    when: 'num(emergencyDensity) > 0',
    source: 'GB/T 51366-2019 第4.4节：应急照明全年 24 h 点亮（8 760 h/a）',
  },
  waterDensity: { value: 1, unit: 'kg/L', when: 'num(users) > 0', source: '未填写热水密度：按 1 kg/L 计' },
  days: { value: 365, unit: 'd', when: 'num(users) > 0', source: '未填写年用水天数：按 365 d 计' },
  distEff: { value: 1, when: 'num(users) > 0', source: '未填写管网输配效率：按 1（不计损失）计' },
  heaterEff: { value: 1, when: 'num(users) > 0 || num(collectorArea) > 0', source: '未填写热源效率：按 1 计' },
  // 核算: a metered row covers the years operated — its own, else 核算信息补充's 已运行年数, else the design life
  operatingYears: [
    { from: 'accountingYears', unit: 'a', source: '未填写运行年数：按核算信息补充的已运行年数计' },
    { from: 'designYears', unit: 'a', source: '未填写运行年数，核算信息补充也未填写已运行年数：按设计使用年限计' },
  ],
} as const;
