// 建筑运行 (GB/T 51366 §4.1): C_M = [Σ E_i·EF_i − C_p]·y. Each row is one energy use of one part (HVAC, hot
// water, lighting, elevators, …) with its energy factor; its emission over the design life y (or, metered in
// accounting, over the operating years entered). Renewables (pv, sun, renew) reduce the energy they replace:
// their rows count negative with the factor of the energy replaced. A row without its own factor uses the
// building's grid electricity factor. The carbon sink is its own stage (green).
import { emission, factorFields, projectId, remarks, stageResource, text } from './fields';

const SIGN = "(part == 'pv' || part == 'sun' || part == 'renew' ? -1 : 1)";
/** The row's energy factor: its own, else the building's grid electricity factor. */
const EF = 'num(factorValue, gridFactor)';

/**
 * Annual energy per system (GB/T 51366 §4.2–4.6), kWh/a; every formula × EF × design life:
 * - HVAC (airHot, airCool): annual load / COP (or the annual energy when no load is given); the refrigerant
 *   of the unit adds charge / equipment life × GWP per year (kgCO2e, not an energy) — §4.2, App. B;
 * - elevator: 3.6·P·t_a·V·W/1000 + P_standby·t_s/1000, × units — §4.5 (the standby term in W·h/1000: kWh);
 * - light: (P·A·t + 8760·P_p·A)/1000 — §4.4, emergency lighting burning 24 h a day;
 * - hotWater: Q_rd/η_r/η_w with Q_rd = 4.187·m·q_r·ρ_r·(t_r − t_l)·D/3600 — §4.3;
 * - sun (solar hot water): −Q_s/η_w with Q_s = A_c·J_T·(1 − η_L)·η_cd/3.6 (MJ → kWh) — the heat it supplies;
 * - pv: −I·K_E·(1 − K_S)·A_p — §4.6;
 * - any other part — and any of the above whose inputs are left empty — its annual energy as entered.
 */
/** The system's annual energy from its inputs when `key` is given, else the annual energy as entered. */
const energy = (key: string, expr: string) => `(num(${key}) > 0 ? ${expr} : num(annualQuantity))`;
const life = `* ${EF} * designYears`;
const refrigerant = 'num(charge) / num(equipLife, 1) * num(gwp) * designYears';
const hvac = `${energy('annualLoad', 'num(annualLoad) / num(cop, 1)')} ${life} + ${refrigerant}`;
const SYSTEMS = {
  '*': `${SIGN} * num(annualQuantity) ${life}`,
  airHot: hvac,
  airCool: hvac,
  elevator: `${energy('ratedLoad', '(3.6 * num(specificEnergy) * num(runHours) * num(speed) * num(ratedLoad) / 1000 + num(standbyPower) * num(standbyHours) / 1000) * num(count, 1)')} ${life}`,
  light: `${energy('powerDensity', '(num(powerDensity) * num(litArea, buildArea) * num(runHours) + 8760 * num(emergencyDensity) * num(litArea, buildArea)) / 1000')} ${life}`,
  hotWater: `${energy('users', '4.187 * num(users) * num(quota) * num(waterDensity, 1) * (num(hotTemp) - num(coldTemp)) * num(days, 365) / 3600 / num(distEff, 1) / num(heaterEff, 1)')} ${life}`,
  sun: `-${energy('collectorArea', 'num(collectorArea) * num(solarIrradiation) * (1 - num(solarLoss)) * num(collectorEff) / 3.6 / num(heaterEff, 1)')} ${life}`,
  pv: `-${energy('panelArea', 'num(irradiation) * num(efficiency) * (1 - num(lossRate)) * num(panelArea)')} ${life}`,
};

/** A number input of one or more parts (x-parts: the form shows it for those parts only). */
const n = (title: string, parts: readonly string[], extra: Record<string, unknown> = {}) =>
  ({ type: ['number', 'null'], title, minimum: 0, 'x-parts': parts, 'x-list': false, 'x-import': title, ...extra }) as const;

export const RUNTIME_PARTS = ['airHot', 'airCool', 'wpCool', 'fan', 'hotWater', 'sun', 'light', 'elevator', 'pv', 'renew', 'gas', 'water', 'app'] as const;

