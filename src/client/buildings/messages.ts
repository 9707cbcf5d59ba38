// Texts used by the building list and the stage pages, word for word as the product gives them;
// stageNotUsed is ours.
export const BUILDING_MSG = {
  selectFirst: '请先选择或新建项目',
  noStages: '获取计算阶段出错，请刷新后重试！',
  /** a stage route the selected building does not use (its menus) */
  stageNotUsed: '该单体未启用此计算阶段',
  copyConfirm: '确定要复制此项目吗?',
  done: '操作成功',
  noReport: '未完成项目，暂无报告',
  /** 更多 → BIM模型 in an estimate building list (and the BIM page for an estimate building) */
  bimEstimate: '估算模块不支持BIM模型导入',
  /** 更多 → 预算文件导入 in an estimate building list (and the /bill page for an estimate building) */
  billEstimate: '估算模块不支持预算文件导入',
} as const;
