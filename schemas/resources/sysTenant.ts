export const sysTenant = {
  $id: 'sysTenant',
  title: '租户',
  type: 'object',
  additionalProperties: false,
  'x-resource': { path: 'sys/v1/sys/sysTenant', route: '/sys/tenant', title: '集团租户', scope: 'global', read: ['admin'], write: ['admin'], menu: 'system' },
  required: ['name', 'code'],
  properties: {
    name: { type: 'string', title: '租户名称', minLength: 1, maxLength: 50, 'x-list': true, 'x-filter': 'like', 'x-sortable': true },
    code: { type: 'string', title: '租户编码', minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_-]+$', 'x-list': true, 'x-filter': 'eq' },
    contact: { type: 'string', title: '联系人', maxLength: 20, 'x-list': true },
    phone: { type: 'string', title: '联系电话', pattern: '^(1[3-9]\\d{9})?$', 'x-messages': { pattern: '请输入正确的手机号' }, 'x-list': true },
    status: { type: 'integer', title: '状态', enum: [0, 1], default: 1, 'x-dict': 'status', 'x-list': true, 'x-filter': 'eq' },
    expireDate: { type: 'string', title: '到期日期', format: 'date', 'x-list': true, 'x-sortable': true },
    // 校审: how many levels a building's report is signed at — 2: 计算+校对 … 4: 计算+校对+审核+审定 —,
    // whether one person may sign two levels of a revision, and the report numbers' prefix
    signoffLevels: { type: 'integer', title: '校审级数', minimum: 2, maximum: 4, default: 4, 'x-messages': { minimum: '校审级数应为 2–4', maximum: '校审级数应为 2–4', type: '校审级数应为 2–4' }, 'x-list': true },
    signoffSamePerson: { type: 'integer', title: '允许一人兼任多级', enum: [0, 1], default: 0, 'x-dict': 'yesNo', 'x-list': false },
    reportPrefix: { type: 'string', title: '报告编号前缀', maxLength: 10, pattern: '^[A-Za-z0-9-]*$', 'x-messages': { pattern: '报告编号前缀只能包含字母、数字和 -' }, 'x-list': false },
    remarks: { type: 'string', title: '备注', maxLength: 200, 'x-widget': 'textarea' },
  },
} as const;
