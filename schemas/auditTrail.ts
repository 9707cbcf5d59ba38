// A building's change timeline (审计记录): its entries, their changes in words, and the page query. One
// definition for the server (src/server/review/trail.ts) and the client.
import type { FromSchema } from 'json-schema-to-ts';
import type { Person } from './review';

/** One change of a building, its rows or its variants, as its timeline shows it. */
export interface AuditEntry {
  id: number;
  at: string;
  user: Person | null;
  /** what was changed: 'building', a stage's code, 'variant' (the filter's value) */
  area: string;
  /** in words: '单体信息', '建材生产「钢材」', '方案「方案一」' */
  where: string;
  /** seed: the data a building was seeded with, one entry (初始数据) */
  action: 'insert' | 'update' | 'delete' | 'seed';
  /** '新增', '修改', '删除', '批量新增 4,502 行' */
  summary: string;
  /** the fields that changed (an update), or the row's fields (a single insert or delete) */
  changes: { field: string; before: string; after: string }[];
}

/** An entry's changes in words: 'field：before → after' (an update), 'field：value' (a row added or deleted). */
export const changeLines = (e: Pick<AuditEntry, 'action' | 'changes'>): string[] =>
  e.changes.map((c) =>
    e.action === 'update'
      ? `${c.field}：${c.before} → ${c.after}`
      : `${c.field}：${e.action === 'insert' ? c.after : c.before}`,
  );

export interface AuditAnswer {
  entries: AuditEntry[];
  total: number;
  /** the filter's choices: the areas this building's trail has */
  areas: { value: string; label: string }[];
}

export const auditQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    area: { type: 'string', maxLength: 40 },
    pageNo: { type: 'integer', minimum: 1, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
  },
} as const;
export type AuditQuery = FromSchema<typeof auditQuery>;
