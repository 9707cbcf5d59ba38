// 建材运输 (GB/T 51366 §6.3): C_ys = Σ M_i · D_i · T_i. M in tonnes: quantity × density (t per unit; a row
// counted in t has density 1). D defaults to 40 km for concrete and 500 km otherwise (GB/T 51366 §6.3.2)
// when no distance is given. T from 附录E in kgCO2e/(t·km).
import { emission, factorFields, projectId, quantity, remarks, stageResource, text } from './fields';

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
    // spec 000 §8, §9: transport emissions above 6 % of production are flagged
    limits: [{ base: 'produce', ratio: 0.06, message: '已超建材生产碳排放 6% !' }],
  },
  'x-formula': "quantity * (unit == 't' ? 1 : num(density, 1)) * (num(distance) > 0 ? distance : (contains(materialName, '混凝土') ? 40 : 500)) * num(factorValue)",
  required: ['projectId', 'materialName', 'unit', 'quantity'],
  properties: {
    projectId,
    materialName: { ...text('材料名称'), minLength: 1 },
    unit: { ...text('单位', 20), minLength: 1 },
    quantity: quantity('用量'),
    density: { type: ['number', 'null'], title: '密度(t/单位)', minimum: 0, 'x-decimals': 3, 'x-list': true, 'x-import': '密度(t/单位)' },
    distance: { type: ['number', 'null'], title: '运输距离(km)', minimum: 0, maximum: 100000, 'x-list': true, 'x-import': '运输距离(km)' },
    ...factorFields('运输', '运输因子'),
    emission,
    remarks,
  },
} as const;
