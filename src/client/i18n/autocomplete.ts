// The Chinese texts of every MUI Autocomplete (loading, empty — 暂无数据 — and the clear/open/close buttons' labels).
export const AUTOCOMPLETE_TEXTS = {
  loadingText: '正在加载, 请稍候...',
  noOptionsText: '暂无数据',
  clearText: '清除',
  openText: '打开',
  closeText: '关闭',
} as const;
