// Resource-specific rules the generic repository calls (registered by src/server/resources/hooks/).
import type { ResourceDef } from '../registry';
import type { Caller } from './caller';
import type { Executor, Tx } from './database';
import type { ApiRecord } from './record';
import type { Where } from './scope';

export interface WriteContext {
  trx: Tx;
  caller: Caller;
  def: ResourceDef;
  body: Record<string, unknown>;
  /** The stored record before an update. */
  existing?: ApiRecord;
}

export interface RepoHooks {
  /** Extra read grant for one record (a user reads their own tenant). */
  canReadOne?(caller: Caller, id: number): boolean;
  /** Checks before create/update: throw ApiError (403, code 2 …). */
  validate?(ctx: WriteContext & { op: 'create' | 'update' }): Promise<void>;
  /** Side effects in the same transaction after create/update (credentials, sessions). */
  afterWrite?(ctx: WriteContext & { op: 'create' | 'update'; record: ApiRecord }): Promise<void>;
  /** Before a delete (one, several or a clear): may refuse. */
  beforeDelete?(ctx: { trx: Tx; caller: Caller; ids: number[] }): Promise<void>;
  /** After a delete, in the same transaction (rows that belong to the deleted ones). */
  afterDelete?(ctx: { trx: Tx; caller: Caller; ids: number[] }): Promise<void>;
  /** Read-only figures added to records on every read (x-virtual properties: joined names, counts). */
  decorate?(ctx: { ex: Executor; caller: Caller; records: ApiRecord[] }): Promise<void>;
  /** Rows a clear (deleteBatch) must keep, e.g. the caller's own user row. */
  clearKeep?(caller: Caller): Where | null;
}

const hookRegistry = new Map<string, RepoHooks>();

export function registerHooks(resource: string, hooks: RepoHooks): void {
  hookRegistry.set(resource, hooks);
}

export function hooksOf(resource: string): RepoHooks {
  return hookRegistry.get(resource) ?? {};
}

