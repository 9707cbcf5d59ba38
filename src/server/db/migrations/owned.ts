// The indexes of the rows a building owns (the stage rows and its extended data), once they ran to millions: each
// table is read by building, a page at a time in id order, so its (project_id, id) index (made with the table,
// db/migrate.ts) replaces the project_id one, and the tenant index, which no read of these rows needs, goes.
import { resources } from '../registry';
import type { Migration } from './core';

const owned = () => resources.filter((r) => r.schema['x-resource'].ownedByProject).map((r) => r.table);

export const ownedMigrations: Migration[] = [
  {
    id: '023_owned_rows_by_building',
    sql: owned()
      .flatMap((t) => [`drop index if exists "${t}_project_id_idx"`, `drop index if exists "${t}_tenant_idx"`])
      .join(';\n'),
  },
];
