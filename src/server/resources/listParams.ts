// Turns a validated list querystring into repository ListParams, refusing sort fields and query parameters
// that are not on the schema's allow-lists.
import { sortableFields, type ResourceSchema } from '../../../schemas/index';
import type { ResourceMeta } from '../../../schemas/types';
import { PAGE_SIZE_CAP, type ListFilter, type ListParams } from '../db/repo';
import { badRequest } from '../errors';
import { PAGING_KEYS, type ListQueryShape } from './routeSchemas';

export function parseListParams(
  schema: ResourceSchema,
  meta: ResourceMeta,
  shape: ListQueryShape,
  query: Record<string, unknown>,
): ListParams {
  for (const key of Object.keys(query)) {
    if (!(PAGING_KEYS as readonly string[]).includes(key) && !(key in shape.filters))
      throw badRequest(`不支持的查询参数: ${key}`);
  }
  const pageSize = Number(query.pageSize ?? 10);
  if (pageSize === 0) throw badRequest('每页条数不正确: 0');
  // a larger page would be cut to the cap while the client pages by its own size: refused rather than misread
  if (pageSize > PAGE_SIZE_CAP) throw badRequest(`每页条数不能超过 ${PAGE_SIZE_CAP}`);
  const sortField = (query.sortField as string | undefined) || meta.defaultSort?.field || 'createDate';
  if (!sortableFields(schema).includes(sortField)) throw badRequest(`不支持的排序字段: ${sortField}`);
  const sortOrder =
    (query.sortOrder as string | undefined) || (query.sortField ? 'descend' : (meta.defaultSort?.order ?? 'descend'));
  if (sortOrder !== 'ascend' && sortOrder !== 'descend') throw badRequest(`不支持的排序方式: ${sortOrder}`);
  const filters: ListFilter[] = [];
  for (const [key, f] of Object.entries(shape.filters)) {
    const v = query[key];
    if (v === undefined || v === '') continue;
    filters.push({ field: f.field, op: f.op, value: v });
  }
  return { pageNum: Number(query.pageNum ?? 1), pageSize, sortField, sortOrder, filters };
}
