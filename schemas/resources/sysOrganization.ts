export const sysOrganization = {
  $id: 'sysOrganization',
  title: '组织',
  type: 'object',
  additionalProperties: false,
  'x-resource': {
    path: 'sys/v1/sys/sysOrganization',
    route: '/sys/organization',
    title: '组织管理',
    scope: 'tenant',
    read: ['admin', 'groupAdmin'],
    write: ['admin', 'groupAdmin'],
    menu: 'system',
  },
  required: ['name'],
  properties: {
    name: { type: 'string', title: '组织名称', minLength: 1, maxLength: 50, 'x-list': true, 'x-filter': 'like', 'x-sortable': true },
    code: { type: 'string', title: '组织编码', maxLength: 20, 'x-list': true, 'x-filter': 'eq' },
    parentId: { type: ['integer', 'null'], title: '上级组织', 'x-reference': { resource: 'sysOrganization', label: 'name' }, 'x-list': false },
    sort: { type: 'integer', title: '排序', minimum: 0, maximum: 9999, default: 0, 'x-list': true, 'x-sortable': true },
    remarks: { type: 'string', title: '备注', maxLength: 200, 'x-widget': 'textarea', 'x-list': true },
  },
} as const;
