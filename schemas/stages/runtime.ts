// 建筑运行 (GB/T 51366 §4.1): C_M = [Σ E_i·EF_i − C_p]·y. Each row is one energy use of one part (HVAC, hot
// water, lighting, elevators, …) and names its energy; its emission over the design life y (or, metered in
// accounting, over the operating years entered). Renewables (pv, sun, renew) reduce the energy they replace:
// their rows count negative with the factor of the energy replaced. Only an electricity row without its own
// factor uses the building's grid factor; every value the calculation fills in (COP, equipment life, emergency
// lighting hours, …) is an x-defaults rule, recorded with the row as 默认值. The carbon sink is its own stage.
import { fuelFields } from './conversionFields';
import {
  emission,
  energy,
  ENERGY_NEEDS,
  factorFields,
  LIMITS,
  methodField,
  projectId,
  remarks,
  stageResource,
  text,
  trace,
  rowName,
} from './fields';
import { DEFAULTS, KEYS, life, SIGN, SYSTEMS } from './runtimeSystems';

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
    phase: 'operational',
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
