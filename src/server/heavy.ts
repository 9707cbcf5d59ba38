// Heavy packages, loaded at their first use instead of at start: together they hold ~170 MB and
// several seconds of loading, and a server that draws no report, reads no workbook and cuts no picture never
// needs them. Each getter loads its package the first time it is called. They are required (all ship CommonJS)
// rather than imported because the functions using them are synchronous; their types come from `import type`.
// web-ifc is not here: only the BIM parse child process (bim/parse/worker.ts) loads it.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** `T` is what require answers: the module's default export for sharp and pdfmake (module.exports = …). */
function onFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}

export const pdfmake = onFirstUse<typeof import('pdfmake').default>('pdfmake');
export const docx = onFirstUse<typeof import('docx')>('docx');
export const exceljs = onFirstUse<typeof import('exceljs')>('exceljs');
export const echarts = onFirstUse<typeof import('echarts')>('echarts');
export const resvg = onFirstUse<typeof import('@resvg/resvg-js')>('@resvg/resvg-js');
export const sharp = onFirstUse<typeof import('sharp').default>('sharp');
// SheetJS reads the budget files (.xls as well as .xlsx): exceljs has no .xls reader
export const sheetjs = onFirstUse<typeof import('@e965/xlsx')>('@e965/xlsx');
export const pinyinPro = onFirstUse<typeof import('pinyin-pro')>('pinyin-pro');
