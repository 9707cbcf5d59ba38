// A tenant's rows are listed through (tenant_id, create_date desc, id desc), made with each table (db/migrate.ts);
// the tenant_id index it replaces goes, being its first column. A tenant's current revisions are its buildings but
// those its revisions were made of: the revisions it made are read from an index of their own. How many of a
// tenant's buildings are completed varies from tenant to tenant; without the pair's statistics the planner
// multiplied the two shares, took a tenant's 1 000 completed buildings for 6 and sorted them all for a picker's 20.
import { resources } from '../registry';
import type { Migration } from './core';

export const tenantListMigrations: Migration[] = [
  {
    id: '024_tenant_lists_newest_first',
    sql: resources
      .filter((r) => !r.schema['x-resource'].ownedByProject)
      .map((r) => `drop index if exists "${r.table}_tenant_idx"`)
      .join(';\n'),
  },
  {
    id: '025_tenant_current_buildings',
    sql: `create index if not exists tpf3_project_tenant_revisions on tpf3_project (tenant_id, revision_of) where revision_of is not null;
      create statistics if not exists tpf3_project_tenant_status (mcv) on tenant_id, status from tpf3_project`,
  },
];
