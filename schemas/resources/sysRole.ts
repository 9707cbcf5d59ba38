export const sysRole = {
  $id: 'sysRole',
  title: '角色',
  type: 'object',
  additionalProperties: false,
  'x-resource': { path: 'sys/v1/sys/sysRole', route: '/sys/role', title: '角色权限', scope: 'global', read: ['admin'], write: ['admin'], menu: 'system' },
  required: ['roleCode', 'roleName'],
  properties: {
    roleCode: { type: 'string', title: '角色编码', minLength: 1, maxLength: 20, pattern: '^[A-Za-z][A-Za-z0-9_]*$', 'x-list': true, 'x-filter': 'eq', 'x-sortable': true },
    roleName: { type: 'string', title: '角色名称', minLength: 1, maxLength: 20, 'x-list': true, 'x-filter': 'like' },
    remarks: { type: 'string', title: '备注', maxLength: 200, 'x-widget': 'textarea', 'x-list': true },
  },
} as const;
