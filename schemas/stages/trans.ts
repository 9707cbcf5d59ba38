// 建材运输 (GB/T 51366 §6.3): C_ys = Σ M_i · D_i · T_i. M in tonnes: a row in t counts × 1, in kg ÷ 1000, in any
// other unit (m³, m², 块 …) × its density — the user's or the library material's, used only for the unit it is per
// (a brick in 千块 on a density per m³ needs its size); a row whose mass
// cannot be known is refused on save, never guessed. D is the row's distance, else the library material's
// default (GB/T 51366-2019 第6.3.2条: concrete 40 km, every other material — mortar too — 500 km), recorded as
// 默认值. T from 附录E in kgCO2e/(t·km).
import { density, densityFields } from './conversionFields';
import {
  emission,
  factorFields,
  factorNeed,
  LIMITS,
  materialFields,
  projectId,
  quantity,
  remarks,
  stageResource,
  text,
  trace,
  bimSource,
  billSource,
  rowName,
} from './fields';

export const stageTrans = {
  $id: 'stageTrans',
  title: '建材运输',
  type: 'object',
  additionalProperties: false,
  'x-resource': stageResource('trans', '建材运输'),
  'x-stage': {
    code: 'trans',
    title: '建材运输',
    mode: 'table',
    result: 'trans',
    phase: 'embodied',
    role: 'transport',
    // transport emissions above 6 % of production are flagged
    limits: [{ base: 'produce', ratio: 0.06, message: '已超建材生产碳排放 6% !' }],
  },
  'x-formula': "toFactorUnitStrict(quantity * massPerUnit(unit) * distance, 't·km') * factorValue",
  'x-defaults': {
    distance: {
      from: 'defaultDistance',
      unit: 'km',
      source: '因子库材料的默认运输距离（GB/T 51366-2019 第6.3.2条：混凝土 40 km，其他建材 500 km）',
    },
  },
  'x-needs': [
    // a density that cannot weigh the row's unit (per m³ on a row in 千块) is named by the calculation itself
    { check: 'has(massPerUnit(unit)) || has(density)', field: 'density', message: '请填写密度(t/单位)' },
    {
      check: 'has(distance) || has(defaultDistance)',
      field: 'distance',
      message: '请填写运输距离(km)或从因子库选择材料',
    },
    factorNeed('请选择或填写运输因子'),
  ],
  required: ['projectId', 'materialName', 'unit', 'quantity'],
  properties: {
    projectId,
    ...materialFields,
    materialName: rowName('材料名称'),
    unit: { ...text('单位', 20), minLength: 1 },
    quantity: quantity('用量'),
    density: density(true),
    ...densityFields,
    distance: {
      type: ['number', 'null'],
      title: '运输距离(km)',
      minimum: 0,
      maximum: LIMITS.distance,
      'x-list': true,
      'x-import': '运输距离(km)',
    },
    ...factorFields('运输', '运输因子'),
    emission,
    trace,
    bimSource,
    billSource,
    remarks,
  },
} as const;
