// Route validation schemas generated from a resource schema: create/update bodies (the resource's own
// properties plus the system fields, which are accepted and ignored) and the list querystring.
import type { PropertySchema, ResourceSchema } from '../../../schemas/index';
import { filterableFields } from '../../../schemas/index';
import { baseType } from '../db/resourceColumns';

const SYSTEM_PROPS = {
  createDate: { title: '创建时间' },
  updateDate: { title: '更新时间' },
  createBy: { title: '创建人' },
  tenantId: { title: '租户' },
} as const;

function strip(schema: ResourceSchema): Record<string, unknown> {
  // $id is left out so the same schema can be compiled for several routes; resource-level x- keywords are
  // metadata the validator does not need.
  const {
    $id: _id,
    'x-resource': _r,
    'x-rowWarning': _w,
    ...rest
  } = schema as ResourceSchema & Record<string, unknown>;
  void _id;
  void _r;
  void _w;
  return rest;
}

/** Body properties: x-virtual ones (joined names, counts a client may send back) are accepted and ignored. */
function bodyProps(s: ResourceSchema): Record<string, unknown> {
  return Object.fromEntries(Object.entries(s.properties).map(([k, p]) => [k, p['x-virtual'] ? { title: p.title } : p]));
}

const secretProps = (s: ResourceSchema) =>
  Object.entries(s.properties)
    .filter(([, p]) => p['x-secret'])
    .map(([k]) => k);

/** POST body: x-secret properties (passwords) are required on create. */
export function createBodySchema(s: ResourceSchema): object {
  const base = strip(s);
  return {
    ...base,
    required: [...new Set([...(s.required ?? []), ...secretProps(s)])],
    properties: { ...bodyProps(s), ...SYSTEM_PROPS, id: { title: 'ID' } },
  };
}

/** PUT body: the full record with its id; x-secret properties optional (absent = unchanged). */
export function updateBodySchema(s: ResourceSchema): object {
  const base = strip(s);
  return {
    ...base,
    required: [...new Set([...(s.required ?? []), 'id'])],
    properties: { ...bodyProps(s), ...SYSTEM_PROPS, id: { type: 'integer', title: 'ID', minimum: 1 } },
  };
}

function scalarSchema(p: PropertySchema): object {
  const t = baseType(p);
  if (t === 'integer' || t === 'number' || t === 'boolean') return { type: t };
  return { type: 'string', maxLength: 200 };
}

export interface ListQueryShape {
  schema: object;
  /** query key → [field, operator] */
  filters: Record<string, { field: string; op: 'eq' | 'like' | 'gte' | 'lte' | 'mine' }>;
}

export const PAGING_KEYS = ['pageNum', 'pageSize', 'sortField', 'sortOrder'] as const;

/** List querystring: paging, sort and the schema's filters (eq → field, like → field, range → fieldMin/fieldMax). */
export function listQuery(s: ResourceSchema): ListQueryShape {
  const properties: Record<string, object> = {
    pageNum: { type: 'integer', title: '页码', minimum: 1, default: 1 },
    pageSize: { type: 'integer', title: '每页条数', minimum: -1, default: 10 },
    sortField: { type: 'string', title: '排序字段', maxLength: 50 },
    sortOrder: { type: 'string', title: '排序方式', maxLength: 20 },
  };
  const filters: ListQueryShape['filters'] = {};
  for (const [field, op] of Object.entries(filterableFields(s))) {
    const p = s.properties[field];
    if (op === 'range') {
      properties[`${field}Min`] = { type: 'number', title: `${p.title ?? field}最小值` };
      properties[`${field}Max`] = { type: 'number', title: `${p.title ?? field}最大值` };
      filters[`${field}Min`] = { field, op: 'gte' };
      filters[`${field}Max`] = { field, op: 'lte' };
    } else {
      properties[field] = {
        ...(op === 'like' ? { type: 'string', maxLength: 100 } : scalarSchema(p)),
        title: p.title ?? field,
      };
      filters[field] = { field, op };
    }
  }
  // personal rows: ?mine=true narrows the super admin's list (who sees everyone's) to his own
  const personal = s['x-resource'].personal;
  if (personal) {
    properties.mine = { type: 'boolean', title: '仅本人' };
    filters.mine = { field: personal.field, op: 'mine' };
  }
  return { schema: { type: 'object', properties }, filters };
}

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

const projectId = { type: 'integer', title: '项目', minimum: 1, maximum: 2147483647 } as const;

/** A querystring of one building id under the name a route uses for it (projectId, tpf3ProjectId). */
export const projectQuery = <const K extends string>(key: K) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: [key],
    properties: { [key]: projectId } as Record<K, typeof projectId>,
  }) as const;

const idList = {
  type: 'array',
  title: 'ids',
  minItems: 1,
  maxItems: 5000,
  items: { type: 'integer', minimum: 1, maximum: 2147483647 },
} as const;

/**
 * Batch delete: repeated `ids`, or the resource's own name for them (e.g. tpf3ProjectIds); one of them is required
 * (checked by the route).
 */
export function idsQuery(alias: string) {
  return {
    type: 'object',
    additionalProperties: false,
    properties: { ids: idList, [alias]: { ...idList, title: alias } },
  } as const;
}

/**
 * DELETE deleteBatch's query: ?projectId= (a building's stage rows) and the resource's equality filters, each narrowing
 * the clear.
 */
export function deleteBatchQuery(s: ResourceSchema): { schema: object; fields: string[] } {
  const properties: Record<string, object> = { projectId: { type: 'integer', title: '项目', minimum: 1 } };
  for (const [field, op] of Object.entries(filterableFields(s)))
    if (op === 'eq' && field !== 'projectId')
      properties[field] = { ...scalarSchema(s.properties[field]), title: s.properties[field].title ?? field };
  return { schema: { type: 'object', additionalProperties: false, properties }, fields: Object.keys(properties) };
}
