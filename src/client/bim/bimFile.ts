// The client's mirror of the server's upload limits: an .ifc or .ifczip of at most 200 MB. Only a
// convenience so a wrong pick is said at once; the server checks the size, the zip and the ISO-10303-21 header
// and decides.

export const BIM_MAX_MB = 200;
export const BIM_MAX_BYTES = BIM_MAX_MB * 1024 * 1024;
export const BIM_EXTENSIONS = ['.ifc', '.ifczip'] as const;
/** The file input's accept attribute. */
export const BIM_ACCEPT = BIM_EXTENSIONS.join(',');

export const BIM_FILE_MSG = {
  limit: `支持 IFC2X3 / IFC4 格式的 .ifc 或 .ifczip 文件，大小不超过 ${BIM_MAX_MB} MB`,
  badExtension: '请选择 .ifc 或 .ifczip 格式的 IFC 模型文件',
  tooLarge: `文件大小不能超过 ${BIM_MAX_MB} MB`,
  empty: '文件为空，请重新选择',
} as const;

/** Why the file cannot be sent, or null when it may be. */
export function checkModelFile(file: Pick<File, 'name' | 'size'>): string | null {
  const name = file.name.trim().toLowerCase();
  if (!BIM_EXTENSIONS.some((ext) => name.endsWith(ext))) return BIM_FILE_MSG.badExtension;
  if (file.size > BIM_MAX_BYTES) return BIM_FILE_MSG.tooLarge;
  if (file.size <= 0) return BIM_FILE_MSG.empty;
  return null;
}
