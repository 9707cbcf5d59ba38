// Building blocks of the stage schemas: the resource block every stage shares, the link to the building, the
// factor picked from the library (its value, unit and source copied into the row when saved, so a result
// can always be explained by what it was calculated with), and the stored row emission.

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
 * A factor from the library (tpf3BuildMaterial) of the given type: the row keeps its id and, copied by the
 * server on save, its value in kgCO2e per row unit, its unit and its source (x-factor names the type).
 */
export const factorFields = (type: string, title = '排放因子') =>
  ({
    factorId: { type: ['integer', 'null'], title: `${title}(因子库)`, 'x-factor': { type }, 'x-reference': { resource: 'tpf3BuildMaterial', label: 'name' }, 'x-list': false, 'x-import': `${title}名称` },
    factorValue: { type: ['number', 'null'], title, minimum: 0, 'x-decimals': 4, 'x-list': true, 'x-import': title, 'x-messages': { minimum: `${title}应为非负数` } },
    factorUnit: { type: 'string', title: '因子单位', maxLength: 50, 'x-list': true, 'x-import': '因子单位' },
    factorSource: { type: 'string', title: '因子来源', maxLength: 200, 'x-list': false, 'x-import': '因子来源' },
  }) as const;

export const quantity = (title = '数量') =>
  ({ type: 'number', title, minimum: 0, maximum: 1e12, 'x-list': true, 'x-import': title, 'x-messages': { required: `请输入${title}`, minimum: `${title}应为非负数`, type: `${title}应为数字` } }) as const;

export const text = (title: string, maxLength = 50, list = true) => ({ type: 'string', title, maxLength, 'x-trim': true, 'x-list': list, 'x-import': title }) as const;

export const remarks = { type: 'string', title: '备注', maxLength: 200, 'x-list': false, 'x-import': '备注' } as const;

/** The row's emission as last calculated (kgCO2e), written by the calculation only. */
export const emission = { type: ['number', 'null'], title: '碳排放量(kgCO2e)', 'x-readonly': true, 'x-decimals': 2, 'x-list': true } as const;

/** Energy per machine shift (App. C 台班能源用量), for the machine methods of construction and demolition. */
export const energyPerShift = { type: ['number', 'null'], title: '台班能耗(单位/台班)', minimum: 0, 'x-list': true, 'x-import': '台班能耗' } as const;
