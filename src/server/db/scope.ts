// Tenant scoping and role checks, in ONE place. The generic repository asks this module which
// rows a caller may read or write and which tenant a new row belongs to; routes never filter by tenant.
//
// - tenant: rows belong to one tenant; non-super-admins read and write only their own tenant's rows.
// - global: rows without a tenant (roles, tenants, dictionaries, config); access by the read/write roles.
// - shared (factor library): everyone reads the system rows (tenant_id null) plus their own tenant's rows;
//   only the super admin writes system rows; groupAdmin/dataAdmin write their own tenant's rows.
// On top of the tenant scope (x-resource.owner), plain users — no admin, groupAdmin or dataAdmin role — are
// limited to rows they created or collaborate on (buildings), or may read all but change only their own
// (engineering projects). Rows owned by a building (x-resource.ownedByProject) follow that building.
// Personal rows (x-resource.personal: an inbox, one's feedback) belong to one user instead of a tenant.
// A row outside the read scope is "not found" (404), never 403. A shared system row is visible to everyone,
// so writing one without the right is answered 403 (hiding a row the caller can read gains nothing).
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { ResourceMeta, RoleCode } from '../../../schemas/types';
import { forbidden } from '../errors';
import { resourceDef } from './registry';
import { columnName } from './naming';
import type { Caller } from './caller';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Where = (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;

const NOTHING: Where = () => sql<SqlBool>`false`;

export function hasRole(list: readonly RoleCode[], caller: Caller): boolean {
  return caller.isAdmin || list.includes('user') || list.some((r) => caller.roles.includes(r));
}

export function canRead(meta: ResourceMeta, caller: Caller): boolean {
  return hasRole(meta.read, caller);
}

export function canWrite(meta: ResourceMeta, caller: Caller): boolean {
  return hasRole(meta.write, caller);
}

export function assertRead(meta: ResourceMeta, caller: Caller): void {
  if (!canRead(meta, caller)) throw forbidden();
}

export function assertWrite(meta: ResourceMeta, caller: Caller): void {
  if (!canWrite(meta, caller)) throw forbidden();
}

const ownTenant = (caller: Caller): Where =>
  caller.tenantId == null ? NOTHING : (eb) => eb('tenant_id', '=', caller.tenantId);

/** A user without a managing role in the tenant. */
export const isPlainUser = (caller: Caller) =>
  !caller.isAdmin && !caller.roles.some((r) => r === 'groupAdmin' || r === 'dataAdmin');

/** Rows the caller created or, with a collaborators property (ids joined with ';'), is listed in; `read`: or names
 * the caller in one of its readers fields (a building's signers read it). */
function ownRows(meta: ResourceMeta, caller: Caller, read = false): Where {
  const collaborators = meta.owner?.collaborators;
  const readers = read ? (meta.owner?.readers ?? []) : [];
  return (eb) =>
    eb.or([
      eb('create_by', '=', caller.userId),
      ...(collaborators
        ? [
            sql<SqlBool>`(';' || coalesce(${sql.ref(columnName(collaborators))}, '') || ';') like ${`%;${caller.userId};%`}`,
          ]
        : []),
      ...readers.map((f) => eb(columnName(f), '=', caller.userId)),
    ]);
}

function all(...parts: (Where | null)[]): Where {
  const list = parts.filter((p): p is Where => p !== null);
  return list.length === 1 ? list[0] : (eb) => eb.and(list.map((w) => w(eb)));
}

/** project_id among the buildings the caller may read (or write). */
function inProjects(caller: Caller, write: boolean): Where {
  const project = resourceDef('tpf3Project');
  const scope = write ? writeScope(project.meta, caller) : readScope(project.meta, caller);
  return (eb) => {
    let q = eb.selectFrom(project.table).select('id');
    if (scope) q = q.where(scope);
    return eb(columnName('projectId'), 'in', q);
  };
}

/** x-resource.personal: the caller's own rows only (the super admin: all, unless evenAdmin). */
function personalRows(meta: ResourceMeta, caller: Caller): Where | null {
  const p = meta.personal!;
  if (caller.isAdmin && !p.evenAdmin) return null;
  return (eb) => eb(columnName(p.field), '=', caller.userId);
}

/** Rows the caller may see; null = no restriction. */
export function readScope(meta: ResourceMeta, caller: Caller): Where | null {
  if (meta.personal) return personalRows(meta, caller);
  if (caller.isAdmin || meta.scope === 'global') return null;
  if (meta.scope === 'shared') {
    const t = caller.tenantId;
    return t == null
      ? (eb) => eb('tenant_id', 'is', null)
      : (eb) => eb.or([eb('tenant_id', 'is', null), eb('tenant_id', '=', t)]);
  }
  return all(
    ownTenant(caller),
    meta.owner?.rows === 'all' && isPlainUser(caller) ? ownRows(meta, caller, true) : null,
    meta.ownedByProject ? inProjects(caller, false) : null,
  );
}

/** Rows the caller may change or delete (role checks come first); null = no restriction. */
export function writeScope(meta: ResourceMeta, caller: Caller): Where | null {
  if (meta.personal) return personalRows(meta, caller);
  if (caller.isAdmin || meta.scope === 'global') return null;
  return all(
    ownTenant(caller),
    meta.owner && isPlainUser(caller) ? ownRows(meta, caller) : null,
    meta.ownedByProject ? inProjects(caller, true) : null,
  );
}

/**
 * tenant_id of a new row. Client-sent tenantIds are ignored, except that a super admin may place a row of a
 * tenant-scoped or shared resource in a tenant (absent: his own, i.e. none = a system row).
 */
export function tenantForCreate(meta: ResourceMeta, caller: Caller, requested: unknown): number | null {
  if (meta.scope === 'global') return null;
  if (caller.isAdmin) return typeof requested === 'number' && Number.isInteger(requested) ? requested : caller.tenantId;
  if (caller.tenantId == null) throw forbidden();
  return caller.tenantId;
}
