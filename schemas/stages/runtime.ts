// 建筑运行 (GB/T 51366 §4.1): C_M = [Σ E_i·EF_i − C_p]·y. Each row is one energy use of one part (HVAC, hot
// water, lighting, elevators, …) and names its energy; its emission over the design life y (or, metered in
// accounting, over the operating years entered). Renewables (pv, sun, renew) reduce the energy they replace:
// their rows count negative with the factor of the energy replaced. Only an electricity row without its own
// factor uses the building's grid factor; every value the calculation fills in (COP, equipment life, emergency
// lighting hours, …) is an x-defaults rule, recorded with the row as 默认值. The carbon sink is its own stage.
import { emission, energy, ENERGY_NEEDS, factorFields, GRID_DEFAULT, projectId, remarks, stageResource, text, trace } from './fields';

const SIGN = "(part == 'pv' || part == 'sun' || part == 'renew' ? -1 : 1)";

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
const KEYS = { airHot: 'annualLoad', airCool: 'annualLoad', elevator: 'ratedLoad', light: 'powerDensity', hotWater: 'users', sun: 'collectorArea', pv: 'panelArea' } as const;
const energyOf = (key: string, expr: string) => `(num(${key}) > 0 ? ${expr} : num(annualQuantity))`;
const life = '* factorValue * designYears';
const refrigerant = '(num(charge) > 0 ? charge / equipLife * num(gwp) * designYears : 0)';
const hvac = `${energyOf('annualLoad', 'annualLoad / cop')} ${life} + ${refrigerant}`;
const SYSTEMS = {
  '*': `${SIGN} * num(annualQuantity) ${life}`,
  airHot: hvac,
  airCool: hvac,
  elevator: `${energyOf('ratedLoad', '(3.6 * specificEnergy * runHours * speed * ratedLoad / 1000 + num(standbyPower) * num(standbyHours) / 1000) * count')} ${life}`,
  light: `${energyOf('powerDensity', '(powerDensity * litArea * runHours + num(emergencyDensity) * num(emergencyHours) * litArea) / 1000')} ${life}`,
  hotWater: `${energyOf('users', '4.187 * users * quota * waterDensity * (hotTemp - coldTemp) * days / 3600 / distEff / heaterEff')} ${life}`,
  sun: `-${energyOf('collectorArea', 'collectorArea * solarIrradiation * (1 - num(solarLoss)) * collectorEff / 3.6 / heaterEff')} ${life}`,
  pv: `-${energyOf('panelArea', 'irradiation * efficiency * (1 - num(lossRate)) * panelArea')} ${life}`,
};

/** What the calculation fills in for an empty input, recorded as 默认值 (issue 11 §3). */
const DEFAULTS = {
  ...GRID_DEFAULT,
  cop: { value: 1, when: 'num(annualLoad) > 0', source: '未填写系统能效比：按 1 计（相当于电直热，偏保守）' },
  equipLife: { value: 15, unit: 'a', when: 'num(charge) > 0', source: '未填写设备寿命：按 15 a 计（常用取值，非 GB/T 51366 规定）' },
  count: { value: 1, unit: '台', when: 'num(ratedLoad) > 0', source: '未填写台数：按 1 台计' },
  litArea: { from: 'buildArea', unit: 'm²', when: 'num(powerDensity) > 0', source: '未填写照明面积：按建筑面积计' },
  emergencyHours: { value: 8760, unit: 'h/a', when: 'num(emergencyDensity) > 0', source: 'GB/T 51366-2019 第4.4节：应急照明全年 24 h 点亮（8 760 h/a）' },
  waterDensity: { value: 1, unit: 'kg/L', when: 'num(users) > 0', source: '未填写热水密度：按 1 kg/L 计' },
  days: { value: 365, unit: 'd', when: 'num(users) > 0', source: '未填写年用水天数：按 365 d 计' },
  distEff: { value: 1, when: 'num(users) > 0', source: '未填写管网输配效率：按 1（不计损失）计' },
  heaterEff: { value: 1, when: 'num(users) > 0 || num(collectorArea) > 0', source: '未填写热源效率：按 1 计' },
  operatingYears: { from: 'designYears', unit: 'a', source: '未填写运行年数：按设计使用年限计' },
} as const;

/** An input the system's formula cannot do without once its key input is given. */
const needOf = (key: string, field: string, title: string) =>
  ({ check: `!(num(${key}) > 0) || has(${field})`, field, message: `请填写${title}`, methods: ['systems'] }) as const;

const NEEDS = [
  ...ENERGY_NEEDS,
  { check: 'has(intensity)', field: 'intensity', message: '请填写单位面积年用量', methods: ['rated'] },
  { check: 'has(annualQuantity)', field: 'annualQuantity', message: '请填写年用量(单位/a)', methods: ['metered'] },
  {
    check: `has(annualQuantity) || ${[...new Set(Object.values(KEYS))].map((k) => `num(${k}) > 0`).join(' || ')}`,
    field: 'annualQuantity',
    message: '请填写年用量(单位/a)或该系统的计算参数',
    methods: ['systems'],
  },
  needOf('charge', 'gwp', '制冷剂GWP'),
  needOf('ratedLoad', 'specificEnergy', '特定能量消耗(mWh/(kg·m))'),
  needOf('ratedLoad', 'speed', '额定速度(m/s)'),
  needOf('ratedLoad', 'runHours', '年运行时间(h/a)'),
  needOf('powerDensity', 'runHours', '年运行时间(h/a)'),
  needOf('users', 'quota', '热水用水定额(L/(单位·d))'),
  needOf('users', 'hotTemp', '热水温度(℃)'),
  needOf('users', 'coldTemp', '冷水温度(℃)'),
  needOf('collectorArea', 'solarIrradiation', '集热面年太阳辐照量(MJ/(m²·a))'),
  needOf('collectorArea', 'collectorEff', '集热器年平均效率'),
  needOf('panelArea', 'irradiation', '光伏面年太阳辐射量(kWh/(m²·a))'),
  needOf('panelArea', 'efficiency', '组件转换效率'),
];

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
    rated: `${SIGN} * intensity * buildArea ${life}`,
    systems: SYSTEMS,
    metered: `${SIGN} * annualQuantity * factorValue * operatingYears`,
  },
  'x-defaults': DEFAULTS,
  'x-needs': NEEDS,
  required: ['projectId', 'method', 'part', 'name'],
  properties: {
    projectId,
    method: { type: 'string', title: '计算方式', enum: ['rated', 'systems', 'metered'], default: 'systems', 'x-list': false, 'x-import': '计算方式' },
    part: { type: 'string', title: '用能系统', enum: [...RUNTIME_PARTS], 'x-dict': 'runtimePart', 'x-list': true, 'x-import': '用能系统' },
    name: { ...text('名称'), minLength: 1 },
    energy,
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
    emergencyHours: n('应急照明年运行时间(h/a)', ['light']),
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
    trace,
    remarks,
  },
} as const;
