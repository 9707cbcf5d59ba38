// The public verify page's routes (no session — a frozen report's QR code leads here):
//   GET  /api/tpf/v1/tpf/verify/:reportNo?c=   the report's number, building, total, intensity, signatures and date,
//                                              and the later revision that replaced it
//   POST /api/tpf/v1/tpf/verify/:reportNo?c=   multipart file: the uploaded PDF's SHA-256 against the stored one, and
//                                              its embedded signature checked (pdfSignature.ts)
// `c` is the report's check code (printed in its QR code). An unknown number, a wrong code and a missing one are the
// same 404 in the same words, so nothing tells which numbers exist; each client address gets a few calls a minute
// (http/rateLimit.ts).
import type { FastifyInstance } from 'fastify';
import { VERIFY_TEXTS, type VerifyCheck } from '../../../schemas/review';
import type { Db } from '../db/database';
import { ok } from '../envelope';
import { ApiError, badRequest } from '../errors';
import { rateLimiter } from '../http/rateLimit';
import { typed } from '../http/typed';
import { readUpload } from '../resources/importRoutes';
import { storedHash, verifyInfo } from './frozenStore';
import { checkEmbedded, EMBEDDED_TEXTS, fileSha256 } from './pdfSignature';

const BASE = '/api/tpf/v1/tpf/verify';
const params = {
  type: 'object',
  required: ['reportNo'],
  properties: { reportNo: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;
// (no length rule on the code: a malformed one is a wrong one, answered as an unknown number)
const querystring = { type: 'object', properties: { c: { type: 'string' } } } as const;
const MB = 1024 * 1024;
const UPLOAD = {
  fileSize: 50 * MB,
  tooLarge: '核验的 PDF 文件不能超过 50 MB',
  noFile: VERIFY_TEXTS.noFile,
  badFile: VERIFY_TEXTS.noFile,
};
/** lookups and file checks per client address per minute */
export const VERIFY_LIMITS = { lookups: 30, checks: 10, windowMs: 60_000 } as const;

const unknown = () => new ApiError(404, 0, VERIFY_TEXTS.unknown);

export function verifyRoutes(app: FastifyInstance, db: Db): void {
  const r = typed(app);
  const lookups = rateLimiter(VERIFY_LIMITS.lookups, VERIFY_LIMITS.windowMs);
  const checks = rateLimiter(VERIFY_LIMITS.checks, VERIFY_LIMITS.windowMs);

  r.get(
    `${BASE}/:reportNo`,
    { schema: { params, querystring }, config: { public: true, writes: false } },
    async (req) => {
      lookups(req.ip);
      const info = await verifyInfo(db, req.params.reportNo, req.query.c);
      if (!info) throw unknown();
      return ok(info);
    },
  );

  r.post(
    `${BASE}/:reportNo`,
    { schema: { params, querystring }, config: { public: true, writes: false } },
    async (req) => {
      checks(req.ip);
      const stored = await storedHash(db, req.params.reportNo, req.query.c);
      if (!stored) throw unknown();
      const upload = await readUpload(req, UPLOAD);
      if (!upload.file?.content.length) throw badRequest(VERIFY_TEXTS.noFile);
      const hash = fileSha256(upload.file.content);
      const match = hash === stored.sha256;
      // a report frozen before reports were signed has no certificate to check a signature against
      const signature = stored.certSha256 ? checkEmbedded(upload.file.content, stored.certSha256) : 'none';
      return ok<VerifyCheck>(
        { match, sha256: hash, signature, signatureText: EMBEDDED_TEXTS[signature] },
        match ? VERIFY_TEXTS.match : VERIFY_TEXTS.mismatch,
      );
    },
  );
}
