// The authentication preHandler of every /api route except the public ones. The token comes from the
// Access-Token header only — never from the query (tokens in URLs end up in logs, reliability.md §0).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../db/caller';
import type { Db } from '../db/database';
import { unauthorized } from '../errors';
import { findSession } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
    sessionHash?: string;
  }
  interface FastifyContextConfig {
    /** Route answers without a session (login and later public routes). */
    public?: boolean;
  }
}

export function readToken(req: FastifyRequest): string | undefined {
  const h = req.headers['access-token'];
  const v = Array.isArray(h) ? h[0] : h;
  return v && v.length <= 200 ? v : undefined;
}

export function authGuard(db: Db) {
  return async function guard(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
    if (req.routeOptions.config?.public) return;
    const token = readToken(req);
    if (!token) throw unauthorized();
    const s = await findSession(db, token);
    if (!s) throw unauthorized();
    req.sessionHash = s.tokenHash;
    req.caller = { userId: s.userId, tenantId: s.tenantId, roles: s.roleList, isAdmin: s.roleList.includes('admin') };
  };
}

/** The caller of an authenticated route (the guard ran). */
export function callerOf(req: FastifyRequest): Caller {
  if (!req.caller) throw unauthorized();
  return req.caller;
}
