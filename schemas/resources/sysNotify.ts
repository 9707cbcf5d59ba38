export const sysNotify = {
  $id: 'sysNotify',
  title: '消息通知',
  type: 'object',
  additionalProperties: false,
  'x-resource': { path: 'sys/v1/sys/sysNotify', title: '消息通知', scope: 'tenant', read: ['user'], write: ['admin', 'groupAdmin'] },
  required: ['title'],
  properties: {
    title: { type: 'string', title: '标题', minLength: 1, maxLength: 50, 'x-list': true, 'x-filter': 'like' },
    content: { type: 'string', title: '内容', maxLength: 2000, 'x-widget': 'textarea', 'x-list': true },
    userId: { type: ['integer', 'null'], title: '接收人', 'x-reference': { resource: 'sysUser', label: 'name' }, 'x-list': true, 'x-filter': 'eq' },
    readFlag: { type: 'integer', title: '已读', enum: [0, 1], default: 0, 'x-dict': 'readFlag', 'x-list': true, 'x-filter': 'eq' },
  },
} as const;
