// Who the database works for (the audit trail, db/audit.ts): each request runs in an async context holding its
// user (set once the session is known, auth/guard.ts), which jobs it starts inherit. Before a statement that may
// write, the connection is given that user in the session setting tansuan.actor, when it differs from what the
// connection holds already — so an audit trigger knows who wrote, whatever route, job or import did the writing.
import { AsyncLocalStorage } from 'node:async_hooks';
import { CompiledQuery, type DatabaseConnection, type Dialect, type Driver } from 'kysely';
import { ACTOR_SETTING } from './audit';

interface Actor {
  userId: number | null;
}

const actors = new AsyncLocalStorage<Actor>();

/** Runs `next` (the rest of a request) in a context of its own, its user not yet known. */
export const withActorContext = (next: () => void): void => actors.run({ userId: null }, next);

/** The request's user, once its session is known. */
export function setActor(userId: number | null): void {
  const actor = actors.getStore();
  if (actor) actor.userId = userId;
}

/** Runs `work` as `userId` (work outside a request: a scheduled job, a test). */
export const asActor = <T>(userId: number | null, work: () => T): T => actors.run({ userId }, work);

const current = () => String(actors.getStore()?.userId ?? '');

/** The dialect with a driver whose connections carry the current user into tansuan.actor. */
export function withActor(dialect: Dialect): Dialect {
  return new Proxy(dialect, {
    get(target, key, receiver) {
      if (key !== 'createDriver') return Reflect.get(target, key, receiver);
      return () => actorDriver(target.createDriver());
    },
  });
}

/**
 * Whether a statement may write, and so fire an audit trigger that reads tansuan.actor. Reads — most statements — go
 * without the setting (over a real network each set_config is a round trip). A word match errs towards writing: a
 * read that names such a word only costs one needless setting.
 */
const mayWrite = (sqlText: string) => /\b(insert|update|delete|merge|copy|do|call|truncate)\b/i.test(sqlText);

function actorDriver(driver: Driver): Driver {
  const held = new WeakMap<DatabaseConnection, string>();
  const carrying = new WeakSet<DatabaseConnection>();
  /** The connection, its statements preceded by the actor's setting where they may write and it holds another. */
  const carry = (conn: DatabaseConnection): DatabaseConnection => {
    if (carrying.has(conn)) return conn;
    const run = conn.executeQuery.bind(conn);
    conn.executeQuery = async (query) => {
      const who = current();
      if (mayWrite(query.sql) && (held.get(conn) ?? '') !== who) {
        await run(CompiledQuery.raw(`select set_config('${ACTOR_SETTING}', $1, false)`, [who]));
        held.set(conn, who);
      }
      return run(query);
    };
    carrying.add(conn);
    return conn;
  };
  return new Proxy(driver, {
    get(target, key, receiver) {
      const v = Reflect.get(target, key, receiver);
      if (typeof v !== 'function') return v;
      if (key === 'acquireConnection') return async () => carry(await target.acquireConnection());
      // a setting made inside a transaction is undone by its rollback (to a savepoint too): the connection then holds
      // what it held before, unknown here, so it is set again before its next write
      if (key === 'rollbackTransaction' || key === 'rollbackToSavepoint')
        return (conn: DatabaseConnection, ...rest: unknown[]) => {
          held.delete(conn);
          return (v as (...a: unknown[]) => unknown).call(target, conn, ...rest);
        };
      return v.bind(target);
    },
  });
}
