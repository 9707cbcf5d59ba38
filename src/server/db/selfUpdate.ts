// An update of one's own record (x-resource.self, account settings): the fields a user may change on it whatever
// their role, every other field kept as stored.
import type { ResourceSchema } from '../../../schemas/index';
import { ApiError, MESSAGES } from '../errors';
import type { ApiRecord } from './record';

/**
 * The body of an update of one's own record: the allowed fields from the request, every other field as stored. A
 * request that tries to change another field is refused, naming it.
 */
export function selfUpdate(
  schema: ResourceSchema,
  allowed: readonly string[],
  existing: ApiRecord,
  body: Record<string, unknown> & { id: number },
) {
  const errors: { field: string; errorMsg: string }[] = [];
  for (const [k, v] of Object.entries(body)) {
    if (k === 'id' || allowed.includes(k) || !(k in schema.properties) || v === undefined) continue;
    const p = schema.properties[k];
    if (p.writeOnly ? v !== '' && v !== null : JSON.stringify(v ?? null) !== JSON.stringify(existing[k] ?? null)) {
      errors.push({ field: k, errorMsg: `${p.title ?? k}不能在账号设置中修改` });
    }
  }
  if (errors.length) throw new ApiError(403, 2, MESSAGES.forbidden, errors);
  const merged: Record<string, unknown> & { id: number } = { id: existing.id };
  for (const k of Object.keys(schema.properties))
    if (!schema.properties[k].writeOnly) merged[k] = allowed.includes(k) && k in body ? body[k] : existing[k];
  return merged;
}
