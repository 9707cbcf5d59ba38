// What a signed report is signed with and where its QR code points:
//   GET  review/certificate   the caller's tenant's signing certificate: subject, issuer, validity, SHA-256, generated
//                             or uploaded — never the key or its password — and whether the caller may replace it
//   POST review/certificate   multipart file (.p12 / .pfx) + field password: its group admin's own certificate
//   GET  review/publicUrl     the 全局配置 site.publicUrl (系统公开访问地址) the QR codes use, '' when unset
// and reportOrigin, the address a frozen report's QR code and 核验页面 link carry.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CertificateAnswer } from '../../../schemas/review';
import { callerOf } from '../auth/guard';
import type { Db } from '../db/database';
import { ok } from '../envelope';
import { ApiError, badRequest } from '../errors';
import { originOf } from '../http/origin';
import { typed } from '../http/typed';
import { readUpload } from '../resources/importRoutes';
import type { Settings } from '../settings/settings';
import { CERT_TEXTS, certificateInfo, uploadCertificate } from './certificate';

const BASE = '/api/tpf/v1/tpf/review';
export const PUBLIC_URL_KEY = 'site.publicUrl';

/** The setting as an origin (scheme, host, a path prefix kept), or '' when unset or not an http(s) address. */
export function publicUrlOf(value: string): string {
  const v = value.trim();
  if (!v) return '';
  try {
    const u = new URL(v);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return '';
    return `${u.origin}${u.pathname}`.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

/** Where a frozen report's QR code sends a reader: 系统公开访问地址 when set, else the address of this request. */
export async function reportOrigin(settings: Settings, req: FastifyRequest): Promise<string> {
  return publicUrlOf(await settings.get(PUBLIC_URL_KEY)) || originOf(req);
}

const UPLOAD = {
  fileSize: 1024 * 1024,
  tooLarge: CERT_TEXTS.tooLarge,
  noFile: CERT_TEXTS.noFile,
  badFile: CERT_TEXTS.noFile,
};

export function signedReportRoutes(app: FastifyInstance, db: Db, settings: Settings): void {
  const r = typed(app);

  r.get(`${BASE}/publicUrl`, { config: { writes: false } }, async () =>
    ok({ publicUrl: publicUrlOf(await settings.get(PUBLIC_URL_KEY)) }),
  );

  r.get(`${BASE}/certificate`, { config: { writes: false } }, async (req) => {
    const caller = callerOf(req);
    const answer: CertificateAnswer = {
      certificate: caller.tenantId ? await certificateInfo(db, caller.tenantId) : null,
      canEdit: !!caller.tenantId && caller.roles.includes('groupAdmin'),
    };
    return ok(answer);
  });

  r.post(`${BASE}/certificate`, { config: { writes: true } }, async (req) => {
    const caller = callerOf(req);
    if (!caller.tenantId) throw badRequest(CERT_TEXTS.noTenant);
    if (!caller.roles.includes('groupAdmin')) throw new ApiError(403, 0, CERT_TEXTS.forbidden);
    const upload = await readUpload(req, UPLOAD);
    if (!upload.file?.content.length) throw badRequest(CERT_TEXTS.noFile);
    await uploadCertificate(db, caller.tenantId, caller.userId, upload.file.content, upload.fields.password ?? '');
    const answer: CertificateAnswer = { certificate: await certificateInfo(db, caller.tenantId), canEdit: true };
    return ok(answer, CERT_TEXTS.saved);
  });
}
