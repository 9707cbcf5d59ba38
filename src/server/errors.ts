// Errors that become envelopes. Thrown anywhere (repo, auth, routes); the app's error handler turns them
// into `{ code, message, data }` with the HTTP status.
import { FORM_INVALID, type FieldError } from '../../schemas/validation';

export const MESSAGES = {
  ok: '操作成功',
  saved: '保存成功！',
  deleted: '删除成功!',
  cleared: '清空数据成功!',
  badRequest: '请求参数不正确',
  unauthorized: '用户登录已失效，请重新登录!',
  forbidden: '没有权限，拒绝访问!',
  notFound: '很抱歉，资源未找到!',
  tooLarge: '上传内容过大, 不能超过 6M!',
  tooMany: '请求过于频繁，请稍后再试',
  server: '服务器错误!',
  diskFull: '服务器存储空间不足',
  dbDown: '数据库连接中断，请稍后重试',
  formInvalid: FORM_INVALID,
} as const;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: 0 | 2,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const badRequest = (message: string = MESSAGES.badRequest) => new ApiError(400, 0, message);
export const unauthorized = () => new ApiError(401, 0, MESSAGES.unauthorized);
export const forbidden = () => new ApiError(403, 0, MESSAGES.forbidden);
export const notFound = () => new ApiError(404, 0, MESSAGES.notFound);
export const tooMany = (message: string = MESSAGES.tooMany) => new ApiError(429, 0, message);
/** code 2: every failing field with its Chinese message. */
export const invalid = (fields: FieldError[], message: string = FORM_INVALID) => new ApiError(400, 2, message, fields);
