// Texts of spec 000 §4 and §8 used by the building list and the stage pages, exactly as the spec writes them.
export const BUILDING_MSG = {
  selectFirst: '请先选择或新建项目',
  noStages: '获取计算阶段出错，请刷新后重试！',
  copyConfirm: '确定要复制此项目吗?',
  done: '操作成功',
  noReport: '未完成项目，暂无报告',
} as const;
