// The pre-flight of a budget file as a workbook, like the BIM report (bim/excel.ts): 汇总, 分类统计, 问题清单
// (every problem, not only the page shown), 待确认问题 (the families over their ceiling per m² of floor area, as
// the page's review card shows them, with the figure and the ceiling in cells of their own), 单位 and 清单 (every
// merged item with the rows it came from).
import { type BudgetReviewProblem, sourcesText } from '../../../schemas/budget';
import { drawWorkbook } from '../excel/draw';
import type { ExportColumn } from '../excel/workbook';
import { CLASS_LABELS, type LineClass } from './classify';
import type { BudgetPreflight } from './preflight';

const text = (key: string, title: string, labels?: Record<string, string>): ExportColumn => ({
  key,
  title,
  kind: 'text',
  labels,
});
const num = (key: string, title: string, decimals = 2): ExportColumn => ({ key, title, kind: 'number', decimals });
const int = (key: string, title: string): ExportColumn => ({ key, title, kind: 'integer' });

const rows = (list: object[]) => list as Record<string, unknown>[];

const CLASSES = Object.keys(CLASS_LABELS) as LineClass[];

/**
 * A 待确认 problem as a row: its family, lines and rows, and from its message (the review's one wording, imports/
 * perArea.ts overCeiling: '… = 58.26 kg/m²，超过铝及铝合金上限 30.00 kg/m²（…') the amount per m², the ceiling and
 * their unit; those cells stay empty for a message worded otherwise — the 说明 column still says it all.
 */
export function reviewRow(p: BudgetReviewProblem): Record<string, unknown> {
  const m = /= ([\d,]+(?:\.\d+)?) ([^\s，]+)，超过[^，]*?上限 ([\d,]+(?:\.\d+)?) \2（/.exec(p.message);
  const figure = (x: string) => Number(x.replace(/,/g, ''));
  return {
    label: p.label,
    names: p.names.map((n) => `「${n}」`).join('、'),
    sources: sourcesText(p.sources),
    perArea: m ? figure(m[1]) : null,
    max: m ? figure(m[3]) : null,
    unit: m ? m[2] : '',
    message: p.message,
  };
}

const REVIEW_COLUMNS = [
  text('label', '类别'),
  text('names', '材料'),
  text('sources', '清单行'),
  num('perArea', '每m²楼面用量'),
  num('max', '上限'),
  text('unit', '单位'),
  text('message', '说明'),
];

/** Written in a pool thread (excel/workbookTask.ts), as a 5 000-line file's list is that many rows. */
export async function budgetPreflightWorkbook(p: BudgetPreflight & { fileName: string }): Promise<Buffer> {
  const perClass = Object.fromEntries(
    CLASSES.flatMap((c) => [
      [`${c}Lines`, p.byClass[c].lines],
      [`${c}Items`, p.byClass[c].items],
    ]),
  );
  const summary: Record<string, unknown> = {
    fileName: p.fileName,
    sheets: p.sheets.join('、'),
    otherSheets: p.otherSheets.join('、'),
    unreadColumns: (p.unreadColumns ?? []).map((u) => `${u.sheet} ${u.column}列「${u.title}」`).join('、'),
    totalLines: p.totalLines,
    withoutQuantity: p.withoutQuantity,
    zeroQuantity: p.zeroQuantity,
    costLines: p.costLines,
    duplicatesMerged: p.duplicatesMerged,
    problems: p.problems.length,
    review: p.review?.length ?? 0,
    ...perClass,
  };
  const summaryColumns = [
    text('fileName', '文件名'),
    text('sheets', '读取的工作表'),
    text('otherSheets', '未读取的工作表'),
    text('unreadColumns', '未能识别的列'),
    int('totalLines', '总行数'),
    int('withoutQuantity', '无数量行'),
    int('zeroQuantity', '数量为0行'),
    int('costLines', '费用行(元)'),
    int('duplicatesMerged', '合并的重复行'),
    int('problems', '有问题的行'),
    int('review', '待确认问题'),
    ...CLASSES.flatMap((c) => [
      int(`${c}Lines`, `${CLASS_LABELS[c]}行数`),
      int(`${c}Items`, `${CLASS_LABELS[c]}合并后条数`),
    ]),
  ];
  const classes = CLASSES.map((c) => ({ cls: c, ...p.byClass[c] }));
  const items = p.items.map((i) => ({ ...i, sources: sourcesText(i.sources) }));
  return drawWorkbook({
    sheets: [
      { kind: 'fields', name: '汇总', columns: summaryColumns, record: summary },
      {
        kind: 'table',
        name: '分类统计',
        columns: [text('cls', '类别', CLASS_LABELS), int('lines', '行数'), int('items', '合并后条数')],
        records: rows(classes),
      },
      {
        kind: 'table',
        name: '问题清单',
        columns: [text('sheet', '工作表'), int('row', '行号'), text('name', '名称'), text('message', '问题')],
        records: rows(p.problems),
      },
      { kind: 'table', name: '待确认问题', columns: REVIEW_COLUMNS, records: (p.review ?? []).map(reviewRow) },
      { kind: 'table', name: '单位', columns: [text('unit', '单位'), int('lines', '行数')], records: rows(p.units) },
      {
        kind: 'table',
        name: '清单',
        columns: [
          text('cls', '类别', CLASS_LABELS),
          text('code', '编码'),
          text('name', '名称'),
          text('spec', '规格型号'),
          text('unit', '单位'),
          num('quantity', '数量', 4),
          text('sources', '来源'),
          text('reason', '分类依据'),
        ],
        records: rows(items),
      },
    ],
  });
}
