// The machine-readable file of a building's EN 15978 module result (GET tpf3Project/:id/modules/export): a format of
// our own rather than LCAx, whose per-module model has no place for GB/T 51366's module groups (B2–B5, C3–C4) or
// its sink line. tCO2e throughout except the EPD values, which are kgCO2e per declared unit as the EPD states them.
// A change a reader would trip over raises `version`. docs/calculation.md describes every field.
import type { FromSchema } from 'json-schema-to-ts';

export const MODULE_EXPORT_FORMAT = 'tansuan-en15978';
export const MODULE_EXPORT_VERSION = 1;

const figure = { type: ['number', 'null'], description: 'tCO2e；null 表示未计算' } as const;
const text = { type: ['string', 'null'] } as const;

export const moduleExportSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'urn:tansuan:en15978-export:1',
  title: '碳算 EN 15978 模块结果',
  type: 'object',
  additionalProperties: false,
  required: ['format', 'version', 'building', 'calculatedAt', 'resultStale', 'unit', 'modules', 'total', 'd', 'epds'],
  properties: {
    format: { const: MODULE_EXPORT_FORMAT },
    version: { const: MODULE_EXPORT_VERSION },
    building: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'name', 'area', 'designYears', 'standard', 'module'],
      properties: {
        id: { type: 'integer' },
        name: { type: 'string' },
        area: { type: ['number', 'null'], description: '建筑面积，m²' },
        designYears: { type: ['number', 'null'], description: '设计使用年限，a' },
        standard: { type: 'string', description: '计算标准代码，如 GB' },
        module: { type: 'string', description: '计算模块代码（computeMethod），如 budget' },
      },
    },
    calculatedAt: { type: ['string', 'null'], description: '计算时间（ISO 8601）' },
    resultStale: { type: 'boolean', description: '计算后数据已有变更：结果不是当前数据算出的' },
    unit: { const: 'tCO2e' },
    modules: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['module', 'title', 'value', 'note'],
        properties: {
          module: { type: 'string', description: 'EN 15978 模块或模块组，如 A1–A3、B2–B5；碳汇单列' },
          title: { type: 'string' },
          value: figure,
          note: { type: 'string', description: '由哪些 GB/T 51366 阶段构成，或未计算的原因' },
          sink: { const: true, description: '碳汇行：不属于 EN 15978 的模块，按 GB/T 51366 计入合计' },
        },
      },
    },
    total: { type: 'number', description: '碳排放总量（tCO2e），即各模块之和（含碳汇），不含 D' },
    d: {
      type: 'object',
      additionalProperties: false,
      required: ['module', 'title', 'value', 'note', 'notes', 'includedInTotal'],
      properties: {
        module: { const: 'D' },
        title: { type: 'string' },
        value: figure,
        note: { type: 'string' },
        notes: { type: 'array', items: { type: 'string' }, description: '计算 D 所用的 EPD 因子及其 D 值' },
        includedInTotal: { const: false },
      },
    },
    epds: {
      type: 'array',
      description: '单体各阶段所用的 EPD 因子',
      items: {
        type: 'object',
        additionalProperties: false,
        required: [
          'factorId',
          'name',
          'registrationNo',
          'operator',
          'validUntil',
          'expired',
          'declaredAmount',
          'declaredUnit',
          'a1a3',
          'modules',
          'rows',
        ],
        properties: {
          factorId: { type: 'integer' },
          name: { type: 'string' },
          manufacturer: text,
          registrationNo: text,
          operator: text,
          validUntil: { type: ['string', 'null'], description: 'YYYY-MM-DD' },
          expired: { type: 'boolean', description: '导出之日有效期已结束' },
          declaredAmount: { type: ['number', 'null'] },
          declaredUnit: text,
          a1a3: { type: ['number', 'null'], description: 'A1–A3 GWP，kgCO2e / 声明单位数量' },
          modules: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['module', 'value'],
              properties: {
                module: { type: 'string' },
                scenario: text,
                value: { type: 'number', description: 'kgCO2e / 声明单位数量' },
              },
            },
          },
          rows: { type: 'integer', description: '单体中使用该因子的行数' },
        },
      },
    },
  },
} as const;

export type ModuleExport = FromSchema<typeof moduleExportSchema>;
