// Reads a manufacturer's EPD — ILCD+EPD XML (with its flow file, or both in a zip), the ILCD+EPD JSON of
// soda4LCA, openEPD, or an EC3 record as JSON or YAML — into one record (schemas/epd.ts), with what the file
// does not give and remarks for the pre-flight. Exactly one EPD per reading; anything that is no EPD is refused
// with a Chinese sentence naming the file.
import YAML from 'yaml';
import type { EpdData, EpdFormat, EpdReading } from '../../../schemas/epd';

export type { EpdReading } from '../../../schemas/epd';
import { fromEc3 } from './ec3';
import { checkUpload, decode, EPD_LIMITS, expand, isZip, kindOf, type Entry } from './files';
import { flowFromJson, processFromJson } from './ilcdJson';
import type { IlcdFlow, IlcdProcess } from './ilcdModel';
import { fromIlcd } from './ilcdModel';
import { flowFromXml, processFromXml } from './ilcdXml';
import { fromOpenEpd } from './openEpd';
import { finish } from './record';
import { EpdRefused, quoted } from './refused';
import { parseXml } from './xml';

export { EpdRefused } from './refused';
export { EPD_LIMITS } from './files';

export interface EpdFile {
  name: string;
  content: Buffer;
}

type Obj = Record<string, unknown>;

type Found =
  | { kind: 'process'; entry: Entry; process: IlcdProcess; format: 'ilcdXml' | 'ilcdJson' }
  | { kind: 'flow'; entry: Entry; flow: IlcdFlow }
  | { kind: 'openEpd' | 'ec3'; entry: Entry; doc: Obj }
  /** a data set an ILCD export carries along (contact, source, unit group …): not needed, not refused */
  | { kind: 'ignored'; entry: Entry; what: string }
  | { kind: 'other'; entry: Entry; why: string };

const NOT_EPD = '应为 ILCD+EPD（XML 或 JSON）、openEPD 或 EC3 的 EPD 文件';
const EPD_FORMAT_NAMES = 'ILCD+EPD、openEPD 或 EC3';

const isObj = (x: unknown): x is Obj => !!x && typeof x === 'object' && !Array.isArray(x);

function parseYaml(text: string, entry: Entry): unknown {
  try {
    return YAML.parse(text, { maxAliasCount: EPD_LIMITS.maxYamlAliases, logLevel: 'silent', uniqueKeys: false });
  } catch (err) {
    if (err instanceof ReferenceError || /alias/i.test((err as Error).message)) {
      throw new EpdRefused(
        `YAML 文件${quoted(entry.name)}使用的别名超过 ${EPD_LIMITS.maxYamlAliases} 个（可能是别名炸弹），拒绝读取`,
      );
    }
    return undefined;
  }
}

/** A parsed JSON or YAML document by its keys. */
function classifyDoc(doc: unknown, entry: Entry): Found {
  if (Array.isArray(doc) && doc.length === 1) doc = doc[0];
  if (!isObj(doc)) return { kind: 'other', entry, why: NOT_EPD };
  if (isObj(doc.processInformation)) {
    const process = processFromJson(doc, entry.name);
    return process.isEpd
      ? { kind: 'process', entry, process, format: 'ilcdJson' }
      : { kind: 'other', entry, why: '它是 ILCD 过程数据集，但不是 EPD（没有按模块声明的结果）' };
  }
  if (isObj(doc.flowInformation)) return { kind: 'flow', entry, flow: flowFromJson(doc, entry.name) };
  if (/openepd/i.test(String(doc.doctype ?? ''))) return { kind: 'openEpd', entry, doc };
  // EC3 writes its A1–A3 GWP as text ('328 kgCO2e') next to a declared unit as text ('1 m3')
  const ec3 =
    typeof doc.gwp === 'string' ||
    typeof doc.gwp === 'number' ||
    (typeof doc.declared_unit === 'string' && (isObj(doc.category) || isObj(doc.manufacturer)));
  if (ec3) return { kind: 'ec3', entry, doc };
  if (isObj(doc.declared_unit) || (isObj(doc.impacts) && doc.declared_unit)) return { kind: 'openEpd', entry, doc };
  return { kind: 'other', entry, why: NOT_EPD };
}

function classify(entry: Entry): Found {
  const text = decode(entry.content);
  const kind = kindOf(text);
  if (kind === 'binary') return { kind: 'other', entry, why: `它不是文本文件；${NOT_EPD}` };
  if (kind === 'xml') {
    const root = parseXml(text, entry.name);
    if (root.name === 'processDataSet') {
      const process = processFromXml(root);
      return process.isEpd
        ? { kind: 'process', entry, process, format: 'ilcdXml' }
        : { kind: 'other', entry, why: '它是 ILCD 过程数据集，但不是 EPD（没有按模块声明的结果）' };
    }
    if (root.name === 'flowDataSet') return { kind: 'flow', entry, flow: flowFromXml(root, entry.name) };
    if (/DataSet$/.test(root.name)) return { kind: 'ignored', entry, what: `ILCD ${root.name}` };
    return { kind: 'other', entry, why: NOT_EPD };
  }
  let doc: unknown;
  try {
    doc = kind === 'json' ? JSON.parse(text) : undefined;
  } catch {
    // YAML's flow style also starts with { or [
  }
  return classifyDoc(doc ?? parseYaml(text, entry), entry);
}

