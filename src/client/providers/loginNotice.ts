// A message for the login page, set when the session ends without the user asking (401, failed user check) —
// react-admin only toasts checkAuth failures while still logged in, so the login page shows it instead — or
// when a public page sends the user there (注册成功，请登录, 密码已重置，请重新登录: severity 'success').
export type NoticeSeverity = 'error' | 'success';

let notice: { message: string; severity: NoticeSeverity } | undefined;

export function setLoginNotice(message: string, severity: NoticeSeverity = 'error'): void {
  notice = { message, severity };
}

/** The notice and its severity, once. */
export function takeLoginNoticeEntry(): { message: string; severity: NoticeSeverity } | undefined {
  const n = notice;
  notice = undefined;
  return n;
}

export function takeLoginNotice(): string | undefined {
  return takeLoginNoticeEntry()?.message;
}
