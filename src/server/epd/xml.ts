// Untrusted XML read into a small tree of elements by local name (the prefixes differ between exporters:
// `common:`, `f:`, none; `epd:` or `epd2:`). saxes expands no DTD entity; a DOCTYPE — where any entity would be
// declared — is refused the moment it is met, so a billion-laughs file costs nothing. Depth and element count are
// capped, so a deep or wide file is refused instead of filling memory.
import { SaxesParser } from 'saxes';
import { EpdRefused, quoted } from './refused';

export interface XmlEl {
  /** local name, without its prefix */
  name: string;
  /** attributes by local name (xml:lang → lang, epd:module → module); namespace declarations left out */
  attrs: Record<string, string>;
  children: XmlEl[];
  text: string;
}

export const XML_LIMITS = { maxDepth: 100, maxElements: 400_000 };

const local = (name: string): string => name.slice(name.indexOf(':') + 1);

export function parseXml(text: string, file: string): XmlEl {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const root: XmlEl = { name: '', attrs: {}, children: [], text: '' };
  const stack: XmlEl[] = [root];
  let count = 0;
  parser.on('doctype', () => {
    throw new EpdRefused(`XML 文件${quoted(file)}含 DOCTYPE 或实体声明，出于安全考虑拒绝读取（EPD 数据集不需要它们）`);
  });
  parser.on('error', (err) => {
    const m = /^(\d+):(\d+): (.*)$/.exec(err.message);
    const where = m ? `第 ${m[1]} 行第 ${m[2]} 列：${m[3]}` : err.message;
    throw new EpdRefused(`XML 文件${quoted(file)}格式不正确，无法读取（${where}）`);
  });
  parser.on('opentag', (tag) => {
    if (++count > XML_LIMITS.maxElements) {
      throw new EpdRefused(`XML 文件${quoted(file)}的元素超过 ${XML_LIMITS.maxElements} 个，拒绝读取`);
    }
    if (stack.length > XML_LIMITS.maxDepth) {
      throw new EpdRefused(`XML 文件${quoted(file)}的元素嵌套超过 ${XML_LIMITS.maxDepth} 层，拒绝读取`);
    }
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(tag.attributes)) {
      if (k !== 'xmlns' && !k.startsWith('xmlns:')) attrs[local(k)] = String(v);
    }
    const el: XmlEl = { name: local(tag.name), attrs, children: [], text: '' };
    stack[stack.length - 1].children.push(el);
    stack.push(el);
  });
  parser.on('text', (t) => {
    if (stack.length > 1) stack[stack.length - 1].text += t;
  });
  parser.on('cdata', (t) => {
    if (stack.length > 1) stack[stack.length - 1].text += t;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(text).close();
  const top = root.children[0];
  if (!top) throw new EpdRefused(`XML 文件${quoted(file)}是空的`);
  return top;
}

/** The first child of that local name. */
export const kid = (el: XmlEl | undefined, name: string): XmlEl | undefined =>
  el?.children.find((c) => c.name === name);

export const kids = (el: XmlEl | undefined, name: string): XmlEl[] =>
  el ? el.children.filter((c) => c.name === name) : [];

/** Down a path of local names, the first child at each step. */
export function at(el: XmlEl | undefined, ...path: string[]): XmlEl | undefined {
  let cur = el;
  for (const name of path) cur = kid(cur, name);
  return cur;
}

/** Every element of that local name below `el`, in document order (iterative: the depth is capped anyway). */
export function descendants(el: XmlEl | undefined, name: string): XmlEl[] {
  const out: XmlEl[] = [];
  const todo = el ? [...el.children].reverse() : [];
  while (todo.length) {
    const cur = todo.pop()!;
    if (cur.name === name) out.push(cur);
    for (let i = cur.children.length - 1; i >= 0; i--) todo.push(cur.children[i]);
  }
  return out;
}

export const textOf = (el: XmlEl | undefined): string | null => el?.text.trim() || null;
