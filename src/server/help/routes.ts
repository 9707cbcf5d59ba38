// GET /api/sys/v1/help/manual — the user manual (用户手册) for any logged-in user: the PDF (drawn once per process,
// manual.ts) is kept through putFile and the answer is its short-lived download link ok('/upload/<id>?token=…',
// '下载成功'); the session token never appears in a URL. Without a session the auth guard answers 401.
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../auth/guard';
import type { Db } from '../db/database';
import { ok } from '../envelope';
import { ApiError } from '../errors';
import { putFile } from '../files/store';
import { MANUAL_TITLE, MANUAL_VERSION, manualPdf } from './manual';

export const MANUAL_ROUTE = '/api/sys/v1/help/manual';

export const HELP_MESSAGES = {
  downloaded: '下载成功',
  failed: '用户手册生成失败，请稍后再试',
} as const;

export const MANUAL_FILE_NAME = `${MANUAL_TITLE.replace(/\s+/g, '')}${MANUAL_VERSION}.pdf`;

export function helpRoutes(app: FastifyInstance, db: Db): void {
  app.get(MANUAL_ROUTE, { config: { writes: true, trialAllowed: true } }, async (req) => {
    const caller = callerOf(req);
    let content: Buffer;
    try {
      content = await manualPdf();
    } catch (err) {
      req.log.error({ err }, 'user manual rendering failed');
      throw new ApiError(500, 0, HELP_MESSAGES.failed);
    }
    const url = await putFile(db, caller, { fileName: MANUAL_FILE_NAME, mime: 'application/pdf', content });
    return ok(url, HELP_MESSAGES.downloaded);
  });
}
