// Failed logins, counted in the database (counters.ts: survives restarts, shared by replicas) per
// account and per address in a 15-minute window. A login reserves its place in both counts BEFORE the password
// is checked: the reservation answers how many tries came before it, so however many requests run at
// once, at most login.sliderAfterFailures passwords are checked before the slider is demanded. A failure keeps
// its reservation; a success clears the account's count and gives the address's back; a request refused before
// the check gives both back. After login.sliderAfterFailures failures for the account or the address a login
// needs the slider. Limits: an address with IP_LIMIT failures in the window is refused (429,
// password spraying); so is an account with ACCOUNT_LIMIT (a slider solved by a script buys one try each, from
// any number of addresses) — its owner can still log in by SMS code or reset the password.
import type { Executor } from '../db/database';
import type { Settings } from '../settings/settings';
import { clearCounter, hit, release } from './counters';

export const WINDOW_MINUTES = 15;
export const IP_LIMIT = 20;
export const ACCOUNT_LIMIT = 30;
export const TOO_MANY_LOGINS = '登录失败次数过多，请 15 分钟后再试';
export const ACCOUNT_TOO_MANY = '该账号登录失败次数过多，请 15 分钟后再试，或使用短信验证码登录';

export const accountKey = (userName: string) => `user:${userName.toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;

export interface LoginTry {
  /** Tries in the window for the account and the address, this one included. */
  account: number;
  ip: number;
  /** Give the reservation back (the password was not checked). */
  release(): Promise<void>;
  /** The password was right: the account's failures are forgotten, the address's reservation given back. */
  succeeded(): Promise<void>;
}

export async function reserveLoginTry(db: Executor, userName: string, ip: string): Promise<LoginTry> {
  const keys = [accountKey(userName), ipKey(ip)];
  const counts = await hit(db, keys, WINDOW_MINUTES);
  return {
    account: counts[keys[0]],
    ip: counts[keys[1]],
    release: () => release(db, keys),
    succeeded: async () => {
      await clearCounter(db, keys[0]);
      await release(db, [keys[1]]);
    },
  };
}

/** Whether a login needs the slider after these many failures for the account and the address. */
export async function loginNeedsSlider(
  settings: Settings,
  failures: { account: number; ip: number },
): Promise<boolean> {
  if ((await settings.get('login.slider')) === 'off') return false;
  const after = await settings.int('login.sliderAfterFailures');
  return Math.max(failures.account, failures.ip) >= after;
}

export async function clearAccountFailures(db: Executor, userName: string): Promise<void> {
  await clearCounter(db, accountKey(userName));
}
