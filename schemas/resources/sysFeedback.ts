export const sysFeedback = {
  $id: 'sysFeedback',
  title: '问题反馈',
  type: 'object',
  additionalProperties: false,
  'x-resource': { path: 'sys/v1/sys/sysFeedback', route: '/sys/feedback', title: '问题反馈', scope: 'tenant', read: ['admin'], write: ['admin'], menu: 'system' },
  required: ['title', 'content'],
  properties: {
    title: { type: 'string', title: '标题', minLength: 1, maxLength: 50, 'x-list': true, 'x-filter': 'like' },
    content: { type: 'string', title: '反馈内容', minLength: 1, maxLength: 2000, 'x-widget': 'textarea', 'x-list': true },
    contact: { type: 'string', title: '联系方式', maxLength: 50, 'x-list': true },
    status: { type: 'string', title: '处理状态', enum: ['0', '1'], default: '0', 'x-dict': 'feedbackStatus', 'x-list': true, 'x-filter': 'eq' },
    reply: { type: 'string', title: '回复', maxLength: 2000, 'x-widget': 'textarea' },
  },
} as const;
