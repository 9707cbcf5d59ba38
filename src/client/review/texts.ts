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

export const STATE_COLORS: Record<ReviewState, 'default' | 'info' | 'warning' | 'success'> = { draft: 'default', check: 'info', review: 'info', approve: 'warning', approved: 'success' };

export const ACTION_LABELS: Record<ReviewEvent['action'], string> = { submit: '提交校审', approve: '签署', return: '退回', revise: '新建修订版' };

export const COMMENT_STATUS: Record<'open' | 'resolved' | 'closed', { label: string; color: 'warning' | 'info' | 'default' }> = {
  open: { label: '未处理', color: 'warning' },
  resolved: { label: '已处理', color: 'info' },
  closed: { label: '已关闭', color: 'default' },
};
