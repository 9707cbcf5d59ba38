// src/client/account/ owns the account side of the client (docs/accounts.md): the account settings
// page /userinfo (profile, password, avatar), registration /register and password reset /reset-password (public
// pages mounted outside <Admin>), SMS codes and their countdown, the slider check (SliderCaptcha + the one
// helper that repeats a call with a sliderToken), the first-login password dialog and reloading the identity
// after account changes. This file: every account call of the API contract, nothing else.
import type { SliderChallenge, SmsPurpose } from '../../../schemas/accounts';
import { base64Utf8 } from '../providers/base64';
import type { CurrentUser } from '../session/roles';
import { apiFetch, apiUrl } from '../providers/httpClient';

export type { SmsPurpose };

const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

export const getSlider = () => apiFetch<SliderChallenge>(apiUrl('sys/v1/sso/slider'));

export const verifySlider = (id: string, x: number, duration: number) =>
  apiFetch<{ sliderToken: string }>(apiUrl('sys/v1/sso/slider/verify'), json('POST', { id, x, duration }));

export const sendSmsCode = (phone: string, purpose: SmsPurpose, sliderToken?: string) =>
  apiFetch<null>(apiUrl('sys/v1/sso/sendSmsCode', { phone, purpose }), json('PUT', { phone, purpose, sliderToken }));

export interface RegisterValues {
  userName: string;
  password: string;
  name: string;
  phone: string;
  smsCode: string;
  companyName?: string;
  userType?: string;
}

/** No slider token: the SMS code, sent after a solved slider, stands for it (one slider per form). */
export const registerUser = (v: RegisterValues) =>
  apiFetch<{ userName: string }>(
    apiUrl('sys/v1/sso/registerUser'),
    json('POST', { ...v, userName: v.userName.trim(), password: base64Utf8(v.password) }),
  );

export const resetPassword = (phone: string, smsCode: string, password: string) =>
  apiFetch<null>(apiUrl('sys/v1/sso/resetPassword'), json('POST', { phone, smsCode, password: base64Utf8(password) }));

export interface ProfileValues {
  name: string;
  phone: string;
  email: string;
  companyName: string;
  userType: string;
}

export const updateProfile = (id: CurrentUser['userId'], v: ProfileValues) =>
  apiFetch<unknown>(apiUrl('sys/v1/sys/sysUser/'), json('PUT', { id, ...v }));

export const updatePassword = (oldPassword: string, newPassword: string) =>
  apiFetch<null>(
    apiUrl('sys/v1/sys/sysUser/updatePassword'),
    json('PUT', { oldPassword: base64Utf8(oldPassword), newPassword: base64Utf8(newPassword) }),
  );

export const uploadAvatar = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return apiFetch<{ url: string }>(apiUrl('sys/v1/oss/filerecord/folderFile'), { method: 'POST', body: form });
};
