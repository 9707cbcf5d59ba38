// 通知公告: a notice written by a super admin (to every user, or to one tenant) or a group admin (to their own
// tenant). Creating one sends it: src/server/notify/notices.ts puts one sysNotify row in each recipient's inbox.
// A sent notice is not edited; deleting it leaves the delivered notifications.
export const sysNotice = {
  $id: 'sysNotice',
  title: '通知公告',
  type: 'object',
  additionalProperties: false,
  'x-resource': {
    path: 'sys/v1/sys/sysNotice',
    route: '/sys/notify',
    title: '通知公告',
    scope: 'tenant',
    read: ['admin', 'groupAdmin'],
    write: ['admin', 'groupAdmin'],
    menu: 'system',
    immutable: '通知已发送，不能修改',
  },
  required: ['title', 'content'],
  properties: {
    title: {
      type: 'string',
      title: '标题',
      minLength: 1,
      maxLength: 50,
      'x-trim': true,
      'x-list': true,
      'x-filter': 'like',
    },
    content: { type: 'string', title: '内容', minLength: 1, maxLength: 2000, 'x-widget': 'textarea', 'x-list': true },
    scopeName: { type: 'string', title: '发送范围', 'x-virtual': true, 'x-list': true },
    sentCount: { type: 'integer', title: '接收人数', 'x-readonly': true, default: 0, 'x-list': true },
  },
} as const;
