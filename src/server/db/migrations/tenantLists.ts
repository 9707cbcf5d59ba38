// A tenant's rows are listed through (tenant_id, create_date desc, id desc), made with each table (db/migrate.ts);
// the tenant_id index it replaces goes, being its first column.
import { resources } from '../../registry';
import type { Migration } from './core';

export const tenantListMigrations: Migration[] = [
  {
    id: '024_tenant_lists_newest_first',
    sql: resources
      .filter((r) => !r.schema['x-resource'].ownedByProject)
      .map((r) => `drop index if exists "${r.table}_tenant_idx"`)
      .join(';\n'),
  },
];
