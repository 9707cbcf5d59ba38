// The Chinese texts the kit's components say for every source (each source keeps its own texts in its folder).

export const IMPORT_MSG = {
  uploading: '正在上传, 请稍候...',
} as const;
