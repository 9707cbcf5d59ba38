// A user's inbox (消息通知): one row per recipient, written only by the server (src/server/notify/) — when a user
// is added to a building, an import ends, a factor of a completed building changes, feedback is answered, or a
// notice (sysNotice) is sent. Everyone, the super admin included, reads and changes only their own rows.
export const sysNotify = {
  $id: 'sysNotify',
  title: '消息通知',
  type: 'object',
  additionalProperties: false,
  'x-resource': {
    path: 'sys/v1/sys/sysNotify',
    title: '消息通知',
    scope: 'tenant',
    read: ['user'],
    write: ['user'],
    personal: { field: 'userId', evenAdmin: true },
  },
  required: ['title'],
  properties: {
    title: { type: 'string', title: '标题', minLength: 1, maxLength: 100, 'x-list': true, 'x-filter': 'like' },
    content: { type: 'string', title: '内容', maxLength: 2000, 'x-widget': 'textarea', 'x-list': true },
    kind: {
      type: 'string',
      title: '类型',
      enum: ['collaborator', 'import', 'factor', 'feedback', 'notice', 'review'],
      default: 'notice',
      'x-dict': 'notifyKind',
      'x-list': true,
      'x-filter': 'eq',
    },
    link: { type: ['string', 'null'], title: '链接', maxLength: 300, 'x-list': false },
    userId: {
      type: ['integer', 'null'],
      title: '接收人',
      'x-reference': { resource: 'sysUser', label: 'name' },
      'x-list': false,
    },
    readFlag: {
      type: 'integer',
      title: '已读',
      enum: [0, 1],
      default: 0,
      'x-dict': 'readFlag',
      'x-list': true,
      'x-filter': 'eq',
    },
  },
} as const;
