// Who the database works for (the audit trail, db/audit.ts): each request runs in an async context holding its
// user (set once the session is known, auth/guard.ts), which jobs it starts inherit; every connection handed out
// carries that user in the session setting tansuan.actor, set only when it differs from what the connection
// holds already — so an audit trigger knows who wrote, whatever route, job or import did the writing.
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

function actorDriver(driver: Driver): Driver {
  const held = new WeakMap<DatabaseConnection, string>();
  return new Proxy(driver, {
    get(target, key, receiver) {
      if (key !== 'acquireConnection') {
        const v = Reflect.get(target, key, receiver);
        return typeof v === 'function' ? v.bind(target) : v;
      }
      return async () => {
        const conn = await target.acquireConnection();
        const who = current();
        if ((held.get(conn) ?? '') !== who) {
          try {
            await conn.executeQuery(CompiledQuery.raw(`select set_config('${ACTOR_SETTING}', $1, false)`, [who]));
          } catch (err) {
            await target.releaseConnection(conn);
            throw err;
          }
          held.set(conn, who);
        }
        return conn;
      };
    },
  });
}
