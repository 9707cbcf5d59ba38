// Resource-specific rules the generic repository calls (registered by src/server/resources/hooks/).
import type { ResourceDef } from '../registry';
import type { Caller } from './caller';
import type { Db, Executor, Tx } from './database';
import type { ApiRecord } from './record';
import type { Where } from './scope';

export interface WriteContext {
  /** The database the repository works on (per-database state such as caches is keyed by it). */
  db: Db;
  trx: Tx;
  caller: Caller;
  def: ResourceDef;
  body: Record<string, unknown>;
  /** The stored record before an update. */
  existing?: ApiRecord;
}

export interface DeleteContext {
  db: Db;
  trx: Tx;
  caller: Caller;
  ids: number[];
}

export interface RepoHooks {
  /** Extra read grant for one record (a user reads their own tenant). */
  canReadOne?(caller: Caller, id: number): boolean;
  /** Checks before create/update: throw ApiError (403, code 2 …). */
  validate?(ctx: WriteContext & { op: 'create' | 'update' }): Promise<void>;
  /** Side effects in the same transaction after create/update (credentials, sessions). */
  afterWrite?(ctx: WriteContext & { op: 'create' | 'update'; record: ApiRecord }): Promise<void>;
  /** Before a delete (one, several or a clear): may refuse. */
  beforeDelete?(ctx: DeleteContext): Promise<void>;
  /** After a delete, in the same transaction (rows that belong to the deleted ones). */
  afterDelete?(ctx: DeleteContext): Promise<void>;
  /** Read-only figures added to records on every read (x-virtual properties: joined names, counts). */
  decorate?(ctx: { ex: Executor; caller: Caller; records: ApiRecord[] }): Promise<void>;
  /** Rows a clear (deleteBatch) must keep, e.g. the caller's own user row. */
  clearKeep?(caller: Caller): Where | null;
  /** The rows lists (and an import's lookup by label) offer; one read by id is not limited (current versions). */
  listWhere?: Where;
  /** After validate: the id an update writes to instead of body.id (a versioned resource keeps the stored row
   *  and writes a new version); undefined: the stored row is updated. */
  updateTarget?(ctx: WriteContext): Promise<number | undefined>;
}

const hookRegistry = new Map<string, RepoHooks>();

type Chained = 'validate' | 'afterWrite' | 'beforeDelete' | 'afterDelete' | 'decorate';
const CHAINED: Chained[] = ['validate', 'afterWrite', 'beforeDelete', 'afterDelete', 'decorate'];

/** Adds rules to a resource; several modules may register for one resource: their checks run in order. */
export function registerHooks(resource: string, hooks: RepoHooks): void {
  const before = hookRegistry.get(resource);
  if (!before) {
    hookRegistry.set(resource, hooks);
    return;
  }
  const merged: RepoHooks = { ...before, ...hooks, canReadOne: before.canReadOne ?? hooks.canReadOne, clearKeep: before.clearKeep ?? hooks.clearKeep };
  for (const k of CHAINED) {
    const a = before[k] as ((ctx: never) => Promise<void>) | undefined;
    const b = hooks[k] as ((ctx: never) => Promise<void>) | undefined;
    if (a && b) (merged as Record<Chained, unknown>)[k] = async (ctx: never) => {
      await a(ctx);
      await b(ctx);
    };
  }
  hookRegistry.set(resource, merged);
}

export function hooksOf(resource: string): RepoHooks {
  return hookRegistry.get(resource) ?? {};
}

