export const sysConfig = {
  $id: 'sysConfig',
  title: '配置',
  type: 'object',
  additionalProperties: false,
  'x-resource': { path: 'sys/v1/sys/sysConfig', route: '/sys/configManage', title: '全局配置', scope: 'global', read: ['admin'], write: ['admin'], menu: 'system' },
  required: ['configKey', 'configName'],
  properties: {
    configKey: { type: 'string', title: '配置键', minLength: 1, maxLength: 50, pattern: '^[A-Za-z][A-Za-z0-9_.]*$', 'x-list': true, 'x-filter': 'like', 'x-sortable': true },
    configName: { type: 'string', title: '配置名称', minLength: 1, maxLength: 50, 'x-list': true, 'x-filter': 'like' },
    configValue: { type: 'string', title: '配置值', maxLength: 2000, 'x-widget': 'textarea', 'x-list': true },
    remarks: { type: 'string', title: '备注', maxLength: 200, 'x-widget': 'textarea' },
  },
} as const;
