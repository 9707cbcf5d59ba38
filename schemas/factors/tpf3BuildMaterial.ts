// 因子库: one emission factor per row — building materials, energy (electricity, fuels), transport, carbon sink.
// Seeded from GB/T 51366-2019 appendices and public tables; each row keeps its source and verification mark.
import { energyProperty, qualityProperty } from './kinds';
import { verification } from './verification';
import { fuelFields } from '../stages/conversionFields';
import { epdData } from '../epd';

export const tpf3BuildMaterial = {
  $id: 'tpf3BuildMaterial',
  title: '碳排放因子',
  type: 'object',
  additionalProperties: false,
  'x-resource': {
    path: 'tpf/v1/tpf/tpf3BuildMaterial',
    route: '/divisor',
    title: '因子库管理',
    scope: 'shared',
    read: ['user'],
    write: ['admin', 'groupAdmin', 'dataAdmin'],
    defaultSort: { field: 'createDate', order: 'descend' },
    menu: 'common',
    // the version history page of src/client/factors/ (reachable from the factor's row)
    rowLinks: [{ label: '历史版本', route: '/factors/versions/:id' }],
  },
  'x-rowWarning': { field: 'materialCo', when: 'emptyOrZero', message: '因子值为空或为 0，请核对' },
  required: ['type', 'name', 'unit'],
  properties: {
    type: {
      type: 'string',
      title: '类型',
      minLength: 1,
      maxLength: 20,
      'x-list': true,
      'x-filter': 'eq',
      'x-sortable': true,
      'x-import': '类型',
    },
    smallType: {
      type: 'string',
      title: '小类',
      maxLength: 50,
      'x-list': true,
      'x-filter': 'eq',
      'x-sortable': true,
      'x-import': '小类',
    },
    name: {
      type: 'string',
      title: '名称',
      minLength: 1,
      maxLength: 100,
      'x-list': true,
      'x-filter': 'like',
      'x-sortable': true,
      'x-import': '名称',
    },
    spec: { type: 'string', title: '规格', maxLength: 100, 'x-list': true, 'x-import': '规格' },
    unit: { type: 'string', title: '单位', minLength: 1, maxLength: 30, 'x-list': true, 'x-import': '单位' },
    // in its own unit (coUnit); bounded like a stage row's factor (schemas/stages/fields.ts LIMITS.factor):
    // the largest seeded value is 28 500 kgCO2e/t (铝板带); a tCO2… factor is × 1000 when copied into a row, where
    // the row's bound applies again on save
    materialCo: {
      type: ['number', 'null'],
      title: '碳排放因子',
      minimum: 0,
      maximum: 1e6,
      'x-list': true,
      'x-sortable': true,
      'x-filter': 'range',
      'x-import': '碳排放因子',
    },
    coUnit: { type: 'string', title: '因子单位', maxLength: 30, 'x-list': true, 'x-import': '因子单位' },
    source: { type: 'string', title: '数据来源', maxLength: 500, 'x-list': true, 'x-import': '数据来源' },
    verification,
    // what a stage row copies with the factor: the material's density and default transport
    // distance, the energy of an energy factor, the data-quality class and an EPD's number
    density: {
      type: ['number', 'null'],
      title: '密度(t/单位)',
      exclusiveMinimum: 0,
      maximum: 1e4,
      'x-decimals': 4,
      'x-list': false,
      'x-import': '密度(t/单位)',
    },
    // the unit the density is per (t/m3 for a material counted in m³): used only to convert that unit
    densityUnit: {
      type: 'string',
      title: '密度单位',
      maxLength: 20,
      'x-trim': true,
      'x-list': false,
      'x-import': '密度单位',
    },
    // a piece's size (附录D names its bricks' 240mm×115mm×53mm): a row counted in 千块 turns into m³ by it
    pieceSize: {
      type: 'string',
      title: '规格尺寸(mm)',
      maxLength: 40,
      'x-trim': true,
      'x-list': false,
      'x-import': '规格尺寸(mm)',
    },
    densitySource: { type: 'string', title: '密度来源', maxLength: 200, 'x-list': false, 'x-import': '密度来源' },
    densityVerification: {
      type: 'string',
      title: '密度核实标记',
      enum: verification.enum,
      'x-dict': 'verification',
      'x-list': false,
      'x-import': '密度核实标记',
    },
    defaultDistance: {
      type: ['number', 'null'],
      title: '默认运输距离(km)',
      minimum: 0,
      maximum: 100000,
      'x-list': false,
      'x-import': '默认运输距离(km)',
    },
    energy: { ...energyProperty, 'x-list': false, 'x-filter': 'eq' },
    // a fuel's own net calorific value (MJ/kg or MJ/m3) with its source and mark, copied into the rows that use it
    ...fuelFields,
    quality: { ...qualityProperty, 'x-list': true, 'x-filter': 'eq' },
    epdNo: { type: 'string', title: 'EPD编号', maxLength: 100, 'x-list': false, 'x-import': 'EPD编号' },
    // a product-specific factor's declaration as imported (src/server/epd/): every module, the PCR, the validity;
    // written by the import only, so an edit of the factor cannot make it disagree with its file
    epd: { ...epdData, 'x-readonly': true, 'x-list': false },
    remarks: { type: 'string', title: '备注', maxLength: 500, 'x-widget': 'textarea', 'x-import': '备注' },
    // the row's Chinese label and category (src/calc/factorLabel.ts factorSearchText), kept by the
    // server (src/server/factors/label.ts) so pickers search 电 / 电力 / 天然气 / a region in one field
    label: {
      type: 'string',
      title: '检索名称',
      maxLength: 300,
      'x-filter': 'like',
      'x-readonly': true,
      'x-list': false,
    },
    // factor versions (src/server/factors/versions.ts): changing what a calculation uses writes a new
    // row (version + 1, same lineage); the old row stays, readable by id (stage rows keep pointing at it), with
    // supersededBy set. Lists and pickers offer current versions only. Rows written before versions: version 1.
    version: { type: ['integer', 'null'], title: '版本', minimum: 1, default: 1, 'x-readonly': true, 'x-list': false },
    lineageId: { type: ['integer', 'null'], title: '初版因子ID', 'x-readonly': true, 'x-list': false },
    supersededBy: { type: ['integer', 'null'], title: '新版本ID', 'x-readonly': true, 'x-list': false },
  },
} as const;
