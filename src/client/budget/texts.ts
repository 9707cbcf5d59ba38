// The Chinese texts of the budget-file import page (folder: BudgetPage.tsx; its route: buildings/buildingPages.ts).
import type { BudgetBuildMethod, BudgetClass } from '../../../schemas/budget';
import { ENERGY_KINDS } from '../../../schemas/factors/kinds';
import { BUILDING_MSG } from '../buildings/messages';

export const BILL_MSG = {
  title: '预算文件导入',
  estimate: BUILDING_MSG.billEstimate,
  pickBuilding: '请选择要导入预算文件的单体建筑（概预算、核算模块）',
  reading: '正在读取预算文件… ',
  importing: '正在导入… ',
  readFailed: '预算文件读取失败，请重新选择文件',
  otherBuilding: '该预算文件不属于当前单体建筑，请重新上传',
  noMapping: '请至少为一项选择对应的因子',
  replaceConfirm: '将删除此前从同一预算文件导入的建材生产、建材运输和建筑建造数据，再按本次选择重新导入，确定继续吗？',
  exported: '导出成功',
} as const;

/** The classes in the order the pre-flight and the mapping show them. */
export const CLASS_ORDER: BudgetClass[] = ['labour', 'material', 'equipment', 'energy', 'machine'];

export const CLASS_LABELS: Record<BudgetClass, string> = {
  labour: '人工',
  material: '材料',
  equipment: '设备',
  energy: '能源及水',
  machine: '机械台班',
};

/** How the building counts 建筑建造, and what the mapping therefore preselects (above the mapping). */
export function buildMethodText(method: BudgetBuildMethod): string {
  const [counted, other] = method.value === 'energy' ? ['能源及水', '机械台班'] : ['机械台班', '能源及水'];
  return `本单体建筑建造${method.chosen ? '' : '未选择计算方式，默认'}按「${method.label}」计算：只导入${counted}项，${other}项不计入，不预选、不可导入（可在建筑建造页面更改计算方式）。`;
}

/** Why an item of the kind the building leaves out cannot be chosen. */
export const leftOutText = (method: BudgetBuildMethod) =>
  `本单体建筑建造${method.chosen ? '' : '未选择计算方式，默认'}按「${method.label}」计算，${method.value === 'energy' ? '机械台班' : '能源用量'}不计入；不导入`;

/** 'diesel' → 柴油. */
export const energyLabel = (kind: string | undefined) => ENERGY_KINDS.find(([v]) => v === kind)?.[1] ?? kind ?? '';
