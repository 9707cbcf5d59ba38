// Building blocks of the stage schemas: the resource block every stage shares, the link to the building, the
// factor picked from the library (its value, unit, source and data-quality class copied into the row when saved,
// so a result can always be explained by what it was calculated with), the stored row emission and its trace.
import { energyProperty, qualityProperty } from '../factors/kinds';
import { LIMITS } from './limits';

export { LIMITS };

/** The x-resource block of a stage: rows belong to a building, at /api/tpf/v1/tpf/stage/<code>/. */
export const stageResource = (code: string, title: string) =>
  ({
    path: `tpf/v1/tpf/stage/${code}`,
    title,
    scope: 'tenant',
    read: ['user'],
    write: ['user'],
    ownedByProject: true,
    defaultSort: { field: 'id', order: 'ascend' },
  }) as const;

export const projectId = {
  type: 'integer',
  title: '单体建筑',
  minimum: 1,
  'x-reference': { resource: 'tpf3Project', label: 'name' },
  'x-messages': { required: '获取项目信息失败，请返回主页重试！' },
  'x-filter': 'eq',
  'x-list': false,
} as const;

/**
 * Library fields a picked factor always brings (where the row has the property and the library a value): its energy,
 * and a fuel's calorific value — part of what the library says about that fuel, so a row that moves from one coal
 * to another never keeps the first one's.
 */
const FACTOR_COPY = { energy: 'energy', ncv: 'ncv', ncvUnit: 'ncvUnit', ncvSource: 'ncvSource' } as const;
/**
 * Library fields a picked factor brings where the row leaves them empty (the user's own value wins). A field named
 * after another (densityUnit, densitySource after density) comes only with that value, never beside the user's own.
 */
const FACTOR_FILL = {
  quality: 'quality',
  qualityRef: 'epdNo',
  density: 'density',
  densityUnit: 'densityUnit',
  densitySource: 'densitySource',
  pieceSize: 'pieceSize',
} as const;

/**
 * A factor from the library (tpf3BuildMaterial) of the given type: the row keeps its id and, copied by the
 * server on save, its value in kgCO2e per row unit, its unit and its source (x-factor names the type).
 */
export const factorFields = (type: string, title = '排放因子') =>
  ({
    factorId: {
      type: ['integer', 'null'],
      title: `${title}(因子库)`,
      'x-factor': { type, copy: FACTOR_COPY, fill: FACTOR_FILL },
      'x-reference': { resource: 'tpf3BuildMaterial', label: 'name' },
      'x-list': false,
      'x-import': `${title}名称`,
    },
    factorValue: {
      type: ['number', 'null'],
      title,
      minimum: 0,
      maximum: LIMITS.factor,
      'x-decimals': 4,
      'x-list': true,
      'x-import': title,
    },
    factorUnit: { type: 'string', title: '因子单位', maxLength: 50, 'x-list': true, 'x-import': '因子单位' },
    factorSource: { type: 'string', title: '因子来源', maxLength: 200, 'x-list': false, 'x-import': '因子来源' },
    // set from the factor when saved unless the user chose one
    quality: qualityProperty,
    qualityRef: {
      type: 'string',
      title: '数据依据(EPD编号/数据库)',
      maxLength: 100,
      'x-list': false,
      'x-import': '数据依据',
    },
  }) as const;

/** The energy a construction, demolition or operation row uses; only electricity may take the grid factor. */
export const energy = energyProperty;

/**
 * What the last calculation did with the row (src/calc/trace.ts RowTrace): the formula, the inputs it read and
 * every default it filled in, with its source. Written by the calculation only.
 */
export const trace = { type: ['object', 'null'], title: '计算过程', 'x-readonly': true, 'x-list': false } as const;

/** The material picked for a transport row: its density and default distance are copied with it. */
export const materialFields = {
  materialId: {
    type: ['integer', 'null'],
    title: '材料(因子库)',
    'x-factor': {
      type: '建材',
      prefix: 'material',
      copy: { defaultDistance: 'defaultDistance' },
      fill: { density: 'density', densityUnit: 'densityUnit', densitySource: 'densitySource', pieceSize: 'pieceSize' },
    },
    'x-reference': { resource: 'tpf3BuildMaterial', label: 'name' },
    'x-list': false,
    'x-import': '材料(因子库)名称',
  },
  densitySource: { type: 'string', title: '密度来源', maxLength: 200, 'x-list': false, 'x-import': '密度来源' },
  defaultDistance: {
    type: ['number', 'null'],
    title: '默认运输距离(km)',
    minimum: 0,
    maximum: LIMITS.distance,
    'x-list': false,
    'x-import': '默认运输距离(km)',
  },
} as const;

