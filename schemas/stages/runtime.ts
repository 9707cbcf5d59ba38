// 建筑运行 (GB/T 51366 §4.1): C_M = [Σ E_i·EF_i − C_p]·y. Each row is one energy use of one part (HVAC, hot
// water, lighting, elevators, …) and names its energy; its emission over the design life y (or, metered in
// accounting, over the operating years entered). Renewables (pv, sun, renew) reduce the energy they replace:
// their rows count negative with the factor of the energy replaced. Only an electricity row without its own
// factor uses the building's grid factor; every value the calculation fills in (COP, equipment life, emergency
// lighting hours, …) is an x-defaults rule, recorded with the row as 默认值. The carbon sink is its own stage.
import {
  emission,
  energy,
  fuelFields,
  ENERGY_NEEDS,
  factorFields,
  GRID_DEFAULT,
  LIMITS,
  methodField,
  projectId,
  remarks,
  stageResource,
  text,
  trace,
  rowName,
} from './fields';

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
const KEYS = {
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
const life = '* factorValue * designYears';
const refrigerant = '(num(charge) > 0 ? charge / equipLife * num(gwp) * designYears : 0)';
const hvac = `${energyOf('annualLoad', 'annualLoad / cop')} ${life} + ${refrigerant}`;
const SYSTEMS = {
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
const DEFAULTS = {
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
  // cross-field bounds: hot water colder than its cold supply would make the operation negative
  {
    check: '!(has(hotTemp) && has(coldTemp)) || hotTemp > coldTemp',
    field: 'hotTemp',
    message: '热水温度(℃)应高于冷水温度(℃)',
  },
  // a year has 8 760 h: an elevator travels or stands by, not both at once
  {
    check: '!(has(runHours) && has(standbyHours)) || runHours + standbyHours <= 8760',
    field: 'standbyHours',
    message: '年运行时间与年待机时间之和应不大于 8760 h',
  },
];

/**
 * Physical ranges of the inputs (the shared upper bounds are fields.ts LIMITS). A refusal names the field
 * and its range (schemas/bounds.ts), e.g. `系统损失效率应不小于 0 且小于 1`.
 */
type Range = { minimum?: number; maximum?: number; exclusiveMinimum?: number; exclusiveMaximum?: number };
const upTo = (maximum: number) => ({ minimum: 0, maximum }) as const;
/** a loss coefficient: 0 ≤ K < 1 (K = 1 would lose everything; above 1 a PV row would become an emission) */
const LOSS = { minimum: 0, exclusiveMaximum: 1 } as const;
/** an efficiency: 0 < η ≤ 1 (the formulas divide by it or scale a yield by it) */
const EFFICIENCY = { exclusiveMinimum: 0, maximum: 1 } as const;
/**
 * A coefficient of performance (COP/EER, a heat pump water heater's 热源效率): 0 < COP ≤ 10. Boilers and electric
 * heaters are below 1, chillers and heat pumps 2–7 as systems (GB 50189; the DHW heat pumps of
 * lookup_dhw_heaters.csv 3.4–4.4); the Carnot limit at 7 ℃ / 35 ℃ is about 10, so a building system above 10 is not
 * physical — most likely an efficiency typed in % or the load and energy swapped.
 */
const COP = { exclusiveMinimum: 0, maximum: 10 } as const;
/** hours of one year: 0–8 760 h/a */
const HOURS = upTo(8760);
/** a yearly solar irradiation: the sunniest sites get 2 500–3 000 kWh/(m²·a); 5 000 kWh (18 000 MJ) is above any. */
const SUN_KWH = 5000;
const SUN_MJ = 18000;

/** A number input of one or more parts (x-parts: the form shows it for those parts only) and its range. */
const n = <R extends Range>(title: string, parts: readonly string[], range: R) =>
  ({ type: ['number', 'null'], title, ...range, 'x-parts': parts, 'x-list': false, 'x-import': title }) as const;

export const RUNTIME_PARTS = [
  'airHot',
  'airCool',
  'wpCool',
  'fan',
  'hotWater',
  'sun',
  'light',
  'elevator',
  'pv',
  'renew',
  'gas',
  'water',
  'app',
] as const;

/** The methods a building chooses among for this stage. */
const RUNTIME_METHODS = [
  { value: 'rated', label: '额定指标' },
  { value: 'systems', label: '各用能系统' },
  { value: 'metered', label: '实际能源用量' },
] as const;

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
    role: 'operation',
    partField: 'part',
    renewableParts: ['pv', 'sun', 'renew'],
    methods: RUNTIME_METHODS,
  },
  'x-formula': {
    rated: `${SIGN} * toFactorUnit(intensity * buildArea, unit) ${life}`,
    systems: SYSTEMS,
    metered: `${SIGN} * toFactorUnit(annualQuantity, unit) * factorValue * operatingYears`,
  },
  'x-defaults': DEFAULTS,
  'x-needs': NEEDS,
  required: ['projectId', 'method', 'part', 'name'],
  properties: {
    projectId,
    method: methodField(RUNTIME_METHODS, 'systems'),
    part: {
      type: 'string',
      title: '用能系统',
      enum: [...RUNTIME_PARTS],
      'x-dict': 'runtimePart',
      'x-list': true,
      'x-import': '用能系统',
    },
    name: rowName('名称'),
    energy,
    ...fuelFields,
    intensity: {
      type: ['number', 'null'],
      title: '单位面积年用量(单位/(m²·a))',
      ...upTo(LIMITS.intensity),
      'x-list': false,
      'x-import': '单位面积年用量',
    },
    annualQuantity: {
      type: ['number', 'null'],
      title: '年用量(单位/a)',
      ...upTo(LIMITS.quantity),
      'x-list': true,
      'x-import': '年用量',
    },
    unit: text('单位', 20),
    operatingYears: {
      type: ['number', 'null'],
      title: '运行年数(a)',
      exclusiveMinimum: 0,
      maximum: 200,
      'x-list': false,
      'x-import': '运行年数',
    },
    // HVAC and its refrigerant (a large chiller holds ≤ 2 t; the highest GWP of the seeded refrigerants is R12's 10
    // 900)
    annualLoad: n('年累计冷/热负荷(kWh/a)', ['airHot', 'airCool'], upTo(LIMITS.quantity)),
    cop: n('系统能效比(COP/EER)', ['airHot', 'airCool'], COP),
    charge: n('制冷剂充注量(kg)', ['airHot', 'airCool'], upTo(100000)),
    equipLife: n('设备寿命(a)', ['airHot', 'airCool'], { exclusiveMinimum: 0, maximum: 100 }),
    gwp: n('制冷剂GWP', ['airHot', 'airCool'], upTo(30000)),
    // elevators (§4.5; VDI 4707 classes A–G are 0.56–4.2+ mWh/(kg·m); the fastest elevators run about 21 m/s)
    specificEnergy: n('特定能量消耗(mWh/(kg·m))', ['elevator'], upTo(100)),
    speed: n('额定速度(m/s)', ['elevator'], upTo(30)),
    ratedLoad: n('额定载重量(kg)', ['elevator'], upTo(100000)),
    standbyPower: n('待机功率(W)', ['elevator'], upTo(100000)),
    standbyHours: n('年待机时间(h/a)', ['elevator'], HOURS),
    count: {
      type: ['integer', 'null'],
      title: '台数',
      minimum: 1,
      maximum: 10000,
      'x-parts': ['elevator'],
      'x-list': false,
      'x-import': '台数',
    },
    runHours: n('年运行时间(h/a)', ['elevator', 'light'], HOURS),
    // lighting (§4.4)
    powerDensity: n('照明功率密度(W/m²)', ['light'], upTo(1000)),
    litArea: n('照明面积(m²)', ['light'], upTo(LIMITS.area)),
    emergencyDensity: n('应急照明功率密度(W/m²)', ['light'], upTo(1000)),
    emergencyHours: n('应急照明年运行时间(h/a)', ['light'], HOURS),
    // domestic hot water (§4.3) and solar hot water; water between 0 and 100 ℃ weighs 0.958–1.000 kg/L; the heat
    // source's efficiency is a COP for a heat pump water heater (lookup_dhw_heaters.csv: 3.4–4.4), hence COP, not ≤ 1
    users: n('用水计算单位数(人/床/m²)', ['hotWater'], upTo(LIMITS.area)),
    quota: n('热水用水定额(L/(单位·d))', ['hotWater'], upTo(1000)),
    waterDensity: n('热水密度(kg/L)', ['hotWater'], { minimum: 0.9, maximum: 1.1 }),
    hotTemp: n('热水温度(℃)', ['hotWater'], upTo(100)),
    coldTemp: n('冷水温度(℃)', ['hotWater'], upTo(40)),
    days: n('年用水天数(d)', ['hotWater'], upTo(366)),
    distEff: n('管网输配效率', ['hotWater'], EFFICIENCY),
    heaterEff: n('热源效率', ['hotWater', 'sun'], COP),
    collectorArea: n('集热器面积(m²)', ['sun'], upTo(LIMITS.area)),
    solarIrradiation: n('集热面年太阳辐照量(MJ/(m²·a))', ['sun'], upTo(SUN_MJ)),
    collectorEff: n('集热器年平均效率', ['sun'], EFFICIENCY),
    solarLoss: n('管路及储热损失率', ['sun'], LOSS),
    // photovoltaics (§4.6)
    irradiation: n('光伏面年太阳辐射量(kWh/(m²·a))', ['pv'], upTo(SUN_KWH)),
    efficiency: n('组件转换效率', ['pv'], EFFICIENCY),
    lossRate: n('系统损失效率', ['pv'], LOSS),
    panelArea: n('光伏板净面积(m²)', ['pv'], upTo(LIMITS.area)),
    ...factorFields('能源', '能源因子'),
    emission,
    trace,
    remarks,
  },
} as const;