/** A file whose shape breaks a reader (a number where a list belongs …) is refused like any file that is no EPD. */
function classifySafely(entry: Entry): Found {
  try {
    return classify(entry);
  } catch (err) {
    if (err instanceof EpdRefused) throw err;
    throw new EpdRefused(`文件${quoted(entry.name)}无法读取：内容不符合 ${EPD_FORMAT_NAMES} 的格式`);
  }
}

const isEpd = (f: Found): boolean => f.kind === 'process' || f.kind === 'openEpd' || f.kind === 'ec3';

function refuseUnless(found: Found[], files: EpdFile[]): Found {
  const other = found.find((f) => f.kind === 'other' && !f.entry.inZip);
  if (other?.kind === 'other') throw new EpdRefused(`文件${quoted(other.entry.name)}不是 EPD 数据集：${other.why}`);
  const epds = found.filter(isEpd);
  if (epds.length === 1) return epds[0];
  if (epds.length > 1) {
    const names = epds.map((f) => f.entry.name.replace(`${f.entry.upload}/`, '')).slice(0, 5);
    const zip = epds.every((f) => f.entry.inZip && f.entry.upload === epds[0].entry.upload);
    throw new EpdRefused(
      zip
        ? `压缩包${quoted(epds[0].entry.upload)}含 ${epds.length} 个 EPD 过程数据集（${names.join('、')}）：一次只能读取一个 EPD，请分开上传`
        : `收到 ${epds.length} 个 EPD 数据集（${names.join('、')}）：一次只能读取一个 EPD，请分开上传`,
    );
  }
  const flow = found.find((f) => f.kind === 'flow');
  if (flow && !flow.entry.inZip) {
    throw new EpdRefused(
      `文件${quoted(flow.entry.name)}是 ILCD 流数据集，不是 EPD：请同时上传引用它的 EPD 过程数据集（processDataSet）`,
    );
  }
  const zips = files.filter((f) => isZip(f.content)).map((f) => f.name);
  if (zips.length) throw new EpdRefused(`压缩包${quoted(zips.join('、'))}中没有 EPD 数据集：${NOT_EPD}`);
  throw new EpdRefused(`文件${quoted(files.map((f) => f.name).join('、'))}不是 EPD 数据集：${NOT_EPD}`);
}

/** The record's fields from the one EPD found, with the flows found next to it. */
function recordOf(epd: Found, found: Found[], notes: string[]): { data: Partial<EpdData>; format: EpdFormat } {
  if (epd.kind === 'openEpd') return { data: fromOpenEpd(epd.doc, notes), format: 'openEpd' };
  if (epd.kind === 'ec3') return { data: fromEc3(epd.doc, notes), format: 'ec3' };
  if (epd.kind !== 'process') throw new EpdRefused(`文件${quoted(epd.entry.name)}不是 EPD 数据集：${NOT_EPD}`);
  const flows = found.flatMap((f) => (f.kind === 'flow' ? [f.flow] : []));
  const data = fromIlcd(epd.process, flows, notes);
  const refUuid = epd.process.reference?.flow.uuid?.toLowerCase();
  for (const f of found) {
    if (f.kind === 'flow' && !f.entry.inZip && f.flow.uuid?.toLowerCase() !== refUuid) {
      notes.push(`流数据集${quoted(f.entry.name)}不是该 EPD 的参考流（UUID 不符），未使用`);
    }
  }
  return { data, format: epd.format };
}

export function readEpd(files: EpdFile[], options: { today?: string } = {}): EpdReading {
  checkUpload(files);
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const found = expand(files).map(classifySafely);
  const epd = refuseUnless(found, files);
  const notes: string[] = [];
  for (const f of found) {
    if (f.kind === 'ignored' && !f.entry.inZip)
      notes.push(`文件${quoted(f.entry.name)}是 ${f.what}，读取 EPD 不需要，已忽略`);
  }
  let read: { data: Partial<EpdData>; format: EpdFormat };
  try {
    read = recordOf(epd, found, notes);
  } catch (err) {
    if (err instanceof EpdRefused) throw err;
    throw new EpdRefused(`文件${quoted(epd.entry.name)}无法读取：内容不符合 ${EPD_FORMAT_NAMES} 的格式`);
  }
  return finish(
    read.format,
    read.data,
    notes,
    files.map((f) => f.name),
    today,
  );
}
