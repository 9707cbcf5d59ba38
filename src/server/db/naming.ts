// The one mapping between API names (camelCase) and SQL names (snake_case): resource sysUser → table
// sys_user, property materialCo → column material_co.
export function snake(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

export const tableName = snake;
export const columnName = snake;

/** System columns every resource table carries, API name → column. */
export const SYSTEM_COLUMNS = {
  id: 'id',
  createDate: 'create_date',
  updateDate: 'update_date',
  createBy: 'create_by',
  tenantId: 'tenant_id',
} as const;
