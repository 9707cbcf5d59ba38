// The stage and calculation answers (src/server/stages/routes.ts): their response schemas, and the types both sides
// read — the records in them typed from their resource schemas.
import type { FromSchema } from 'json-schema-to-ts';
import { orJob } from '../jobs';
import type { BuildingRecord } from '../records';
import { buildingAnswer } from './building';
import { nullable, numberMap, recordAnswer, stringList } from './common';

/** A stage as the batch and calculate routes answer it: its totals and notes, not its rows (there may be 100 000). */
export const stageAnswer = {
  type: 'object',
  unevaluatedProperties: false,
  description: '阶段的计算结果（合计与说明，不含逐行数据）',
  required: ['code', 'total', 'notes', 'warnings', 'quality', 'defaults', 'rowCount'],
  properties: {
    code: { type: 'string' },
    method: { type: 'string', description: '计算方式' },
    total: { type: 'number', description: 'kgCO2e' },
    parts: { ...numberMap, description: '分项合计 kgCO2e' },
    notes: { ...stringList, description: '计算中应用的规则' },
    warnings: { ...stringList, description: '需要注意的提示' },
    quality: { ...numberMap, description: '各数据质量类别的正排放 kgCO2e' },
    defaults: { type: 'integer', description: '填入默认值的行数' },
    rowCount: { type: 'integer', description: '计算的行数' },
  },
} as const;

const stageOrNull = { ...stageAnswer, type: ['object', 'null'] } as const;

const stageRowAnswer = recordAnswer('阶段数据行：该阶段 schema 的字段与系统字段');

/** POST stage/<code>/batch: the rows saved and the building calculated, in one transaction. */
export const batchAnswer = {
  type: 'object',
  unevaluatedProperties: false,
  description: '保存后的本阶段全部数据行、重新计算的单体与本阶段结果',
  required: ['rows', 'result', 'stage', 'saved', 'warnings'],
  properties: {
    rows: { type: 'array', items: stageRowAnswer },
    result: buildingAnswer,
    stage: stageOrNull,
    saved: { type: 'integer', description: '保存的行数' },
    warnings: { ...stringList, description: '各阶段的提示与合理性检查' },
  },
} as const;

/** GET stage/<code>/calculate: the stage and the building result (or the job while it goes on). */
export const calculateAnswer = {
  type: 'object',
  unevaluatedProperties: false,
  description: '重新计算的单体与本阶段结果',
  required: ['stage', 'result', 'warnings'],
  properties: {
    stage: stageOrNull,
    result: buildingAnswer,
    warnings: { ...stringList, description: '各阶段的提示与合理性检查' },
  },
} as const;

export const calculateOrJob = orJob(calculateAnswer);

/** GET stage/data: each wizard stage of the building with its stored total, row count, method and notes. */
export const stageDataAnswer = {
  type: 'object',
  description: '按阶段代码：阶段名称、合计 (tCO2e)、行数、计算方式与说明',
  additionalProperties: {
    type: 'object',
    unevaluatedProperties: false,
    required: ['title', 'total', 'rows', 'method', 'notes'],
    properties: {
      title: { type: 'string' },
      total: { ...nullable('number'), description: 'tCO2e；未计算时为 null' },
      rows: { type: 'integer' },
      method: nullable('string'),
      notes: stringList,
    },
  },
} as const;

/** A stage's row as stored: its schema's fields (known only at run time) and the system fields. */
export type StageRow = FromSchema<typeof stageRowAnswer>;
export type StageAnswer = FromSchema<typeof stageAnswer>;
export type BatchAnswer = Omit<FromSchema<typeof batchAnswer>, 'result'> & { result: BuildingRecord };
export type CalculateAnswer = Omit<FromSchema<typeof calculateAnswer>, 'result'> & { result: BuildingRecord };
export type StageData = FromSchema<typeof stageDataAnswer>;
