// Items a later version adds to a system list (a value the code itself writes, e.g. the inbox's kinds) reach
// databases seeded before it: appended to the stored dictionary's items when its value is missing; the items
// an administrator edited keep their labels. New dictionaries come whole (seed.ts).
import type { Executor } from '../database';
import { seedDictionaries } from './dictionaries';

/** [dictCode, value] of the items added after a dictionary was first seeded. */
export const ADDED_DICT_ITEMS: [string, string][] = [['notifyKind', 'review']];

type Item = { value: string; label: string };

export async function addDictItems(ex: Executor, added: readonly [string, string][]): Promise<void> {
  for (const [dictCode, value] of added) {
    const stored = await ex
      .selectFrom('sys_dict')
      .select(['id', 'items'])
      .where('dict_code', '=', dictCode)
      .executeTakeFirst();
    if (!stored) continue;
    const items = (typeof stored.items === 'string' ? JSON.parse(stored.items) : (stored.items ?? [])) as Item[];
    if (items.some((i) => i.value === value)) continue;
    const item = (seedDictionaries.find((d) => d.dictCode === dictCode)?.items as Item[] | undefined)?.find(
      (i) => i.value === value,
    );
    if (!item) throw new Error(`ADDED_DICT_ITEMS: ${dictCode}.${value} is not in dictionaries.json`);
    await ex
      .updateTable('sys_dict')
      .set({ items: JSON.stringify([...items, item]) })
      .where('id', '=', stored.id)
      .execute();
  }
}
