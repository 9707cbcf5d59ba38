// Excel import for every resource whose schema names `x-import` column titles:
// the template (one sheet named after the resource, the titles as its header row, and a 填写说明 sheet with the
// rules of each column) and the reading of an uploaded workbook into one body per row — columns matched by
// their header title, cells converted to the property's type, dictionary labels turned into their values.
// Validation and storage are the route's business (src/server/resources/importRoutes.ts).
import type ExcelJS from 'exceljs';
import { rangeText } from '../../../schemas/bounds';
import type { PropertySchema, ResourceSchema } from '../../../schemas/index';
import type { Db } from '../db/database';
import { baseType } from '../db/resourceColumns';
import { resourceDef } from '../db/registry';
import { valueLabels } from '../cache/dicts';
import { GUIDE_SHEET, templateBookOf, type TemplateColumn, type TemplateSpec } from './templateBook';

export const IMPORT_MESSAGES = {
  tooLarge: '导入Excel文件大小不能超过 6M!',
  noProject: '获取项目信息失败，请返回主页重试！',
  badFile: '文件格式不正确，请使用导入模板',
  noFile: '请选择要导入的Excel文件',
  noRows: '导入文件中没有数据',
  unzipTooLarge: '导入文件解压后过大',
  invalid: '导入数据校验失败',
  uploaded: '上传文件成功',
  template: '导出成功',
} as const;

export { GUIDE_SHEET };

export interface ImportColumn {
  /** property name */
  key: string;
  /** the x-import title: the header text in the sheet */
  title: string;
  kind: 'text' | 'number' | 'integer';
  required: boolean;
  /** allowed values (enum or dictionary) → their label; undefined when any value goes */
  labels?: Map<string, string>;
  /** x-reference: the cell holds the referenced record's label (e.g. a factor's name), resolved to its id */
  reference?: { resource: string; label: string; type?: string };
  prop: PropertySchema;
}

/** Whether a schema has any import column. */
export const hasImport = (schema: ResourceSchema) =>
  Object.values(schema.properties).some((p) => typeof p['x-import'] === 'string' && p['x-import']);

/** The import columns of a resource in schema order, with the labels of their allowed values. */
export async function importColumns(db: Db, schema: ResourceSchema): Promise<ImportColumn[]> {
  const required = new Set(schema.required ?? []);
  const out: ImportColumn[] = [];
  for (const [key, p] of Object.entries(schema.properties)) {
    const title = p['x-import'];
    if (typeof title !== 'string' || !title || p['x-readonly'] || p['x-virtual']) continue;
    const t = baseType(p);
    const kind = t === 'number' ? 'number' : t === 'integer' ? 'integer' : 'text';
    const words = await valueLabels(db, p);
    let labels = words && new Map(Object.entries(words));
    if (p.enum)
      labels = new Map(p.enum.filter((v) => v !== null).map((v) => [String(v), words?.[String(v)] ?? String(v)]));
    const ref = p['x-reference'];
    const reference = ref ? { resource: ref.resource, label: ref.label, type: p['x-factor']?.type } : undefined;
    out.push({ key, title, kind, required: required.has(key), labels, reference, prop: p });
  }
  return out;
}

const TYPE_NAMES = { text: '文本', number: '数字', integer: '整数' } as const;
const typeName = (c: ImportColumn) => (c.reference ? '文本' : TYPE_NAMES[c.kind]);

/** What a column accepts beyond its type, in words: lengths and bounds. */
function limitsOf(c: ImportColumn): string {
  const p = c.prop;
  const parts: string[] = [];
  if (c.reference) {
    const target = resourceDef(c.reference.resource);
    const label = target.schema.properties[c.reference.label]?.title ?? c.reference.label;
    parts.push(
      `填写${target.meta.title}中已有记录的${label}${c.reference.type ? `（类型：${c.reference.type}）` : ''}`,
    );
  } else if (c.kind === 'text') {
    if (p.minLength && p.minLength > 1) parts.push(`至少 ${p.minLength} 个字符`);
    if (p.maxLength !== undefined) parts.push(`不超过 ${p.maxLength} 个字符`);
  } else {
    // the range in the words of the refusal (schemas/bounds.ts): 不小于 0，小于 1
    const range = rangeText(p, '，');
    if (range) parts.push(range);
  }
  return parts.join('，');
}

const allowedText = (c: ImportColumn) =>
  c.labels
    ? [...c.labels.entries()]
        .filter(([v]) => v !== '')
        .map(([, label]) => label)
        .join('、')
    : '';

export interface TemplateSheet {
  /** the resource's page title: the data sheet's name (imports look for it) */
  title: string;
  columns: ImportColumn[];
}

/** The template in words (plain data: the workbook thread writes it, workbookTask.ts). */
export function templateSpec(sheets: TemplateSheet[], intro: string[] = []): TemplateSpec {
  const words = (c: ImportColumn): TemplateColumn => ({
    key: c.key,
    title: c.title,
    kind: c.kind,
    required: c.required,
    type: typeName(c),
    allowed: allowedText(c),
    limits: limitsOf(c),
  });
  return { sheets: sheets.map((s) => ({ title: s.title, columns: s.columns.map(words) })), intro };
}

/** The import template: the data sheet (header row only) and the 填写说明 sheet. */
export function templateWorkbook(title: string, columns: ImportColumn[]): ExcelJS.Workbook {
  return templateBook([{ title, columns }]);
}

/**
 * One workbook holding the data sheets of several resources (a module's stages) and one 填写说明 sheet with a
 * section per data sheet; `intro` lines open the guide (what the workbook is for). Each data sheet is imported
 * on its own page, which reads the sheet named after it.
 */
export function templateBook(sheets: TemplateSheet[], intro: string[] = []): ExcelJS.Workbook {
  return templateBookOf(templateSpec(sheets, intro));
}
