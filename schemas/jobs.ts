// A job as GET /api/sys/v1/job/{id} answers it (the one path all long work takes): the server's rows
// (src/server/jobs/store.ts) and the client's progress bar (src/client/jobs/jobApi.ts) read this one shape, and a long
// route's response schema names it for the answer it gives while its work goes on (`{ job }`).
import type { FromSchema } from 'json-schema-to-ts';
import { nullable } from './answers/common';

export const JOB_KINDS = ['import', 'calculate', 'bim', 'budget', 'report'] as const;
export const JOB_STATES = ['running', 'done', 'failed'] as const;

export const jobSchema = {
  type: 'object',
  description: '后台任务',
  unevaluatedProperties: false,
  required: [
    'id',
    'kind',
    'title',
    'state',
    'done',
    'total',
    'result',
    'message',
    'errors',
    'createDate',
    'updateDate',
  ],
  properties: {
    id: { type: 'integer' },
    kind: { type: 'string', enum: JOB_KINDS },
    /** e.g. '导入 建材生产 — 清单.xlsx' / '计算 A1研发办公楼' */
    title: { type: 'string' },
    state: { type: 'string', enum: JOB_STATES },
    done: { type: 'number', description: '已处理行数' },
    total: { ...nullable('number'), description: '总行数（未知时为 null）' },
    // on done: the data the route would have answered directly ({ count } for an import)
    result: { description: '完成时：接口直接应答的 data' },
    // on failed: the message and field errors the route would have answered
    message: nullable('string'),
    errors: {
      type: ['array', 'null'],
      items: {
        type: 'object',
        unevaluatedProperties: false,
        required: ['field', 'errorMsg'],
        properties: { field: { type: 'string' }, errorMsg: { type: 'string' } },
      },
    },
    createDate: { type: 'string' },
    updateDate: { type: 'string' },
  },
} as const;

/** What a long route answers when its work goes on in the server. */
export const jobAnswer = {
  type: 'object',
  description: '仍在后台处理：轮询 GET /api/sys/v1/job/{id}',
  unevaluatedProperties: false,
  required: ['job'],
  properties: { job: jobSchema },
} as const;

/** The answer of a route whose work may go on as a job: its direct answer, or the job. */
export const orJob = <const A extends object>(answer: A) => ({ anyOf: [answer, jobAnswer] }) as const;

export type Job = FromSchema<typeof jobSchema>;
export type JobKind = Job['kind'];
export type JobState = Job['state'];
export type JobAnswer = FromSchema<typeof jobAnswer>;
