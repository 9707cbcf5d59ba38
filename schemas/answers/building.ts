// The building routes' answers (src/server/buildings/routes.ts; the status and method routes of stages/ answer one
// too): their response schemas, and the types both sides read, a building's fields typed from tpf3Project.
import type { FromSchema } from 'json-schema-to-ts';
import type { BuildingRecord } from '../records';
import { numberMap, recordAnswer } from './common';

export type { BuildingRecord } from '../records';

export const buildingAnswer = recordAnswer('单体建筑：tpf3Project 的字段、系统字段与所属项目名称等');

export const buildingsAnswer = { type: 'array', items: buildingAnswer } as const;

export const buildingListAnswer = {
  type: 'object',
  unevaluatedProperties: false,
  description: '一页单体建筑与筛选后的总数',
  required: ['dataList', 'total'],
  properties: {
    dataList: buildingsAnswer,
    total: { type: 'integer' },
    sums: { ...numberMap, description: '合计列之和' },
  },
} as const;

/** GET tpf3ProjectV/getProjectComputeMethod: a module's life-cycle stages and its standards' choices. */
export const computeMethodAnswer = {
  type: 'object',
  unevaluatedProperties: false,
  description: '计算方式的生命周期阶段与各计算标准可选的项目阶段和计算阶段',
  required: ['computeMethod', 'name', 'stages', 'standards'],
  properties: {
    computeMethod: { type: 'string' },
    name: { type: 'string' },
    stages: {
      type: 'array',
      items: {
        type: 'object',
        unevaluatedProperties: false,
        required: ['code', 'title', 'enabled'],
        properties: { code: { type: 'string' }, title: { type: 'string' }, enabled: { type: 'boolean' } },
      },
    },
    standards: {
      type: 'array',
      items: {
        type: 'object',
        unevaluatedProperties: false,
        required: ['code', 'name', 'stages', 'menus'],
        properties: {
          code: { type: 'string' },
          name: { type: 'string' },
          stages: {
            type: 'array',
            items: {
              type: 'object',
              unevaluatedProperties: false,
              required: ['name', 'disabled'],
              properties: { name: { type: 'string' }, disabled: { type: 'boolean' } },
            },
          },
          menus: {
            type: 'array',
            items: {
              type: 'object',
              unevaluatedProperties: false,
              required: ['code', 'title', 'disabled'],
              properties: { code: { type: 'string' }, title: { type: 'string' }, disabled: { type: 'boolean' } },
            },
          },
        },
      },
    },
  },
} as const;

/** A page of buildings, each typed from its schema. */
export type BuildingList = Omit<FromSchema<typeof buildingListAnswer>, 'dataList'> & { dataList: BuildingRecord[] };
export type ComputeMethodAnswer = FromSchema<typeof computeMethodAnswer>;
