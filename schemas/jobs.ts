// A job as GET /api/sys/v1/job/{id} answers it (the one path all long work takes): the server's rows
// (src/server/jobs/store.ts) and the client's progress bar (src/client/jobs/jobApi.ts) read this one shape.
import type { FieldError } from './validation';

export type JobKind = 'import' | 'calculate' | 'bim' | 'budget' | 'report';
export type JobState = 'running' | 'done' | 'failed';

export interface Job {
  id: number;
  kind: JobKind;
  /** e.g. '导入 建材生产 — 清单.xlsx' / '计算 A1研发办公楼' */
  title: string;
  state: JobState;
  /** rows done */
  done: number;
  /** rows in all (null until known) */
  total: number | null;
  /** on done: the data the route would have answered directly ({ count } for an import) */
  result: unknown;
  /** on failed: the message the route would have answered (e.g. '导入数据校验失败') */
  message: string | null;
  /** on failed: the field errors (the data of a code-2 answer) */
  errors: FieldError[] | null;
  createDate: string;
  updateDate: string;
}
