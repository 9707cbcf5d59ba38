// The factor-version answers (src/server/factors/routes.ts): a factor's versions, a building's superseded factors and
// the recalculation on the current versions — their response schemas, and the types src/server/factors/ builds and
// src/client/factors/ shows.
import type { FromSchema } from 'json-schema-to-ts';
import { orJob } from '../jobs';
import type { FactorRecord } from '../records';
import { nullable, recordAnswer, stringList } from './common';

export type { FactorRecord } from '../records';

export const factorAnswer = recordAnswer('排放因子：tpf3BuildMaterial 的字段与系统字段');

/** GET tpf3BuildMaterial/{id}/versions: every version of the factor's lineage, newest first. */
export const factorVersionsAnswer = { type: 'array', items: factorAnswer } as const;

/** GET factorUpdates/buildings: the buildings the caller may read that use a superseded factor. */
export const outdatedBuildingsAnswer = {
  type: 'array',
  description: '单体建筑 id',
  items: { type: 'integer' },
} as const;

/** One version of a library factor, as the recalculation dialog shows it. */
const factorVersion = {
  type: 'object',
  unevaluatedProperties: false,
  required: ['id', 'name', 'version', 'materialCo', 'coUnit', 'unit', 'density', 'source'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    version: { type: 'integer' },
    materialCo: nullable('number'),
    coUnit: { type: 'string' },
    unit: { type: 'string' },
    density: nullable('number'),
    source: { type: 'string' },
  },
} as const;

/** Where a building uses a factor: the stage, the row property that names it, how many rows. */
const factorUse = {
  type: 'object',
  unevaluatedProperties: false,
  required: ['code', 'title', 'prop', 'rows'],
  properties: {
    code: { type: 'string' },
    title: { type: 'string' },
    prop: { type: 'string' },
    rows: { type: 'integer' },
  },
} as const;

/** A superseded factor: the version the building uses, the lineage's current one (null only if lost), its uses. */
const factorChange = {
  type: 'object',
  unevaluatedProperties: false,
  required: ['old', 'current', 'uses'],
  properties: {
    old: factorVersion,
    current: { ...factorVersion, type: ['object', 'null'] },
    uses: { type: 'array', items: factorUse },
  },
} as const;

/** GET tpf3Project/{id}/factorUpdates. */
export const factorUpdatesAnswer = {
  type: 'object',
  description: '单体使用的已有新版本的因子',
  unevaluatedProperties: false,
  required: ['count', 'factors'],
  properties: { count: { type: 'integer' }, factors: { type: 'array', items: factorChange } },
} as const;

const changeProperties = {
  before: nullable('number'),
  after: nullable('number'),
  diff: { type: 'number', description: 'after − before（缺失按 0 计）' },
} as const;

const change = {
  type: 'object',
  unevaluatedProperties: false,
  required: ['before', 'after', 'diff'],
  properties: changeProperties,
} as const;

/** POST tpf3Project/{id}/recalculate/preview|apply: each stage's stored total before, after, difference (tCO2e). */
export const recalcAnswer = {
  type: 'object',
  description: '按当前因子版本重新计算：各阶段与合计的前后对比 (tCO2e)',
  unevaluatedProperties: false,
  required: ['stages', 'total', 'intensity', 'factors', 'left', 'applied'],
  properties: {
    stages: {
      type: 'array',
      items: {
        type: 'object',
        unevaluatedProperties: false,
        required: ['code', 'title', 'before', 'after', 'diff'],
        properties: { code: { type: 'string' }, title: { type: 'string' }, ...changeProperties },
      },
    },
    total: change,
    intensity: { ...change, description: '碳排放强度 kgCO2e/(m²·a)' },
    factors: { type: 'array', items: factorChange },
    left: { ...stringList, description: '仍用旧版本的使用处及原因' },
    applied: { type: 'boolean' },
  },
} as const;

export const recalcOrJob = orJob(recalcAnswer);

export type FactorVersion = FromSchema<typeof factorVersion>;
export type FactorUse = FromSchema<typeof factorUse>;
export type FactorChange = FromSchema<typeof factorChange>;
export type FactorUpdates = FromSchema<typeof factorUpdatesAnswer>;
export type Change = FromSchema<typeof change>;
export type RecalcAnswer = FromSchema<typeof recalcAnswer>;
/** A factor as a picker holds it: any field of the library's but its id and name may be missing. */
export type Factor = Pick<FactorRecord, 'id' | 'name'> & Partial<FactorRecord>;
