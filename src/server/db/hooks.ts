// Resource-specific rules the generic repository calls. Each domain folder registers its own (a module that calls
// registerHooks when imported); src/server/hooks.ts imports them all and says so, and a repository refuses to work
// before it has — db/ never imports a domain folder, and a forgotten import fails loudly instead of skipping rules.
import { ApiError } from '../errors';
import type { ResourceDef } from './registry';
import { breathe } from './breathe';
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

/** The bodies of one write — a create or update (one body), an import or a batch save (many) — checked together. */
export interface SetContext {
  db: Db;
  trx: Tx;
  caller: Caller;
  def: ResourceDef;
  bodies: Record<string, unknown>[];
  op: 'create' | 'update';
  /** An update's stored record (an update is a set of one). */
  existing?: ApiRecord;
}

/** The failing bodies of a set, by index: the error (code 2, its fields) a save of that body alone throws. */
export type SetProblems = Map<number, ApiError>;

export const isFieldErrors = (err: unknown): err is ApiError & { data: unknown[] } =>
  err instanceof ApiError && err.code === 2 && Array.isArray(err.data);

export interface DeleteContext {
  db: Db;
  trx: Tx;
  caller: Caller;
  ids: number[];
}

export interface RepoHooks {
  /** Extra read grant for one record (a user reads their own tenant). */
  canReadOne?(caller: Caller, id: number): boolean;
  /**
   * Checks of every body of a write at once: a rule that reads the database is written here, so a batch of
   * thousands of rows makes one lookup, not one per row. May fill fields of the bodies (the factor copy).
   * Answers the failing bodies' errors; the next rule sees only the bodies this one let through.
   */
  validateSet?(ctx: SetContext): Promise<SetProblems>;
  /** Checks of one body before create/update: throw ApiError (403, code 2 …). Registered as a validateSet that
   *  runs it for each body (in the order the rules were registered). */
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
  /**
   * The rows lists (and an import's lookup by label) offer the caller; one read by id is not limited (current
   * versions).
   */
  listWhere?(caller: Caller): Where;
  /** After validate: the id an update writes to instead of body.id (a versioned resource keeps the stored row
   *  and writes a new version); undefined: the stored row is updated. */
  updateTarget?(ctx: WriteContext): Promise<number | undefined>;
}

const hookRegistry = new Map<string, RepoHooks>();

type SetRule = NonNullable<RepoHooks['validateSet']>;

/** A rule of one body as a rule of a set: each body in turn; a body's field errors are kept, anything else thrown. */
function eachBody(validate: NonNullable<RepoHooks['validate']>): SetRule {
  return async ({ bodies, existing, ...ctx }) => {
    const problems: SetProblems = new Map();
    for (const [i, body] of bodies.entries()) {
      await breathe(i);
      try {
        await validate({ ...ctx, body, existing });
      } catch (err) {
        if (!isFieldErrors(err)) throw err;
        problems.set(i, err);
      }
    }
    return problems;
  };
}

/** Two rules of one resource in order: the second checks the bodies the first let through. */
function bothSets(a: SetRule | undefined, b: SetRule | undefined): SetRule | undefined {
  if (!a || !b) return a ?? b;
  return async (ctx) => {
    const problems = await a(ctx);
    const open = ctx.bodies.flatMap((_, i) => (problems.has(i) ? [] : [i]));
    for (const [k, errors] of await b({ ...ctx, bodies: open.map((i) => ctx.bodies[i]) }))
      problems.set(open[k], errors);
    return problems;
  };
}

type Chained = 'afterWrite' | 'beforeDelete' | 'afterDelete' | 'decorate';
const CHAINED: Chained[] = ['afterWrite', 'beforeDelete', 'afterDelete', 'decorate'];

let registered = false;

/** Called by src/server/hooks.ts once every domain folder's rules are registered. */
export function markHooksRegistered(): void {
  registered = true;
}

export function assertHooksRegistered(): void {
  if (!registered)
    throw new Error('repository used before the domain rules were registered: import src/server/hooks.ts first');
}

/** Adds rules to a resource; several modules may register for one resource: their checks run in order. */
export function registerHooks(resource: string, given: RepoHooks): void {
  const { validate, ...rest } = given;
  const hooks: RepoHooks = { ...rest, validateSet: bothSets(given.validateSet, validate && eachBody(validate)) };
  const before = hookRegistry.get(resource);
  if (!before) {
    hookRegistry.set(resource, hooks);
    return;
  }
  const merged: RepoHooks = {
    ...before,
    ...hooks,
    canReadOne: before.canReadOne ?? hooks.canReadOne,
    clearKeep: before.clearKeep ?? hooks.clearKeep,
  };
  for (const k of CHAINED) {
    const a = before[k] as ((ctx: never) => Promise<void>) | undefined;
    const b = hooks[k] as ((ctx: never) => Promise<void>) | undefined;
    if (a && b)
      (merged as Record<Chained, unknown>)[k] = async (ctx: never) => {
        await a(ctx);
        await b(ctx);
      };
  }
  merged.validateSet = bothSets(before.validateSet, hooks.validateSet);
  hookRegistry.set(resource, merged);
}

export function hooksOf(resource: string): RepoHooks {
  return hookRegistry.get(resource) ?? {};
}