export const stageRuntime = {
  $id: 'stageRuntime',
  title: '建筑运行',
  type: 'object',
  additionalProperties: false,
  'x-resource': stageResource('runtime', '建筑运行'),
  'x-stage': {
    code: 'runtime',
    title: '建筑运行',
    mode: 'table',
    result: 'runtimeTotal',
    partField: 'part',
    renewableParts: ['pv', 'sun', 'renew'],
    methods: [
      { value: 'rated', label: '额定指标' },
      { value: 'systems', label: '各用能系统' },
      { value: 'metered', label: '实际能源用量' },
    ],
  },
  'x-formula': {
    rated: `${SIGN} * num(intensity) * buildArea * ${EF} * designYears`,
    systems: SYSTEMS,
    metered: `${SIGN} * num(annualQuantity) * ${EF} * num(operatingYears, designYears)`,
  },
  required: ['projectId', 'method', 'part', 'name'],
  properties: {
    projectId,
    method: { type: 'string', title: '计算方式', enum: ['rated', 'systems', 'metered'], default: 'systems', 'x-list': false, 'x-import': '计算方式' },
    part: { type: 'string', title: '用能系统', enum: [...RUNTIME_PARTS], 'x-dict': 'runtimePart', 'x-list': true, 'x-import': '用能系统' },
    name: { ...text('名称'), minLength: 1 },
    intensity: { type: ['number', 'null'], title: '单位面积年用量(单位/(m²·a))', minimum: 0, 'x-list': false, 'x-import': '单位面积年用量' },
    annualQuantity: { type: ['number', 'null'], title: '年用量(单位/a)', minimum: 0, 'x-list': true, 'x-import': '年用量' },
    unit: text('单位', 20),
    operatingYears: { type: ['number', 'null'], title: '运行年数(a)', exclusiveMinimum: 0, maximum: 200, 'x-list': false, 'x-import': '运行年数' },
    // HVAC and its refrigerant
    annualLoad: n('年累计冷/热负荷(kWh/a)', ['airHot', 'airCool']),
    cop: n('系统能效比(COP/EER)', ['airHot', 'airCool']),
    charge: n('制冷剂充注量(kg)', ['airHot', 'airCool']),
    equipLife: n('设备寿命(a)', ['airHot', 'airCool']),
    gwp: n('制冷剂GWP', ['airHot', 'airCool']),
    // elevators (§4.5)
    specificEnergy: n('特定能量消耗(mWh/(kg·m))', ['elevator']),
    speed: n('额定速度(m/s)', ['elevator']),
    ratedLoad: n('额定载重量(kg)', ['elevator']),
    standbyPower: n('待机功率(W)', ['elevator']),
    standbyHours: n('年待机时间(h/a)', ['elevator']),
    count: { type: ['integer', 'null'], title: '台数', minimum: 1, 'x-parts': ['elevator'], 'x-list': false, 'x-import': '台数' },
    runHours: n('年运行时间(h/a)', ['elevator', 'light']),
    // lighting (§4.4)
    powerDensity: n('照明功率密度(W/m²)', ['light']),
    litArea: n('照明面积(m²)', ['light']),
    emergencyDensity: n('应急照明功率密度(W/m²)', ['light']),
    // domestic hot water (§4.3) and solar hot water
    users: n('用水计算单位数(人/床/m²)', ['hotWater']),
    quota: n('热水用水定额(L/(单位·d))', ['hotWater']),
    waterDensity: n('热水密度(kg/L)', ['hotWater']),
    hotTemp: n('热水温度(℃)', ['hotWater']),
    coldTemp: n('冷水温度(℃)', ['hotWater']),
    days: n('年用水天数(d)', ['hotWater']),
    distEff: n('管网输配效率', ['hotWater']),
    heaterEff: n('热源效率', ['hotWater', 'sun']),
    collectorArea: n('集热器面积(m²)', ['sun']),
    solarIrradiation: n('集热面年太阳辐照量(MJ/(m²·a))', ['sun']),
    collectorEff: n('集热器年平均效率', ['sun']),
    solarLoss: n('管路及储热损失率', ['sun']),
    // photovoltaics (§4.6)
    irradiation: n('光伏面年太阳辐射量(kWh/(m²·a))', ['pv']),
    efficiency: n('组件转换效率', ['pv']),
    lossRate: n('系统损失效率', ['pv']),
    panelArea: n('光伏板净面积(m²)', ['pv']),
    ...factorFields('能源', '能源因子'),
    emission,
    remarks,
  },
} as const;
