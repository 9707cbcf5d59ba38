// A message for the login page, set when the session ends without the user asking (401, failed user check).
// react-admin only toasts checkAuth failures while still logged in, so the login page shows it instead.
let notice: string | undefined;

export function setLoginNotice(message: string): void {
  notice = message;
}

export function takeLoginNotice(): string | undefined {
  const n = notice;
  notice = undefined;
  return n;
}
