// Dictionary items (sys_dict) as every layer reads them — the dictionary routes, the Excel templates and imports, the
// reports — through the dict cache (cleared on every sysDict write).
import type { PropertySchema } from '../../../schemas/index';
import type { DictItem } from '../../../schemas/resources/sysDict';
import type { Db } from '../db/database';
import { cachesOf } from './caches';

/** A dictionary's items through the dict cache (cleared on every sysDict write, src/server/cache/). */
export async function dictItems(db: Db, dictCode: string): Promise<DictItem[] | undefined> {
  return cachesOf(db).dict.get(dictCode, async () => {
    const row = (await db
      .selectFrom('sys_dict')
      .select('items')
      .where('dict_code', '=', dictCode)
      .executeTakeFirst()) as { items: DictItem[] | null } | undefined;
    return row ? (row.items ?? []) : undefined;
  });
}

export function flattenDict(items: DictItem[], out: Record<string, string> = {}): Record<string, string> {
  for (const it of items) {
    out[it.value] = it.label;
    if (it.children?.length) flattenDict(it.children, out);
  }
  return out;
}

/**
 * The words of a property's stored codes, wherever a value is shown (变更记录, exports): its dictionary's labels, else
 * its schema's x-enumLabels. Undefined when its values are words already.
 */
export async function valueLabels(db: Db, p: PropertySchema): Promise<Record<string, string> | undefined> {
  const items = p['x-dict'] ? await dictItems(db, p['x-dict']) : undefined;
  if (items) return flattenDict(items, { ...p['x-enumLabels'] });
  return p['x-enumLabels'] && { ...p['x-enumLabels'] };
}
