// Report downloads:
//   GET /api/tpf/v1/tpf/tpf3Project/exportPdf?projectId=&type=pdf|word   → the building's report, PDF or Word
//   GET /api/js/v1/js/tpfJs/exportWord?projectId=&type=PDF               → the accounting report: type=PDF gives
//       the PDF, any other type the Word file (the spec names the route "exportWord" but sends type=PDF).
//   GET /api/tpf/v1/tpf/tpf3Project/getExcelByID?projectID=             → the building's workbook (workbook.ts)
// All answer ok('/upload/<id>?token=…', '导出成功'). The building must be visible to the caller (else 404)
// and completed (status '1'). Trial accounts (authFlag 0) get PDFs watermarked 试用账号 and no Word files.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../auth/guard';
import { findUserById } from '../auth/userInfo';
import type { Caller } from '../db/caller';
import type { Db } from '../db/database';
import { repo } from '../db/repo';
import { ok } from '../envelope';
import { ApiError, badRequest } from '../errors';
import { putFile } from '../files/store';
import { drawReport } from './draw';
import { reportModel } from './model';
import { buildingWorkbookUrl } from './workbook';

export const REPORT_MESSAGES = {
  noId: '获取报告ID失败，请重新选择项目！',
  incomplete: '未完成项目，暂无报告',
  failed: '报告导出异常，请稍后再试！',
  trialWord: '试用账号不能导出Word报告，请联系管理员开通正式账号',
  exported: '导出成功',
} as const;

export const PDF_MIME = 'application/pdf';
export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const query = {
  type: 'object',
  additionalProperties: false,
  properties: { projectId: { type: 'string', maxLength: 20 }, type: { type: 'string', maxLength: 10 } },
} as const;

type Q = { Querystring: { projectId?: string; type?: string } };

function projectIdOf(raw: string | undefined): number {
  const id = /^\d{1,10}$/.test(raw?.trim() ?? '') ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2147483647) throw badRequest(REPORT_MESSAGES.noId);
  return id;
}

function stamp(d = new Date()): string {
  const z = (x: number) => String(x).padStart(2, '0');
  return `${d.getFullYear()}${z(d.getMonth() + 1)}${z(d.getDate())}${z(d.getHours())}${z(d.getMinutes())}${z(d.getSeconds())}`;
}

/** Builds the report file and answers its download URL. */
export async function exportReport(
  db: Db,
  req: FastifyRequest,
  caller: Caller,
  projectId: number,
  format: 'pdf' | 'word',
): Promise<string> {
  const building = await repo(db, 'tpf3Project').get(caller, projectId);
  if (String(building.status) !== '1') throw badRequest(REPORT_MESSAGES.incomplete);
  const user = caller.userId ? await findUserById(db, caller.userId) : undefined;
  const trial = user?.auth_flag === 0;
  if (trial && format === 'word') throw new ApiError(403, 0, REPORT_MESSAGES.trialWord);
  try {
    const model = await reportModel(db, caller, building);
    const base = `${String(building.name ?? '建筑')}碳排放报告_${stamp()}`.replace(/[\\/:*?"<>|]/g, '_');
    // drawn in a pool thread: a 66-page report no longer stalls every other request
    const content = await drawReport({ format, model, trial });
    const [ext, mime] = format === 'pdf' ? ['pdf', PDF_MIME] : ['docx', DOCX_MIME];
    return await putFile(db, caller, { fileName: `${base}.${ext}`, mime, content });
  } catch (err) {
    if (err instanceof ApiError) throw err;
    req.log.error({ err, projectId, format }, 'report export failed');
    throw new ApiError(500, 0, REPORT_MESSAGES.failed);
  }
}

const workbookQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['projectID'],
  properties: { projectID: { type: 'integer', title: '项目', minimum: 1, maximum: 2147483647 } },
} as const;

export function reportRoutes(app: FastifyInstance, db: Db): void {
  app.get<{ Querystring: { projectID: number } }>(
    '/api/tpf/v1/tpf/tpf3Project/getExcelByID',
    { schema: { querystring: workbookQuery }, config: { writes: true } },
    async (req) => {
      return ok(await buildingWorkbookUrl(db, callerOf(req), req.query.projectID), '导出成功');
    },
  );

  app.get<Q>(
    '/api/tpf/v1/tpf/tpf3Project/exportPdf',
    { schema: { querystring: query }, config: { writes: true } },
    async (req) => {
      const caller = callerOf(req);
      const id = projectIdOf(req.query.projectId);
      const format = String(req.query.type ?? 'pdf').toLowerCase() === 'word' ? 'word' : 'pdf';
      return ok(await exportReport(db, req, caller, id, format), REPORT_MESSAGES.exported);
    },
  );

  app.get<Q>(
    '/api/js/v1/js/tpfJs/exportWord',
    { schema: { querystring: query }, config: { writes: true } },
    async (req) => {
      const caller = callerOf(req);
      const id = projectIdOf(req.query.projectId);
      const format = String(req.query.type ?? 'PDF').toUpperCase() === 'PDF' ? 'pdf' : 'word';
      return ok(await exportReport(db, req, caller, id, format), REPORT_MESSAGES.exported);
    },
  );
}
