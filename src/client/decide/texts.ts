// The decision page's tabs (/decide; its route: buildings/buildingPages.ts), the Chinese texts of the
// variant and phase panels and the signed-difference format they share (folder: DecidePage.tsx).
import { formatNumber } from '../../calc/format';
import type { DecideTab } from '../buildings/buildingPages';

export const DECIDE_TABS = [
  { value: 'reference', label: '参考线' },
  { value: 'variants', label: '方案比选' },
  { value: 'hotspots', label: '热点与替代' },
  { value: 'uncertainty', label: '不确定性' },
  { value: 'phases', label: '阶段偏差' },
] as const satisfies readonly { value: DecideTab; label: string }[];

export const isDecideTab = (v: string | null): v is DecideTab => DECIDE_TABS.some((t) => t.value === v);

/** The result page of any building (selects it first): src/client/results/OpenResult.tsx. */
export const resultRoute = (id: number | string) => `/factors/result?projectId=${encodeURIComponent(String(id))}`;

export const DECIDE_MSG = {
  title: '决策分析',
  pickBuilding: '请选择已完成计算的单体建筑（估算、概预算、核算模块）',
  notCalculated: '该单体尚未计算，请先完成各阶段数据录入并计算',
  noEdit: '无权修改该单体',
  noVariants: '暂无方案',
  noVariantsHint:
    '点击「另存为方案」后，系统先将当前数据保存为「基准方案」，再另存一份副本作为新方案；切换到新方案修改数据并计算后，即可与基准方案逐阶段对比。',
  nameRequired: '请输入方案名称',
  nameTooLong: '方案名称不超过 20 个字符',
  deleteCurrent: '当前方案不能删除，请先切换到其他方案',
  deleteBaseline: '基准方案不能删除，请先将其他方案设为基准',
  uncalculated: '未计算',
  phasesHint: '关联同一建筑的估算、概预算、核算单体后，可查看各阶段之间的碳排放变化',
} as const;

export const NAME_MAX = 20;

/** The name check the server makes too: 1–20 characters after trimming. */
export function variantNameError(name: string): string | null {
  const n = name.trim();
  if (!n) return DECIDE_MSG.nameRequired;
  if ([...n].length > NAME_MAX) return DECIDE_MSG.nameTooLong;
  return null;
}

/** '+1.23', '-0.50', '0.00' (2 decimals; a difference that rounds to zero has no sign). */
export function signed(n: number): string {
  const text = formatNumber(n);
  return /^[0,.]+$/.test(text) || text.startsWith('-') ? text : `+${text}`;
}

/** '+1.23 (+4.56%)', or '+1.23' without a percentage. */
export const diffText = (diff: number, pct: number | null | undefined) =>
  pct == null ? signed(diff) : `${signed(diff)} (${signed(pct)}%)`;

/** 'up' (an increase, red), 'down' (a decrease, green) or 'same', by the figure as shown. */
export function diffSign(diff: number): 'up' | 'down' | 'same' {
  const text = signed(diff);
  return text.startsWith('+') ? 'up' : text.startsWith('-') ? 'down' : 'same';
}

export const SIGN_COLOR = { up: 'error.main', down: 'success.main', same: 'text.secondary' } as const;

export const CHANGE_KIND: Record<string, string> = { changed: '修改', added: '新增', removed: '删除' };

export const MODULE_ORDER = ['estimate', 'budget', 'accounting'] as const;
