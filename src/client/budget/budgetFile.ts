// The client's mirror of the server's budget-file limits: an .xlsx or .xls workbook of at most 20 MB.
// Only a convenience so a wrong pick is said at once; the server reads the file's first bytes and decides.

export const BILL_MAX_MB = 20;
export const BILL_MAX_BYTES = BILL_MAX_MB * 1024 * 1024;
export const BILL_EXTENSIONS = ['.xlsx', '.xls'] as const;
/** The file input's accept attribute. */
export const BILL_ACCEPT = BILL_EXTENSIONS.join(',');

export const BILL_FILE_MSG = {
  limit: `支持计价软件导出的人材机汇总表、材料汇总表或主要材料表，.xlsx 或 .xls 格式，大小不超过 ${BILL_MAX_MB} MB`,
  badExtension: '请选择 .xlsx 或 .xls 格式的预算文件',
  tooLarge: `文件大小不能超过 ${BILL_MAX_MB} MB`,
  empty: '文件为空，请重新选择',
} as const;

/** Why the file cannot be sent, or null when it may be. */
export function checkBillFile(file: Pick<File, 'name' | 'size'>): string | null {
  const name = file.name.trim().toLowerCase();
  if (!BILL_EXTENSIONS.some((ext) => name.endsWith(ext))) return BILL_FILE_MSG.badExtension;
  if (file.size > BILL_MAX_BYTES) return BILL_FILE_MSG.tooLarge;
  if (file.size <= 0) return BILL_FILE_MSG.empty;
  return null;
}
