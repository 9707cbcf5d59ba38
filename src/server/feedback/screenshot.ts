// POST /api/sys/v1/sys/sysFeedback/screenshot — a screenshot for a feedback: PNG, JPEG or WebP, ≤ 2 MB, fit
// within 1920 × 1920 and re-encoded (files/image.ts); kept without an end date, since the administrator reads it
// later. The feedback then names its link (rules.ts checks it is the sender's own upload).
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../auth/guard';
import type { Db } from '../db/database';
import { ok } from '../envelope';
import { readImageUpload, reencodePng, type ImageRules } from '../files/image';
import { putFile } from '../files/store';

export const SCREENSHOT_RULES: ImageRules = {
  maxBytes: 2 * 1024 * 1024,
  missing: '请选择截图图片',
  tooLarge: '截图不能超过 2M',
  badType: '截图只支持 PNG、JPEG 或 WebP 图片',
  unreadable: '截图图片无法读取，请换一张图片',
};

const MAX_SIDE = 1920;

export function feedbackRoutes(app: FastifyInstance, db: Db): void {
  app.post('/api/sys/v1/sys/sysFeedback/screenshot', { config: { writes: true, trialAllowed: true } }, async (req) => {
    const caller = callerOf(req);
    const bytes = await readImageUpload(req, SCREENSHOT_RULES);
    const png = await reencodePng(bytes, SCREENSHOT_RULES, (img) =>
      img.resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true }),
    );
    const url = await putFile(
      db,
      caller,
      { fileName: 'screenshot.png', mime: 'image/png', content: png },
      { permanent: true },
    );
    return ok(url, '上传文件成功');
  });
}
