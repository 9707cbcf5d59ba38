// The fixed part of the OpenAPI document: title and version, the answer envelope, the Access-Token scheme
// and the shared responses every operation points to. The paths are generated (operations.ts).
import { APP_VERSION } from '../../../schemas/product';
import { MESSAGES } from '../errors';

export const SECURITY_SCHEME = 'AccessToken';
export const LOGIN_PATH = '/api/sys/v1/sso/login';

const DESCRIPTION = `碳算（建筑全生命周期碳排放计算，GB/T 51366-2019）的 HTTP 接口。

本文档由服务在运行时根据已注册的路由生成：请求体、查询参数和路径参数的 schema 就是 Fastify 校验请求所用的同一份 JSON Schema，因此文档与代码始终一致。

**应答信封**：除文件下载 \`/upload/{id}\` 外，每个接口都以 JSON \`{ code, message, data }\` 应答：
- \`code: 1\` 成功，\`data\` 为结果（列表为 \`{ dataList, total }\`，导出类接口为下载链接）；
- \`code: 0\` 错误，\`message\` 为中文提示，HTTP 状态为 400、401、403、404、413、429 或 500；
- \`code: 2\` 表单校验失败（HTTP 400），\`data\` 为 \`[{ field, errorMsg }]\`。

**认证**：先调用 \`POST ${LOGIN_PATH}\`（\`password\` 为 UTF-8 密码的 Base64），取应答中的 \`data.token\`；之后每个请求在请求头 \`Access-Token\` 中携带它（令牌只放在请求头里，不放在 URL 中）。登录、注册、短信验证码、滑块、站点页脚和本文档无需令牌，这些接口在文档中不带锁形标记。`;

const envelope = (code: object, data: object = {}) => ({
  type: 'object',
  required: ['code', 'message', 'data'],
  properties: { code, message: { type: 'string', description: '中文提示' }, data },
});

const json = (schemaRef: string, example: object) => ({
  'application/json': { schema: { $ref: `#/components/schemas/${schemaRef}` }, example },
});

export const components = {
  securitySchemes: {
    [SECURITY_SCHEME]: {
      type: 'apiKey',
      in: 'header',
      name: 'Access-Token',
      description: `登录（${LOGIN_PATH} 或短信登录）应答的 data.token。点击 “Authorize” 填入后即可在本页试用接口。`,
    },
  },
  schemas: {
    Envelope: {
      ...envelope(
        { type: 'integer', enum: [0, 1, 2], description: '1 成功，0 错误，2 表单校验失败' },
        { description: '结果；错误时为 null 或补充信息' },
      ),
      description: '统一应答信封 { code, message, data }',
    },
    FieldError: {
      type: 'object',
      required: ['field', 'errorMsg'],
      properties: {
        field: { type: 'string', description: '字段名' },
        errorMsg: { type: 'string', description: '中文错误提示' },
      },
    },
    ValidationEnvelope: {
      ...envelope(
        { type: 'integer', enum: [2] },
        { type: 'array', items: { $ref: '#/components/schemas/FieldError' } },
      ),
      description: '表单校验失败：逐字段的中文提示',
    },
  },
  responses: {
    Ok: {
      description: '成功：code 1，结果在 data 中',
      content: json('Envelope', { code: 1, message: MESSAGES.ok, data: {} }),
    },
    BadRequest: {
      description: '请求不正确：code 0（中文提示）或 code 2（表单校验失败，data 为逐字段错误）',
      content: {
        'application/json': {
          schema: {
            oneOf: [{ $ref: '#/components/schemas/Envelope' }, { $ref: '#/components/schemas/ValidationEnvelope' }],
          },
          example: { code: 2, message: MESSAGES.formInvalid, data: [{ field: 'name', errorMsg: '请输入名称' }] },
        },
      },
    },
    Unauthorized: {
      description: '未登录或登录已失效',
      content: json('Envelope', { code: 0, message: MESSAGES.unauthorized, data: null }),
    },
    Forbidden: {
      description: '没有权限',
      content: json('Envelope', { code: 0, message: MESSAGES.forbidden, data: null }),
    },
    NotFound: {
      description: '资源不存在或不可见',
      content: json('Envelope', { code: 0, message: MESSAGES.notFound, data: null }),
    },
    File: {
      description: '文件内容（content-type 与 content-disposition 为所导出的文件）',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    },
  },
};

export const info = {
  title: '碳算 API',
  version: APP_VERSION,
  description: DESCRIPTION,
};
