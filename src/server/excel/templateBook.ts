// The import template's workbook from its words (importSheet.ts templateSpec): one data sheet per resource (the
// header row only, required titles in red, each header's rules in its note) and the 填写说明 sheet. Pure exceljs
// on plain data, so it runs in the workbook thread (workbookTask.ts) as well as on the main thread (tests).
import type ExcelJS from 'exceljs';
import { newWorkbook, sheetName } from './workbook';

export const GUIDE_SHEET = '填写说明';

/** A template column in words: what importSheet.ts says of an ImportColumn. */
export interface TemplateColumn {
  key: string;
  title: string;
  kind: 'text' | 'number' | 'integer';
  required: boolean;
  /** 文本, 数字 or 整数 */
  type: string;
  /** the allowed values' labels, joined ('' when any value goes) */
  allowed: string;
  /** lengths, bounds or the referenced records, in words */
  limits: string;
}

export interface TemplateSpec {
  /** each resource's page title (the data sheet's name: imports look for it) and its columns */
  sheets: { title: string; columns: TemplateColumn[] }[];
  /** lines opening the guide (what the workbook is for) */
  intro: string[];
}

/** The template workbook: the data sheets, then one 填写说明 sheet with a section per data sheet. */
export function templateBookOf({ sheets, intro }: TemplateSpec): ExcelJS.Workbook {
  const wb = newWorkbook();
  for (const s of sheets) addDataSheet(wb, s);

  const guide = wb.addWorksheet(GUIDE_SHEET);
  guide.columns = [
    { header: '列标题', key: 'title', width: 24 },
    { header: '是否必填', key: 'required', width: 10 },
    { header: '类型', key: 'type', width: 10 },
    { header: '可选值', key: 'allowed', width: 48 },
    { header: '限制', key: 'limits', width: 32 },
  ];
  guide.getRow(1).font = { bold: true };
  if (intro.length) {
    guide.spliceRows(1, 0, ...intro.map((line) => [line]), []);
    guide.getRow(intro.length + 2).font = { bold: true };
  }
  for (const s of sheets) {
    if (sheets.length > 1)
      guide.addRow([`「${sheetName(s.title)}」工作表`]).font = { bold: true, color: { argb: 'FF1F4E79' } };
    for (const c of s.columns) {
      const row = guide.addRow({
        title: c.title,
        required: c.required ? '是' : '否',
        type: c.type,
        allowed: c.allowed,
        limits: c.limits,
      });
      row.alignment = { wrapText: true, vertical: 'top' };
    }
  }
  guide.addRow([]);
  const where = sheets.map((s) => `「${sheetName(s.title)}」`).join('、');
  for (const line of [
    `请在${where}工作表中填写数据：第一行为列标题，请勿修改；从第二行起每行一条数据。`,
    ...(sheets.length > 1 ? ['每个工作表在对应的计算阶段页面分别导入：导入时读取与该阶段同名的工作表。'] : []),
    '必填列不能为空；选填列可以留空。可选值列可填写名称，也可填写代码。',
    '文件大小不能超过 6M；任意一行有误时整个文件不会导入。',
  ]) {
    guide.addRow([line]);
  }
  return wb;
}

/** A data sheet: the header row only, required titles in red, each header's rules in its note. */
function addDataSheet(wb: ExcelJS.Workbook, { title, columns }: TemplateSpec['sheets'][number]): void {
  const ws = wb.addWorksheet(sheetName(title), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({
    header: c.title,
    key: c.key,
    width: Math.min(40, Math.max(12, c.title.length * 2 + 4)),
    // text columns keep what is typed (codes like 001 stay text)
    style: c.kind === 'text' ? { numFmt: '@' } : {},
  }));
  const header = ws.getRow(1);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', horizontal: 'center' };
  columns.forEach((c, i) => {
    if (c.required) header.getCell(i + 1).font = { bold: true, color: { argb: 'FFC00000' } };
    const note = [c.required ? '必填' : '选填', c.type, c.allowed && `可选值：${c.allowed}`, c.limits]
      .filter(Boolean)
      .join('；');
    header.getCell(i + 1).note = note;
  });
}