export const quantity = (title = '数量') =>
  ({
    type: 'number',
    title,
    minimum: 0,
    maximum: LIMITS.quantity,
    'x-list': true,
    'x-import': title,
    'x-messages': { required: `请输入${title}`, type: `${title}应为数字` },
  }) as const;

export const text = (title: string, maxLength = 50, list = true) =>
  ({ type: 'string', title, maxLength, 'x-trim': true, 'x-list': list, 'x-import': title }) as const;

export const remarks = { type: 'string', title: '备注', maxLength: 200, 'x-list': false, 'x-import': '备注' } as const;

/**
 * The BIM model a row was imported from: { fileName, modelId, elements, globalIds, ifcMaterials,
 * fromGeometry, quantityShares (of quantity sets and geometry), basis, densities (used, with their source),
 * importedAt }. Written by the import only; a `replace` import replaces only such rows.
 */
export const bimSource = {
  type: ['object', 'null'],
  title: 'BIM模型来源',
  'x-readonly': true,
  'x-list': false,
} as const;
/** Where an imported budget line came from: the file, its sheets and rows, when. Written by the import only. */
export const billSource = {
  type: ['object', 'null'],
  title: '预算文件来源',
  'x-readonly': true,
  'x-list': false,
} as const;

/** The row's emission as last calculated (kgCO2e), written by the calculation only. */
export const emission = {
  type: ['number', 'null'],
  title: '碳排放量(kgCO2e)',
  'x-readonly': true,
  'x-decimals': 2,
  'x-list': true,
  'x-sum': true,
  'x-sortable': true,
} as const;

/** The name a row is known by (材料名称, 能源/机械名称 …): required, sortable, and searched in the stage table. */
export const rowName = (title: string) =>
  ({ ...text(title), minLength: 1, 'x-sortable': true, 'x-filter': 'like' }) as const;

/** A stage's 计算方式 per row (the building chooses one; rows of the others are kept, not counted): a list filter, so a
 * table shows and clears the rows of one method on the server. Its codes read as the methods' words wherever a
 * value is shown (变更记录, the signed report). */
export const methodField = <const M extends readonly { value: string; label: string }[]>(
  methods: M,
  fallback: M[number]['value'],
) =>
  ({
    type: 'string',
    title: '计算方式',
    enum: methods.map((m) => m.value) as M[number]['value'][],
    'x-enumLabels': Object.fromEntries(methods.map((m) => [m.value, m.label])),
    default: fallback,
    'x-list': false,
    'x-import': '计算方式',
    'x-filter': 'eq',
  }) as const;

/** Only electricity may take the building's grid factor; every other energy needs its own. */
export const ENERGY_NEEDS = [
  { check: 'has(energy)', field: 'energy', message: '请选择能源种类' },
  {
    check: "energy == 'electricity' || has(factorValue)",
    field: 'factorId',
    message: '非电力能源须选择或填写能源因子',
  },
] as const;

/** An electricity row without its own factor is calculated with the building's grid factor, recorded as 默认值. */
export const GRID_DEFAULT = {
  factorValue: {
    from: 'gridFactor',
    when: "energy == 'electricity'",
    unit: 'kgCO2/kWh',
    source: '单体电网排放因子：{gridFactorSource}',
  },
} as const;

/** The row's factor must be known (picked or typed): a missing factor is never counted as 0. */
export const factorNeed = (message = '请选择或填写排放因子') =>
  ({ check: 'has(factorValue)', field: 'factorId', message }) as const;

/** Energy per machine shift (App. C 台班能源用量), for the machine methods of construction and demolition. */
export const energyPerShift = {
  type: ['number', 'null'],
  title: '台班能耗',
  minimum: 0,
  maximum: LIMITS.perShift,
  'x-list': true,
  'x-import': '台班能耗',
} as const;
/**
 * The unit of that energy per shift (kg, t, kWh, m3 …; '/台班' may be written). Empty: the energy's own unit (kWh of
 * electricity, m³ of gas, GJ of heat, kg of any other — src/calc/units.ts shiftEnergyUnit), said in the trace.
 */
export const energyPerShiftUnit = {
  type: 'string',
  title: '台班能耗单位',
  maxLength: 20,
  'x-trim': true,
  'x-list': true,
  'x-import': '台班能耗单位',
  description: '每台班能耗的单位，如 kg、t、kWh、m3；未填按能源种类的默认单位（电 kWh、天然气 m3、热力 GJ，其余 kg）',
} as const;
