// 单体建筑 (building, "project" in the API): its fields, rules and messages. The server validates
// every save with this schema; the building form mirrors the same rules with the same messages. Standard,
// stage and menus are checked against schemas/standards.ts by the server on top of this schema.
/** A result figure: written by the calculation only (x-readonly), shown to 2 decimals, 0.00 when empty. */
export const result = (title: string, list = false) =>
  ({
    type: ['number', 'null'],
    title,
    'x-readonly': true,
    'x-decimals': 2,
    'x-list': list,
    'x-sortable': true,
  }) as const;

const FORBIDDEN = '^[^#\\\\/:*?"<>|]+$';
const FORBIDDEN_TEXT = '# \\ / : * ? " < > |';

const nameLike = (title: string) =>
  ({
    type: 'string',
    title,
    minLength: 1,
    maxLength: 20,
    pattern: FORBIDDEN,
    'x-trim': true,
    'x-messages': {
      required: `请输入${title}`,
      minLength: `请输入${title}`,
      maxLength: `${title}不超过 20 个字符`,
      pattern: `${title}不能包含 ${FORBIDDEN_TEXT}`,
    },
  }) as const;

const orgField = (title: string) =>
  ({
    type: 'string',
    title,
    maxLength: 50,
    'x-trim': true,
    'x-messages': { maxLength: `${title}不超过 50 个字符` },
    'x-list': false,
  }) as const;

const nonNegative = (title: string, maxChars: number) =>
  ({
    type: 'number',
    title,
    minimum: 0,
    // a length limit of n: at most n characters as typed, i.e. below 10^n.
    maximum: 10 ** maxChars - 1,
    'x-messages': {
      required: `请输入${title}`,
      type: `${title}应为非负数`,
      minimum: `${title}应为非负数`,
      maximum: `${title}不超过 ${maxChars} 位`,
    },
  }) as const;

const floors = (title: string) =>
  ({
    type: 'integer',
    title,
    minimum: 0,
    maximum: 999,
    'x-messages': {
      required: `请输入${title}`,
      type: `${title}应为非负整数`,
      minimum: `${title}应为非负整数`,
      maximum: `${title}不超过 3 位`,
    },
  }) as const;

/** A sign-off level's person: one user of the building's tenant (checked by the server, buildingHooks.ts). */
const signer = (title: string) =>
  ({
    type: ['integer', 'null'],
    title,
    minimum: 1,
    'x-messages': { type: `请选择${title}`, minimum: `请选择${title}` },
    'x-list': false,
  }) as const;

