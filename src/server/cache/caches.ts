// The caches of one database (keyed by the Db object, so two apps in one process — tests — never share values):
//   dict    系统字典 — dictionary items by code (dropdowns, labels of exports and imports)
//   factor  因子库   — factor-library rows by id (copied into every saved stage row)
// Writes of sys_dict and of the factor library clear them (hooks.ts).
import type { DictItem } from '../../../schemas/resources/sysDict';
import type { Db } from '../db/database';
import type { Row } from '../db/record';
import { MemoryCache } from './memoryCache';

export class DbCaches {
  readonly dict: MemoryCache<DictItem[]>;
  readonly factor: MemoryCache<Row>;

  constructor(db: Db) {
    this.dict = new MemoryCache(db, 'dict');
    this.factor = new MemoryCache(db, 'factor');
  }
}

const byDb = new WeakMap<Db, DbCaches>();

export function cachesOf(db: Db): DbCaches {
  let c = byDb.get(db);
  if (!c) {
    c = new DbCaches(db);
    byDb.set(db, c);
  }
  return c;
}
