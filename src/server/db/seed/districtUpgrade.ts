// Districts added to the `city` dictionary after a database was seeded (first those of the municipalities and
// SARs, then those of every prefecture-level city: the offline map labels them and names the one a picked point
// falls near) reach that database once per release of them, at start (marker below): a city item of the seed
// that has districts gets them as its children when the stored item has none. Items an administrator edited,
// added or gave children keep what they have.
import type { DictItem } from '../../../../schemas/resources/sysDict';
import type { Tx } from '../database';
import { cityItems } from './dictionaries';

export const DISTRICTS_MARKER = 'seed_v4_city_districts';

export async function upgradeCityDistricts(trx: Tx): Promise<void> {
  if (await trx.selectFrom('schema_migrations').select('id').where('id', '=', DISTRICTS_MARKER).executeTakeFirst())
    return;
  const dict = await trx
    .selectFrom('sys_dict')
    .select(['id', 'items'])
    .where('dict_code', '=', 'city')
    .executeTakeFirst();
  if (dict) {
    const items = (typeof dict.items === 'string' ? JSON.parse(dict.items) : (dict.items ?? [])) as DictItem[];
    const seeded = new Map(
      cityItems()
        .flatMap((p) => p.children ?? [])
        .filter((c) => c.children)
        .map((c) => [c.value, c.children!]),
    );
    let changed = false;
    for (const province of items) {
      for (const city of province.children ?? []) {
        const districts = seeded.get(city.value);
        if (districts && !city.children?.length) {
          city.children = districts;
          changed = true;
        }
      }
    }
    if (changed)
      await trx
        .updateTable('sys_dict')
        .set({ items: JSON.stringify(items) })
        .where('id', '=', dict.id)
        .execute();
  }
  await trx.insertInto('schema_migrations').values({ id: DISTRICTS_MARKER }).execute();
}
