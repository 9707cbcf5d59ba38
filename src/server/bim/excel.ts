// The pre-flight report as a workbook: 汇总 (file, schema, units, counts), 构件分组, 问题清单 (every
// problem, not only the page shown) and 材料 (quantities per IFC material).
import { drawWorkbook } from '../excel/draw';
import type { ExportColumn } from '../excel/workbook';
import type { StoredModel } from './store';

const text = (key: string, title: string): ExportColumn => ({ key, title, kind: 'text' });
const num = (key: string, title: string, decimals = 2): ExportColumn => ({ key, title, kind: 'number', decimals });
const int = (key: string, title: string): ExportColumn => ({ key, title, kind: 'integer' });

const rows = (list: object[]) => list as Record<string, unknown>[];

export const COUNT_TITLES: Record<keyof StoredModel['counts'], string> = {
  elements: '构件总数',
  withoutMaterial: '无材料构件',
  withoutQuantity: '无数量集构件',
  fromGeometry: '由几何计算',
  unknownUnits: '单位无法识别',
  duplicateGlobalIds: 'GlobalId重复',
  materials: '材料种类',
  review: '待确认问题',
};

/** Written in a pool thread (excel/workbookTask.ts): a large model's problem list is tens of thousands of rows. */
export async function preflightWorkbook(m: StoredModel): Promise<Buffer> {
  const floor = m.floorArea
    ? { floorArea: m.floorArea.value, floorBasis: m.floorArea.basis }
    : { floorBasis: '模型中没有空间或楼板面积' };
  const summary: Record<string, unknown> = {
    fileName: m.fileName,
    schema: m.schema,
    length: m.units.length,
    area: m.units.area,
    volume: m.units.volume,
    mass: m.units.mass,
    ...floor,
    ...m.counts,
  };
  return drawWorkbook({
    sheets: [
      {
        kind: 'fields',
        name: '汇总',
        columns: [
          text('fileName', '文件名'),
          text('schema', 'IFC版本'),
          text('length', '长度单位'),
          text('area', '面积单位'),
          text('volume', '体积单位'),
          text('mass', '质量单位'),
          num('floorArea', '楼面面积(m²)'),
          text('floorBasis', '楼面面积依据'),
          ...Object.entries(COUNT_TITLES).map(([k, t]) => int(k, t)),
        ],
        record: summary,
      },
      {
        kind: 'table',
        name: '工程量说明',
        columns: [text('text', '说明'), int('elements', '构件数')],
        records: rows(m.notes),
      },
      {
        kind: 'table',
        name: '构件分组',
        columns: [
          text('storey', '楼层'),
          text('typeTitle', '构件类型'),
          text('ifcType', 'IFC类型'),
          int('count', '数量'),
          num('volume', '体积(m³)', 4),
          num('area', '面积(m²)'),
          num('weight', '质量(kg)'),
        ],
        records: rows(m.groups),
      },
      {
        kind: 'table',
        name: '问题清单',
        columns: [
          text('globalId', 'GlobalId'),
          text('name', '构件名称'),
          text('typeTitle', '构件类型'),
          text('storey', '楼层'),
          text('message', '问题'),
        ],
        records: rows(m.problems),
      },
      {
        kind: 'table',
        name: '材料',
        columns: [
          text('name', 'IFC材料'),
          int('elements', '构件数'),
          num('volume', '体积(m³)', 4),
          num('area', '面积(m²)'),
          num('weight', '质量(kg)'),
          int('fromGeometry', '由几何计算构件数'),
          num('density', '模型密度(t/m³)', 4),
        ],
        records: rows(m.materials),
      },
    ],
  });
}
