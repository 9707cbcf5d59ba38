// 问题反馈: sent by any logged-in user (/feedback), who lists only their own; the super admin lists all of them
// (/sys/feedback), sets the status and replies — a reply reaches the sender as a notification
// (src/server/feedback/). The screenshot is a link made by POST …/sysFeedback/screenshot.
export const sysFeedback = {
  $id: 'sysFeedback',
  title: '问题反馈',
  type: 'object',
  additionalProperties: false,
  'x-resource': {
    path: 'sys/v1/sys/sysFeedback',
    title: '问题反馈',
    scope: 'tenant',
    read: ['user'],
    write: ['user'],
    personal: { field: 'createBy' },
  },
  required: ['feedbackType', 'content'],
  properties: {
    feedbackType: {
      type: 'string',
      title: '反馈类型',
      enum: ['1', '2', '3', '4'],
      'x-dict': 'feedbackType',
      'x-list': true,
      'x-filter': 'eq',
    },
    content: {
      type: 'string',
      title: '反馈内容',
      minLength: 1,
      maxLength: 2000,
      'x-trim': true,
      'x-widget': 'textarea',
      'x-list': true,
    },
    contact: { type: ['string', 'null'], title: '联系方式', maxLength: 50, 'x-trim': true, 'x-list': true },
    screenshot: { type: ['string', 'null'], title: '截图', maxLength: 300, 'x-widget': 'image', 'x-list': false },
    status: {
      type: 'string',
      title: '处理状态',
      enum: ['0', '1'],
      default: '0',
      'x-dict': 'feedbackStatus',
      'x-list': true,
      'x-filter': 'eq',
    },
    reply: { type: ['string', 'null'], title: '回复', maxLength: 2000, 'x-widget': 'textarea', 'x-list': true },
    replyDate: {
      type: ['string', 'null'],
      title: '回复时间',
      format: 'date-time',
      'x-readonly': true,
      'x-list': false,
    },
    createByName: { type: 'string', title: '反馈人', 'x-virtual': true, 'x-list': true },
  },
} as const;
