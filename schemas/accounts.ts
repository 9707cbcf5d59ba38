// The account API's shapes: the request bodies of src/server/accounts/ (validated by the server's ajv
// with Chinese messages, code 2) and the slider challenge the client draws — one definition for both sides.
import { sysUser } from './resources/sysUser';

const u = sysUser.properties;
export const PHONE = {
  type: 'string',
  title: '手机号',
  pattern: '^1[3-9]\\d{9}$',
  'x-messages': { pattern: '请输入正确的手机号' },
} as const;
export const SMS_CODE = { type: 'string', title: '验证码', minLength: 1, maxLength: 10 } as const;
export const B64_PASSWORD = { type: 'string', title: '密码', minLength: 1, maxLength: 1000 } as const;
const SLIDER_TOKEN = { type: 'string', title: '滑块验证', maxLength: 100 } as const;
const REMEMBER = { type: 'boolean', title: '自动登录' } as const;

export const loginBody = {
  type: 'object',
  additionalProperties: false,
  required: ['userName', 'password'],
  properties: {
    userName: { type: 'string', title: '登录账号', minLength: 1, maxLength: 50 },
    password: B64_PASSWORD,
    remember: REMEMBER,
    sliderToken: SLIDER_TOKEN,
  },
} as const;

export const smsLoginBody = {
  type: 'object',
  additionalProperties: false,
  required: ['phone', 'smsCode'],
  properties: { phone: PHONE, smsCode: SMS_CODE, remember: REMEMBER },
} as const;

export const sendSmsQuery = {
  type: 'object',
  properties: { phone: { type: 'string', maxLength: 20 }, purpose: { type: 'string', maxLength: 20 } },
} as const;

export const sendSmsBody = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    phone: { type: 'string', maxLength: 20 },
    purpose: { type: 'string', maxLength: 20 },
    sliderToken: SLIDER_TOKEN,
  },
} as const;

export const registerBody = {
  type: 'object',
  additionalProperties: false,
  required: ['userName', 'password', 'name', 'phone', 'smsCode'],
  properties: {
    userName: u.userName,
    password: B64_PASSWORD,
    name: u.name,
    phone: PHONE,
    smsCode: SMS_CODE,
    companyName: u.companyName,
    userType: u.userType,
  },
} as const;

export const resetBody = {
  type: 'object',
  additionalProperties: false,
  required: ['phone', 'smsCode', 'password'],
  properties: { phone: PHONE, smsCode: SMS_CODE, password: B64_PASSWORD },
} as const;

export const updatePasswordBody = {
  type: 'object',
  additionalProperties: false,
  required: ['oldPassword', 'newPassword'],
  properties: { oldPassword: { ...B64_PASSWORD, title: '原密码' }, newPassword: { ...B64_PASSWORD, title: '新密码' } },
} as const;

export const sliderVerifyBody = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'x', 'duration'],
  properties: {
    id: { type: 'string', title: '验证编号', maxLength: 40 },
    x: { type: 'number', title: '滑块位置', minimum: 0, maximum: 1000 },
    duration: { type: 'number', title: '拖动时间', minimum: 0, maximum: 3_600_000 },
  },
} as const;

/** What an SMS code is for (PUT sendSmsCode ?purpose=): it is only good for that. */
export const SMS_PURPOSES = ['login', 'register', 'reset'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

/** GET /api/sys/v1/sso/slider: the pictures of one challenge; the gap's x stays on the server. */
export interface SliderChallenge {
  id: string;
  width: number;
  height: number;
  /** The piece is size × size. */
  size: number;
  /** Top of the piece in image px. */
  y: number;
  /** data: URLs of PNGs. */
  background: string;
  piece: string;
}