export const tpf3Project = {
  $id: 'tpf3Project',
  title: '单体建筑',
  type: 'object',
  additionalProperties: false,
  'x-resource': {
    path: 'tpf/v1/tpf/tpf3Project',
    title: '单体建筑列表',
    scope: 'tenant',
    read: ['user'],
    write: ['user'],
    // Plain users see and change the buildings they created or collaborate on (and read those they sign);
    // group admins all of the tenant.
    owner: { rows: 'all', collaborators: 'userId', readers: ['checkerId', 'reviewerId', 'approverId'] },
    defaultSort: { field: 'createDate', order: 'descend' },
    // under review and once signed, nothing of the building changes: a change needs a new revision
    lock: {
      column: 'reviewState',
      open: 'draft',
      message: '单体「{name}」修订版 {revision} 处于「{reviewState}」状态，已锁定，不能修改',
    },
    // every change of the building, its rows and its variants: who, when, before → after
    audit: {
      also: ['status', 'stageMethods', 'reviewState', 'reportNo'],
      // what names, files or signs the building: a change of these leaves its calculated result current
      notInputs: [
        'engineeringId',
        'name',
        'code',
        'status',
        'stage',
        'latLng',
        'buildOrg',
        'designOrg',
        'compileOrg',
        'userId',
        'remarks',
        'checkerId',
        'reviewerId',
        'approverId',
        'reviewState',
        'reportNo',
      ],
    },
  },
  required: [
    'engineeringId',
    'computeMethod',
    'standard',
    'stage',
    'name',
    'code',
    'site',
    'buildType',
    'structureType',
    'useDateLimit',
    'buildArea',
    'height',
    'floorUp',
    'floorDown',
    'latLng',
    'menus',
  ],
  properties: {
    engineeringId: {
      type: 'integer',
      title: '所属项目',
      minimum: 1,
      'x-reference': { resource: 'tpf3Engineering', label: 'name' },
      'x-messages': { required: '请选择所属项目', type: '请选择所属项目', minimum: '请选择所属项目' },
      'x-filter': 'eq',
      'x-list': false,
    },
    computeMethod: {
      type: 'string',
      title: '计算方式',
      enum: ['estimate', 'budget', 'accounting'],
      'x-dict': 'computeMethod',
      'x-filter': 'eq',
      'x-list': false,
    },
    standard: {
      type: 'string',
      title: '计算标准',
      enum: ['GB', 'JS-STD', 'JS', 'ZQYJG'],
      'x-dict': 'standard',
      'x-messages': { required: '请选择计算标准', enum: '请选择计算标准' },
      'x-filter': 'eq',
      'x-list': false,
    },
    stage: {
      type: 'string',
      title: '项目阶段',
      minLength: 1,
      maxLength: 20,
      'x-messages': { required: '请选择项目阶段', minLength: '请选择项目阶段' },
      'x-filter': 'eq',
      'x-list': true,
    },
    name: { ...nameLike('单体名称'), 'x-filter': 'like', 'x-sortable': true, 'x-list': true, 'x-import': '单体名称' },
    code: { ...nameLike('单体编码'), 'x-sortable': true, 'x-list': false, 'x-import': '单体编码' },
    status: {
      type: 'string',
      title: '状态',
      enum: ['0', '1'],
      default: '0',
      'x-readonly': true,
      'x-dict': 'projectStatus',
      'x-filter': 'eq',
      'x-list': false,
    },
    site: {
      type: 'string',
      title: '建设地点',
      minLength: 1,
      maxLength: 50,
      'x-messages': { required: '请选择建设地点', minLength: '请选择建设地点' },
      'x-filter': 'eq',
      'x-list': true,
    },
    buildType: {
      type: 'string',
      title: '建筑类型',
      minLength: 1,
      maxLength: 100,
      'x-widget': 'tree',
      'x-dict': 'buildType',
      'x-messages': { required: '请选择建筑类型', minLength: '请选择建筑类型' },
      'x-filter': 'like',
      'x-list': true,
    },
    structureType: {
      type: 'string',
      title: '结构类型',
      minLength: 1,
      maxLength: 20,
      'x-trim': true,
      // chosen from the structureType dictionary or typed (custom entries allowed)
      'x-messages': {
        required: '请选择或输入结构类型',
        minLength: '请选择或输入结构类型',
        maxLength: '结构类型不超过 20 个字符',
      },
      'x-filter': 'eq',
      'x-list': true,
    },
    useDateLimit: {
      type: 'integer',
      title: '设计使用年限(年)',
      minimum: 1,
      maximum: 999,
      'x-messages': {
        required: '请输入大于0的整数',
        type: '请输入大于0的整数',
        minimum: '请输入大于0的整数',
        maximum: '设计使用年限不超过 3 位',
      },
      'x-sortable': true,
      'x-list': true,
    },
    buildYear: {
      type: ['integer', 'null'],
      title: '建成年份',
      minimum: 1900,
      maximum: 2100,
      'x-messages': {
        minimum: '建成年份应在 1900–2100 之间',
        maximum: '建成年份应在 1900–2100 之间',
        type: '建成年份应为整数',
      },
      'x-sortable': true,
      'x-list': false,
    },
    buildArea: { ...nonNegative('建筑面积(m²)', 11), 'x-sortable': true, 'x-list': true },
    height: { ...nonNegative('建筑高度(m)', 10), 'x-list': false },
    floorUp: { ...floors('地上层数'), 'x-list': false },
    floorDown: { ...floors('地下层数'), 'x-list': false },
    greenArea: {
      type: ['number', 'null'],
      title: '绿化面积(m²)',
      minimum: 0,
      maximum: 99999999999,
      'x-messages': { minimum: '绿化面积应为非负数', type: '绿化面积应为非负数' },
      'x-list': false,
    },
    latLng: {
      type: 'string',
      title: '经纬度',
      maxLength: 50,
      pattern: '^-?\\d{1,3}(\\.\\d+)?,-?\\d{1,2}(\\.\\d+)?$',
      'x-messages': { required: '请选择经纬度', pattern: '经纬度格式应为 经度,纬度' },
      'x-list': false,
    },
    buildOrg: orgField('建设单位'),
    designOrg: orgField('设计单位'),
    compileOrg: orgField('编制单位'),
    userId: {
      type: 'string',
      title: '协作人',
      maxLength: 500,
      pattern: '^(\\d+(;\\d+)*)?$',
      'x-messages': { pattern: '协作人格式不正确' },
      'x-widget': 'users',
      'x-list': false,
    },
    menus: {
      type: 'string',
      title: '计算阶段',
      minLength: 1,
      maxLength: 200,
      pattern: '^[A-Za-z]+(,[A-Za-z]+)*$',
      'x-messages': {
        required: '请至少选择一个计算阶段!',
        minLength: '请至少选择一个计算阶段!',
        pattern: '请至少选择一个计算阶段!',
      },
      'x-list': false,
    },
    // how an accounting building's operation emissions are broken down — '1' by system (暖通空调,
    // 照明, 电梯 …), '2' by accounting type (能源, 日常用水, 可再生能源); estimate and budget always by system
    runtimeType: {
      type: 'string',
      title: '运行分项方式',
      enum: ['1', '2'],
      'x-enumLabels': { '1': '按用能系统分项', '2': '按核算类型分项' },
      'x-list': false,
    },
    // the grid electricity factor of the building (region or province, year, source); a new building gets the
    // current official average of its site's province; rows without their own electricity factor use it
    gridFactorId: {
      type: ['integer', 'null'],
      title: '电网排放因子',
      'x-factor': { type: '能源', smallType: '电力', prefix: 'gridFactor' },
      'x-reference': { resource: 'tpf3BuildMaterial', label: 'name' },
      'x-list': false,
    },
    gridFactorValue: {
      type: ['number', 'null'],
      title: '电网排放因子值',
      minimum: 0,
      'x-decimals': 4,
      'x-list': false,
    },
    gridFactorUnit: { type: 'string', title: '电网因子单位', maxLength: 50, 'x-list': false },
    gridFactorSource: { type: 'string', title: '电网因子来源', maxLength: 200, 'x-list': false },
    remarks: { type: 'string', title: '备注', maxLength: 500, 'x-widget': 'textarea', 'x-list': false },
    // 校审 (src/server/review/): the signers of the levels after 计算 (the creator and the collaborators),
    // chosen from the tenant's users; the state, revision and report number are written only by the review routes
    checkerId: signer('校对人'),
    reviewerId: signer('审核人'),
    approverId: signer('审定人'),
    reviewState: {
      type: 'string',
      title: '校审状态',
      enum: ['draft', 'check', 'review', 'approve', 'approved'],
      default: 'draft',
      'x-readonly': true,
      'x-dict': 'reviewState',
      'x-filter': 'eq',
      'x-list': true,
    },
    revision: { type: 'string', title: '修订版', maxLength: 2, default: 'A', 'x-readonly': true, 'x-list': false },
    revisionOf: { type: ['integer', 'null'], title: '上一修订版', 'x-readonly': true, 'x-list': false },
    reportNo: { type: ['string', 'null'], title: '报告编号', maxLength: 40, 'x-readonly': true, 'x-list': false },
    // the tenant's sign-off rules as they were when the revision was submitted: it is signed to its end under them,
    // whatever the tenant's settings become meanwhile (null while never submitted)
    reviewLevels: { type: ['integer', 'null'], title: '校审级数（提交时）', 'x-readonly': true, 'x-list': false },
    reviewSamePerson: {
      type: ['boolean', 'null'],
      title: '允许一人兼任多级（提交时）',
      'x-readonly': true,
      'x-list': false,
    },
    // results (list columns; written by the calculation)
    streng3: result('碳排放强度(kgCO2e/(m²·a))', true),
    total: result('碳排放总量(tCO2e)', true),
    produce: result('建材生产(tCO2e)'),
    trans: result('建材运输(tCO2e)'),
    build: result('建筑建造(tCO2e)'),
    remove: result('建筑拆除(tCO2e)'),
    runtimeTotal: result('建筑运行(tCO2e)'),
    runtimeChange: result('维护改造(tCO2e)'),
    waste: result('废弃物处理(tCO2e)'),
    green: result('碳汇(tCO2e)'),
    // per stage: the calculation method chosen (build: energy|machine, remove: ratio|machine, …)
    stageMethods: { type: 'object', title: '计算方式选择', 'x-readonly': true, 'x-list': false },
    // the last calculation: runtime parts (tCO2e), each stage's total and the notes of the rules applied
    resultDetail: { type: 'object', title: '计算明细', 'x-readonly': true, 'x-list': false, 'x-detail': true },
    // decision tools (src/server/decide/): GB 55015-2021 reference building's operation intensity the user entered, and
    // the phase group linking one building's 估算, 概预算 and 核算 (the group's first building's id) — both written
    // only by the decide routes
    refOperation: {
      type: ['number', 'null'],
      title: '基准建筑运行碳排放强度(kgCO2/(m²·a))',
      'x-readonly': true,
      'x-decimals': 2,
      'x-list': false,
    },
    phaseGroup: { type: ['integer', 'null'], title: '阶段关联组', 'x-readonly': true, 'x-list': false },
    // read-only figures joined by the server, never stored
    engineeringName: { type: 'string', title: '所属项目', 'x-virtual': true, 'x-list': true },
    engineeringCode: { type: 'string', title: '项目编码', 'x-virtual': true, 'x-list': false },
    engineeringBuildArea: { type: ['number', 'null'], title: '项目总建筑面积(m²)', 'x-virtual': true, 'x-list': false },
    createByName: { type: 'string', title: '创建人', 'x-virtual': true, 'x-list': false },
    // the rows or the formula fields changed after the stored result was calculated (buildings/stale.ts)
    resultStale: { type: 'boolean', title: '结果已过期', 'x-virtual': true, 'x-list': false },
    // a later revision of this building exists: this one is history and counts in no total (buildings/revisions.ts)
    superseded: { type: 'boolean', title: '已有新修订版', 'x-virtual': true, 'x-list': false },
  },
} as const;
