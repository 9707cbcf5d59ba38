// The public verify page's routes (issue 27 §4; no session — a frozen report's QR code leads here):
//   GET  /api/tpf/v1/tpf/verify/:reportNo   the report's number, building, total, intensity, signatures and date
//   POST /api/tpf/v1/tpf/verify/:reportNo   multipart file: the uploaded PDF's SHA-256 against the stored one
// An unknown number is 404 with the same words whatever was asked, so nothing tells which numbers exist; each
// client address gets a few calls a minute (http/rateLimit.ts).
import type { FastifyInstance } from 'fastify';
import { VERIFY_TEXTS, type VerifyCheck } from '../../../schemas/review';
import type { Db } from '../db/database';
import { ok } from '../envelope';
import { ApiError, badRequest } from '../errors';
import { rateLimiter } from '../http/rateLimit';
import { typed } from '../http/typed';
import { readUpload } from '../resources/importRoutes';
import { sha256 } from './frozen';
import { storedHash, verifyInfo } from './frozenStore';

const BASE = '/api/tpf/v1/tpf/verify';
const params = { type: 'object', required: ['reportNo'], properties: { reportNo: { type: 'string', minLength: 1, maxLength: 64 } } } as const;
const MB = 1024 * 1024;
const UPLOAD = { fileSize: 50 * MB, tooLarge: '核验的 PDF 文件不能超过 50 MB', noFile: VERIFY_TEXTS.noFile, badFile: VERIFY_TEXTS.noFile };
/** lookups and file checks per client address per minute */
export const VERIFY_LIMITS = { lookups: 30, checks: 10, windowMs: 60_000 } as const;

const unknown = () => new ApiError(404, 0, VERIFY_TEXTS.unknown);

export function verifyRoutes(app: FastifyInstance, db: Db): void {
  const r = typed(app);
  const lookups = rateLimiter(VERIFY_LIMITS.lookups, VERIFY_LIMITS.windowMs);
  const checks = rateLimiter(VERIFY_LIMITS.checks, VERIFY_LIMITS.windowMs);

  r.get(`${BASE}/:reportNo`, { schema: { params }, config: { public: true, writes: false } }, async (req) => {
    lookups(req.ip);
    const info = await verifyInfo(db, req.params.reportNo);
    if (!info) throw unknown();
    return ok(info);
  });

  r.post(`${BASE}/:reportNo`, { schema: { params }, config: { public: true, writes: false } }, async (req) => {
    checks(req.ip);
    const stored = await storedHash(db, req.params.reportNo);
    if (!stored) throw unknown();
    const upload = await readUpload(req, UPLOAD);
    if (!upload.file?.content.length) throw badRequest(VERIFY_TEXTS.noFile);
    const hash = sha256(upload.file.content);
    const match = hash === stored;
    return ok<VerifyCheck>({ match, sha256: hash }, match ? VERIFY_TEXTS.match : VERIFY_TEXTS.mismatch);
  });
}
