// What the EPD pages say about a declaration, in words: its declared unit as written, its standard and indicator,
// its A1–A3 with where it came from, its modules in EN 15804 order, and which files the upload takes.
import { EPD_MODULES, type EpdData, type EpdModuleValue } from '../../../../schemas/epd';
import { formatPrecise, shortNumber } from '../../../calc/format';

/** GWP values keep up to 4 decimals (a per-kg declaration's are small), at least 2, as the library's factors. */
export const GWP_DECIMALS = 4;
export const gwpText = (v: number | null | undefined) => formatPrecise(v, GWP_DECIMALS);

/** '1 m3', '1,000 kg': the declared amount and unit as the file gave them. */
export function declaredText(epd: Pick<EpdData, 'declaredAmount' | 'declaredUnit'>): string {
  if (!epd.declaredUnit) return '';
  return epd.declaredAmount == null ? epd.declaredUnit : `${shortNumber(epd.declaredAmount)} ${epd.declaredUnit}`;
}

/** 'EN 15804+A2 的 GWP-total' (+A2 declares GWP-total, +A1 GWP), and the file's own indicator and unit. */
export function standardText(epd: Pick<EpdData, 'standard' | 'indicator' | 'indicatorUnit'>): {
  main: string;
  detail: string;
} {
  const main = epd.standard
    ? `${epd.standard} 的 ${epd.standard === 'EN 15804+A2' ? 'GWP-total' : 'GWP'}`
    : '未按 EN 15804 认定的 GWP';
  const unit = epd.indicatorUnit ? `，单位 ${epd.indicatorUnit}` : '';
  return { main, detail: epd.indicator ? `文件中的指标：${epd.indicator}${unit}` : unit.slice(1) };
}

/** '300.00 kgCO2e / 1 m3（声明值）', or '' when the file gives no A1–A3. */
export function a1a3Text(epd: EpdData): string {
  if (epd.a1a3 == null) return '';
  const per = declaredText(epd);
  const from = epd.a1a3From === 'sum' ? 'A1+A2+A3 相加' : '声明值';
  return `${gwpText(epd.a1a3)} ${epd.indicatorUnit || 'kgCO2e'}${per ? ` / ${per}` : ''}（${from}）`;
}

const order = (m: string) => {
  const at = (EPD_MODULES as readonly string[]).indexOf(m);
  return at < 0 ? EPD_MODULES.length : at;
};

/** The declared values in EN 15804 order (A1–A3 … C4, D); a module's scenarios keep the file's order. */
export const sortedModules = (modules: readonly EpdModuleValue[] | null | undefined): EpdModuleValue[] =>
  [...(modules ?? [])].sort((a, b) => order(a.module) - order(b.module));

/** 'A1-A3' as EN 15804 writes it: A1–A3. */
export const moduleLabel = (m: string) => m.replace('-', '–');

/** The files the upload takes: an ILCD+EPD .xml (with its flow .xml), a .zip, .json, .yaml. */
export const EPD_ACCEPT = '.xml,.zip,.json,.yaml,.yml';
export const EPD_MAX_FILES = 10;
export const EPD_MAX_MB = 20;
export const EPD_LIMIT_TEXT =
  `ILCD+EPD 的 .xml（连同其流数据集 .xml 一起选择）、.zip、.json，或 openEPD / EC3 的 .json、.yaml；` +
  `一次最多 ${EPD_MAX_FILES} 个文件，每个不超过 ${EPD_MAX_MB} MB`;

/** Why these files cannot be sent, or null. */
export function checkEpdFiles(files: readonly File[]): string | null {
  if (!files.length) return '请选择 EPD 文件';
  if (files.length > EPD_MAX_FILES) return `一次最多上传 ${EPD_MAX_FILES} 个文件`;
  const exts = EPD_ACCEPT.split(',');
  const odd = files.find((f) => !exts.some((e) => f.name.toLowerCase().endsWith(e)));
  if (odd) return `文件「${odd.name}」的格式不支持：请选择 .xml、.zip、.json、.yaml 或 .yml 文件`;
  const big = files.find((f) => f.size > EPD_MAX_MB * 1024 * 1024);
  if (big) return `EPD 文件不能超过 ${EPD_MAX_MB} MB：「${big.name}」`;
  return null;
}
