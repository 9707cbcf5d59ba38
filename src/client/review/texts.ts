// The 校审 page's Chinese texts and the labels of states and steps (the states' own labels: schemas/review.ts).
import type { ReviewEvent, ReviewState } from './reviewApi';

export { STATE_LABELS } from '../../../schemas/review';

export const REVIEW_MSG = {
  title: '校审',
  waiting: '待我校审',
  noWaiting: '暂无数据',
  submit: '提交校审',
  approve: '签署',
  return: '退回',
  revise: '新建修订版',
  resolve: '处理',
  close: '关闭',
  reasonNeeded: '请逐条填写说明',
  commentNeeded: '请至少填写一条意见',
} as const;

export const WITHDRAW_MSG = {
  button: '撤回',
  title: '撤回校审',
  done: '已撤回',
  hint: (role: string) => `${role}签署前，可以撤回本次提交，修改后重新提交。`,
  confirm: (role: string) => `撤回后修订版回到「编制中」，可以继续修改后重新提交；${role}将收到撤回通知。`,
} as const;

export const REASSIGN_MSG = {
  title: '更换签署人',
  hint: '新的签署人须是本单位的用户；除非本单位允许一人兼任多级，不能是计算人、其他级的签署人或编辑过本修订版的人。',
  confirm: '确定更换',
  done: '已更换签署人',
} as const;

export const STATE_COLORS: Record<ReviewState, 'default' | 'info' | 'warning' | 'success'> = {
  draft: 'default',
  check: 'info',
  review: 'info',
  approve: 'warning',
  approved: 'success',
};

export const ACTION_LABELS: Record<ReviewEvent['action'], string> = {
  submit: '提交校审',
  approve: '签署',
  return: '退回',
  revise: '新建修订版',
  withdraw: '撤回',
  reassign: '更换签署人',
};

export const COMMENT_STATUS: Record<
  'open' | 'resolved' | 'closed',
  { label: string; color: 'warning' | 'info' | 'default' }
> = {
  open: { label: '未处理', color: 'warning' },
  resolved: { label: '已处理', color: 'info' },
  closed: { label: '已关闭', color: 'default' },
};
