// One ajv configuration for server, client and tests: draft-07, strict, every `x-` keyword declared,
// all errors reported, Chinese messages. formatErrors() turns ajv errors into the API's
// `[{ field, errorMsg }]` — used by the server's code-2 answers and by the client's forms.
import Ajv, { type ErrorObject, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import localizeZh from 'ajv-i18n/localize/zh';
import { BOUND_KEYWORDS, rangeMessage, type Bounded } from './bounds';
import { X_KEYWORDS } from './keywords';

export const AJV_OPTIONS: Options = {
  strict: true,
  allErrors: true,
  useDefaults: true,
  removeAdditional: false,
  keywords: [...X_KEYWORDS],
};

export function createAjv(extra: Options = {}): Ajv {
  const ajv = new Ajv({ ...AJV_OPTIONS, ...extra });
  addFormats(ajv);
  return ajv;
}

export interface FieldError {
  field: string;
  errorMsg: string;
}

type Node = Bounded & {
  title?: string;
  properties?: Record<string, Node>;
  items?: Node;
  'x-messages'?: Record<string, string>;
  enum?: unknown;
  'x-dict'?: unknown;
  'x-reference'?: unknown;
  'x-factor'?: unknown;
  'x-widget'?: unknown;
  format?: unknown;
};

/** A field the user picks rather than types (a select, a dictionary, a record, a library factor): 请选择…, not 请输入…. */
const isChoice = (n: Node | undefined) =>
  !!n &&
  (n.enum !== undefined ||
    n['x-dict'] !== undefined ||
    n['x-reference'] !== undefined ||
    n['x-factor'] !== undefined ||
    n.items?.enum !== undefined);

/** A date field (format 'date', or a 'YYYY-MM-DD' text with x-widget 'date') not holding a day as the app writes it. */
const isBadDate = (e: ErrorObject, n: Node | undefined) =>
  (e.keyword === 'format' && (e.params as { format?: string }).format === 'date') ||
  (e.keyword === 'pattern' && n?.['x-widget'] === 'date');

/** The sub-schema a JSON pointer points at, following properties and array items. */
function nodeAt(schema: Node, path: string[]): Node | undefined {
  let node: Node | undefined = schema;
  for (const part of path) {
    if (!node) return undefined;
    node = /^\d+$/.test(part) && node.items ? node.items : node.properties?.[part];
  }
  return node;
}

/**
 * ajv errors → `[{ field, errorMsg }]`, one entry per field (the first rule that failed for it).
 * A property's `x-messages[keyword]` is the spec's own message; otherwise `<title><中文 ajv message>`,
 * for a missing required field `请输入<title>` (`请选择<title>` for one picked from choices), for a value that is none of a
 * select's choices `请选择<title>`, and for a value out of range the property's whole range in words (`系统损失效率应不小于 0 且小于
 * 1`, schemas/bounds.ts) — on the API, the form and the Excel import alike.
 */
export function formatErrors(errors: ErrorObject[] | null | undefined, schema: object): FieldError[] {
  if (!errors?.length) return [];
  const copy = errors.map((e) => ({ ...e }));
  localizeZh(copy);
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const e of copy) {
    const path = e.instancePath
      .split('/')
      .filter(Boolean)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (e.keyword === 'required') path.push(String((e.params as { missingProperty: string }).missingProperty));
    if (e.keyword === 'additionalProperties')
      path.push(String((e.params as { additionalProperty: string }).additionalProperty));
    const field = path.join('.') || '_';
    if (seen.has(field)) continue;
    seen.add(field);
    const node = nodeAt(schema as Node, path);
    const title = node?.title ?? path[path.length - 1] ?? '';
    const own = node?.['x-messages']?.[e.keyword];
    let errorMsg: string;
    if (own) errorMsg = own;
    else if (e.keyword === 'required') errorMsg = `${isChoice(node) ? '请选择' : '请输入'}${title}`;
    else if (e.keyword === 'additionalProperties') errorMsg = `不允许的字段 ${title}`;
    // the date widget's form (src/client/admin/form/DateWidget.tsx), the field named
    else if (isBadDate(e, node)) errorMsg = `${title}格式应为 年-月-日，如 2025-08-30`;
    // (a value that is none of the choices: the field is a select)
    else if (e.keyword === 'enum') errorMsg = `请选择${title}`;
    else if (BOUND_KEYWORDS.has(e.keyword) && node) errorMsg = rangeMessage(node, title);
    else if (e.keyword === 'type')
      errorMsg = `${title}${TYPE_MESSAGES[String((e.params as { type: string }).type).split(',')[0]] ?? '类型不正确'}`;
    else errorMsg = `${title}${e.message ?? '格式不正确'}`;
    out.push({ field, errorMsg });
  }
  return out;
}

const TYPE_MESSAGES: Record<string, string> = {
  number: '应当是数字',
  integer: '应当是整数',
  string: '应当是文本',
  boolean: '应当是是或否',
  array: '应当是列表',
  object: '应当是对象',
};

export const FORM_INVALID = '表单校验失败, 请检查输入!';
