// Where the session token lives. "Remember me" (7-day token) → localStorage, shared by tabs and kept across
// browser restarts; otherwise sessionStorage, gone with the browser session.
export const TOKEN_KEY = 'access-token';

export function getToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY) ?? localStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string, remember: boolean): void {
  clearToken();
  (remember ? localStorage : sessionStorage).setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  sessionStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(TOKEN_KEY);
}
