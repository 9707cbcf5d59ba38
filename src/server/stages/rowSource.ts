// Where an imported row's quantity came from, in the words the trace (计算过程) and the row's remark show: a budget
// file's sheets and rows and how the quantity was converted, or a BIM model's materials and elements.
// Read from the row's stored source; a row typed by hand has none.
import { sourcesText } from '../../../schemas/budget';

interface BillSource {
  fileName?: string;
  sources?: { sheet: string; row: number }[];
  /** the conversion to the factor's unit (千块 → m³ by the brick's size …) */
  steps?: string[];
  /** a machine line's 表C.0.1 row */
  machine?: string;
}

interface BimSource {
  fileName?: string;
  ifcMaterials?: string[];
  elements?: number;
}

/** '预算文件 X.xlsx：人材机汇总表 第14行、第26行' (the file and its rows only). */
export function billSourceText(s: BillSource): string {
  return `预算文件 ${s.fileName}：${sourcesText(s.sources ?? [])}`;
}

/** The row's source with its conversion, or null for a row typed by hand. */
export function rowSource(row: Record<string, unknown>): string | null {
  const bill = row.billSource as BillSource | null | undefined;
  if (bill?.fileName) {
    const extra = [
      ...(bill.machine ? [`台班能耗取 ${bill.machine}`] : []),
      ...(bill.steps?.length ? [`换算：${bill.steps.join('；')}`] : []),
    ];
    return [billSourceText(bill), ...extra].join('；');
  }
  const bim = row.bimSource as BimSource | null | undefined;
  if (bim?.fileName)
    return `BIM模型 ${bim.fileName}：${(bim.ifcMaterials ?? []).join('、')}${bim.elements ? `（${bim.elements} 个构件）` : ''}`;
  return null;
}
