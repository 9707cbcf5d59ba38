// An uploaded model is bounded and checked before any parser sees it (DESIGN §10, issue 12 §1): at most 200 MB;
// an .ifczip is a zip with the Excel imports' bomb limits and one .ifc inside; the text must open with the
// `ISO-10303-21;` header, name IFC2X3 or IFC4 in FILE_SCHEMA and end with `END-ISO-10303-21;` (a truncated
// export opens in web-ifc and silently loses its relations, so it is refused here).
import { unzipSync } from 'fflate';
import { badRequest } from '../errors';
import { assertZipBounds, ZipRefused, zipEntries } from '../files/zipBounds';

const MB = 1024 * 1024;
export const BIM_LIMIT = 200 * MB;

export const BIM_MESSAGES = {
  tooLarge: '文件大小不能超过 200 MB',
  noFile: '请选择要导入的 IFC 文件',
  notIfc: '文件不是 IFC 格式（缺少 ISO-10303-21 文件头），请从设计软件导出 .ifc 或 .ifczip 文件',
  truncated: '文件不完整（缺少 END-ISO-10303-21; 结尾），可能上传中断或导出失败，请重新导出',
  noSchema: '文件未声明 IFC 版本（FILE_SCHEMA），无法识别',
  unzipTooLarge: 'ifczip 解压后过大（超过 200 MB 或压缩比异常）',
  badZip: 'ifczip 文件已损坏或其中没有 .ifc 文件',
  estimate: '估算模块不支持 BIM 模型导入',
} as const;

export const unknownSchema = (name: string) => `不支持的 IFC 版本「${name}」，请导出为 IFC2X3 或 IFC4`;

const ZIP_LIMITS = { maxTotal: BIM_LIMIT, maxEntry: BIM_LIMIT, maxRatio: 100, ratioFrom: MB };

/** The .ifc bytes of an .ifczip (bounded first). */
function unzipIfc(content: Uint8Array): Uint8Array {
  try {
    assertZipBounds(Buffer.from(content.buffer, content.byteOffset, content.byteLength), ZIP_LIMITS);
  } catch (err) {
    if (err instanceof ZipRefused) throw badRequest(err.reason === 'tooLarge' ? BIM_MESSAGES.unzipTooLarge : BIM_MESSAGES.badZip);
    throw err;
  }
  const names = zipEntries(Buffer.from(content.buffer, content.byteOffset, content.byteLength)).map((e) => e.name).filter((n) => /\.ifc$/i.test(n));
  if (names.length !== 1) throw badRequest(BIM_MESSAGES.badZip);
  const out = unzipSync(content, { filter: (f) => f.name === names[0] })[names[0]];
  if (!out) throw badRequest(BIM_MESSAGES.badZip);
  return out;
}

/** The IFC schema family of a FILE_SCHEMA name: IFC2X3 (with its TCs) or IFC4 (ADD1/ADD2/TC1), else null. */
export function schemaFamily(name: string): 'IFC2X3' | 'IFC4' | null {
  const n = name.trim().toUpperCase();
  if (/^IFC2X3(_TC1)?$/.test(n)) return 'IFC2X3';
  if (/^IFC4(_ADD[12])?(_TC1)?$/.test(n)) return 'IFC4';
  return null;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** The checked IFC text bytes and schema of an upload, or a 400 with the reason. */
export function checkIfc(content: Uint8Array): { bytes: Uint8Array; schema: 'IFC2X3' | 'IFC4' } {
  const bytes = ZIP_MAGIC.every((b, i) => content[i] === b) ? unzipIfc(content) : content;
  const head = Buffer.from(bytes.subarray(0, 64 * 1024)).toString('latin1');
  if (!/^(\uFEFF|\xEF\xBB\xBF)?\s*ISO-10303-21\s*;/.test(head)) throw badRequest(BIM_MESSAGES.notIfc);
  const schema = /FILE_SCHEMA\s*\(\s*\(\s*'([^']*)'/i.exec(head)?.[1];
  if (!schema) throw badRequest(BIM_MESSAGES.noSchema);
  const family = schemaFamily(schema);
  if (!family) throw badRequest(unknownSchema(schema));
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 4096))).toString('latin1');
  if (!/END-ISO-10303-21\s*;\s*$/.test(tail)) throw badRequest(BIM_MESSAGES.truncated);
  return { bytes, schema: family };
}
