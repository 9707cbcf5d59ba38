// react-admin AuthProvider over /api/sys/v1/sso. 401 logs the user out, 403 does not.
import { clearCurrentBuilding, setCurrentEngineering } from '../session/currentBuilding';
import type { AuthProvider } from 'ra-core';
import { MSG } from '../constants';
import { base64Utf8 } from './base64';
import { loginRedirectUrl } from './loginRedirect';
import { setLoginNotice } from './loginNotice';
import { hasAnyRole, type CurrentUser } from '../session/roles';
import { clientResources } from '../registry';
import { apiFetch, apiUrl } from './httpClient';
import { clearToken, getToken, setToken } from './tokenStorage';

/** Password login (username + password, a sliderToken when the server asked for the slider) or SMS login. */
export interface LoginParams {
  username?: string;
  password?: string;
  phone?: string;
  smsCode?: string;
  remember?: boolean;
  sliderToken?: string;
}

/** react-admin's AuthProvider plus reloadUser(): read currentUser again after an account change. */
export interface AppAuthProvider extends AuthProvider {
  reloadUser(): Promise<CurrentUser>;
}

interface LoginAnswer extends CurrentUser {
  token: string;
}

const READ_ACTIONS = new Set(['list', 'show', 'export', 'read']);

/** Error shape react-admin understands: where to go and what to say (false = say nothing). */
const authError = (message: string | false) => ({ message, redirectTo: loginRedirectUrl() });

export function createAuthProvider(): AppAuthProvider {
  let user: CurrentUser | undefined;
  let pending: Promise<CurrentUser> | undefined;

  const endSession = (notice?: string) => {
    clearToken();
    user = undefined;
    pending = undefined;
    if (notice) setLoginNotice(notice);
  };

  /** The logged-in user, fetched once per page load (spec: "if the user name is not loaded, fetch it"). */
  const loadUser = (): Promise<CurrentUser> => {
    if (user) return Promise.resolve(user);
    pending ??= apiFetch<CurrentUser | null>(apiUrl('sys/v1/sys/sysUser/currentUser'))
      .then((data) => {
        if (!data || typeof data !== 'object' || !data.name) {
          endSession(MSG.checkFailed);
          throw authError(MSG.checkFailed);
        }
        user = data;
        return data;
      })
      .catch((err: { message?: string | false; status?: number; redirectTo?: string }) => {
        if (err && err.redirectTo) throw err;
        const message = err?.status === 401 ? MSG.unauthorized : (err?.message as string) || MSG.checkFailed;
        // only the server's 401 says the session is over: a request cut off on its way (a reload, a lost network) or a
        // server error says nothing of it, and the token stays for the next page
        if (err?.status === 401) endSession(message);
        throw authError(message);
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };

  return {
    async login({ username = '', password = '', phone, smsCode, remember = false, sliderToken }: LoginParams) {
      const answer = phone
        ? await apiFetch<LoginAnswer>(apiUrl('sys/v1/sso/smsLogin'), {
            method: 'POST',
            body: JSON.stringify({ phone: phone.trim(), smsCode, remember }),
          })
        : await apiFetch<LoginAnswer>(apiUrl('sys/v1/sso/login'), {
            method: 'POST',
            body: JSON.stringify({ userName: username.trim(), password: base64Utf8(password), remember, sliderToken }),
          });
      const { token, ...rest } = answer;
      setToken(token, remember);
      user = rest;
    },

    reloadUser() {
      user = undefined;
      pending = undefined;
      return loadUser();
    },

    async logout() {
      if (getToken()) {
        try {
          await apiFetch(apiUrl('sys/v1/sso/logout'));
        } catch {
          // the token may already be invalid: the session ends locally either way
        }
      }
      endSession();
      sessionStorage.clear();
      // the building and project being worked on belong to this user, not to the next one on this browser
      clearCurrentBuilding();
      setCurrentEngineering(undefined);
      // Already on the login page (react-admin calls logout again while its routes catch up with the
      // navigation): stay there, keeping the ?redirect= it was sent with. Elsewhere: /login?redirect=<here>.
      // Returning false tells react-admin not to navigate, so the repeated calls add no history entries.
      if (window.location.pathname === '/login') return false;
      return loginRedirectUrl();
    },

    async checkAuth() {
      if (!getToken()) throw authError(false);
      await loadUser();
    },

    async checkError(error: { status?: number }) {
      if (error?.status === 401) {
        endSession(MSG.unauthorized);
        throw authError(MSG.unauthorized);
      }
      // 403 and everything else: stay logged in, the error is shown where it happened
    },

    async getIdentity() {
      const u = await loadUser();
      return { ...u, id: u.userId, fullName: u.name, avatar: u.avatar ?? undefined };
    },

    async getPermissions() {
      if (!getToken()) return [];
      return (await loadUser()).roleList ?? [];
    },

    async canAccess({ resource, action }) {
      const r = clientResources.find((c) => c.name === resource);
      if (!r) return true;
      const roles = getToken() ? ((await loadUser()).roleList ?? []) : [];
      if (action === 'edit' && r.schema['x-resource'].immutable) return false; // (a sent notice)
      return hasAnyRole(roles, READ_ACTIONS.has(action) ? r.read : r.write);
    },
  };
}
