// The authentication hook of every /api route except the public ones. The token comes from the Access-Token
// header only — never from the query (tokens in URLs end up in logs). On top of a valid
// session: a user who must replace a generated password reaches only the account routes, and an expired trial
// account only reads (routes declared `writes: false`) and manages its own account.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TRIAL_ENDED, trialStatus } from './trial';
import type { Caller } from '../db/caller';
import type { Db } from '../db/database';
import { ApiError, unauthorized } from '../errors';
import type { Settings } from '../settings/settings';
import { findSession, type ActiveSession } from './sessions';

export const MUST_CHANGE_PASSWORD = '请先修改初始密码';

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
    sessionHash?: string;
    /** Set on an account: 'self' route when the caller is restricted: the message if the record is not their own. */
    ownRecordOnly?: string;
  }
  interface FastifyContextConfig {
    /** Route answers without a session (login, registration, SMS codes, the slider). */
    public?: boolean;
    /**
     * Route of the caller's own account: open before the initial password is changed and after a trial ends.
     * 'self': a generic route that is the caller's own account only when the record is theirs (checked by the route).
     */
    account?: boolean | 'self';
    /**
     * Required on every /api route (buildApp refuses to start without it, http/writeFlag.ts): the route, or work
     * it starts such as a job, writes to the database or the disk — whatever its verb (a GET that calculates,
     * copies or exports writes). Such routes are refused while the disk is nearly full and after a trial ends.
     */
    writes?: boolean;
    /** A write an ended trial may still make: its own inbox and feedback (asking for a full account, say). */
    trialAllowed?: boolean;
  }
}

export function readToken(req: FastifyRequest): string | undefined {
  const h = req.headers['access-token'];
  const v = Array.isArray(h) ? h[0] : h;
  return v && v.length <= 200 ? v : undefined;
}

export function authGuard(db: Db, settings: Settings, now: () => number) {
  /** Why the session may only reach its own account, if it may not reach everything. */
  async function restrictionOf(s: ActiveSession, producing: boolean): Promise<string | undefined> {
    if (s.mustChangePassword) return MUST_CHANGE_PASSWORD;
    if (s.isTrial && producing && trialStatus(s.createDate, await settings.int('trial.days'), now()).expired)
      return TRIAL_ENDED;
    return undefined;
  }

  return async function guard(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const config = req.routeOptions.config ?? {};
    if (config.public) return;
    const token = readToken(req);
    if (!token) throw unauthorized();
    const s = await findSession(db, token, { touch: !req.diskLow });
    if (!s) throw unauthorized();
    req.sessionHash = s.tokenHash;
    req.caller = { userId: s.userId, tenantId: s.tenantId, roles: s.roleList, isAdmin: s.roleList.includes('admin') };
    const producing = config.writes === true && config.trialAllowed !== true;
    const restriction = await restrictionOf(s, producing);
    if (!restriction || config.account === true) return;
    if (config.account === 'self') req.ownRecordOnly = restriction;
    else throw new ApiError(403, 0, restriction);
  };
}

/** The caller of an authenticated route (the guard ran). */
export function callerOf(req: FastifyRequest): Caller {
  if (!req.caller) throw unauthorized();
  return req.caller;
}
