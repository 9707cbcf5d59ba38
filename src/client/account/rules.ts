// The account forms' client checks: the same rules and texts as the server's code-2 answers, so a mistake is
// named before the round trip. The server stays the judge.
export const ACCOUNT_MSG = {
  phone: '请输入正确的手机号',
  phoneRequired: '请输入手机号',
  email: '请输入正确的邮箱',
  nameRequired: '请输入姓名',
  userNameRequired: '请输入登录账号',
  passwordRule: '密码至少 8 位，须同时包含字母和数字',
  passwordRequired: '请输入密码',
  oldPasswordRequired: '请输入原密码',
  samePassword: '新密码不能与原密码相同',
  confirmMismatch: '两次输入的密码不一致',
  codeRequired: '请输入验证码',
  avatarTooBig: '头像图片不能超过 2M',
  avatarType: '头像只支持 PNG、JPEG 或 WebP 图片',
  saved: '保存成功！',
  passwordChanged: '密码修改成功',
  avatarSaved: '上传文件成功',
  registered: '注册成功，请登录',
  reset: '密码已重置，请重新登录',
  codeSent: '验证码已发送',
} as const;

export const PHONE_RE = /^1[3-9]\d{9}$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** 用户类型 (sysUser.userType). */
export const USER_TYPES: { value: string; label: string }[] = [
  { value: '1', label: '设计院' },
  { value: '2', label: '施工单位' },
  { value: '3', label: '房地产企业' },
  { value: '4', label: '工程咨询单位' },
  { value: '5', label: '业主' },
];

export type Errors = Record<string, string>;

export const isPhone = (phone: string) => PHONE_RE.test(phone.trim());

/** The phone of a form: required or not, a mainland mobile number when filled. */
export function phoneError(phone: string, required: boolean): string | undefined {
  if (!phone.trim()) return required ? ACCOUNT_MSG.phoneRequired : undefined;
  return isPhone(phone) ? undefined : ACCOUNT_MSG.phone;
}

export const strongPassword = (pw: string) => pw.length >= 8 && /[A-Za-z]/.test(pw) && /\d/.test(pw);

/** New password + its confirmation (+ the old one when changing): the errors by field name. */
export function passwordErrors(
  v: { password: string; confirm: string; oldPassword?: string },
  names: { password: string; confirm: string; oldPassword?: string },
): Errors {
  const e: Errors = {};
  if (names.oldPassword !== undefined && !v.oldPassword) e[names.oldPassword] = ACCOUNT_MSG.oldPasswordRequired;
  if (!v.password) e[names.password] = ACCOUNT_MSG.passwordRequired;
  else if (!strongPassword(v.password)) e[names.password] = ACCOUNT_MSG.passwordRule;
  else if (v.oldPassword !== undefined && v.oldPassword === v.password) e[names.password] = ACCOUNT_MSG.samePassword;
  if (v.confirm !== v.password) e[names.confirm] = ACCOUNT_MSG.confirmMismatch;
  return e;
}

export function profileErrors(v: { name: string; phone: string; email: string }): Errors {
  const e: Errors = {};
  if (!v.name.trim()) e.name = ACCOUNT_MSG.nameRequired;
  const phone = phoneError(v.phone, false);
  if (phone) e.phone = phone;
  if (v.email.trim() && !EMAIL_RE.test(v.email.trim())) e.email = ACCOUNT_MSG.email;
  return e;
}

/** null when the file may be sent as an avatar, else the message. */
export function avatarError(file: File): string | null {
  if (file.type && !AVATAR_TYPES.includes(file.type)) return ACCOUNT_MSG.avatarType;
  if (file.size > AVATAR_MAX_BYTES) return ACCOUNT_MSG.avatarTooBig;
  return null;
}
