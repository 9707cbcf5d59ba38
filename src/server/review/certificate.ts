// Each tenant's signing certificate, with which its frozen PDFs are signed (pdfSignature.ts). A tenant without one gets
// a self-signed one at its first signature (RSA 2048, CN = the tenant's name, O = 碳算, 10 years); its group admin
// may upload its own PKCS#12 instead. Kept as PKCS#12 under a random (or the uploaded) password in
// tpf3_signing_cert; what is answered about it is its subject, issuer, validity and fingerprint — never the key or
// the password, which leave this file only as the KeyObject the signer uses.
import { generateKeyPair, randomBytes, X509Certificate, createPrivateKey, createHash } from 'node:crypto';
import { promisify } from 'node:util';
import forge from 'node-forge';
import type { CertificateInfo } from '../../../schemas/review';
import type { Executor } from '../db/database';
import { badRequest } from '../errors';
import type { SigningKey } from './pdfSignature';

const TABLE = 'tpf3_signing_cert';

export const CERT_TEXTS = {
  notP12: '上传的文件不是 PKCS#12 证书（.p12 / .pfx），请导出包含私钥的 PKCS#12 文件后再上传',
  badPassword: '证书密码错误，无法打开该 PKCS#12 文件',
  noKey: '该 PKCS#12 文件中没有私钥或与之对应的证书',
  notRsa: '仅支持 RSA 密钥的签章证书',
  expired: '该证书不在有效期内',
  noFile: '请选择 PKCS#12 证书文件（.p12 / .pfx）',
  tooLarge: '证书文件不能超过 1 MB',
  forbidden: '只有本单位的集团管理员可以更换签章证书',
  noTenant: '超级管理员没有所属单位，不能设置签章证书',
  saved: '签章证书已更换',
} as const;

/** A tenant's row key: its id, 0 for buildings of no tenant. */
const keyOf = (tenantId: number | null) => tenantId ?? 0;

interface Opened {
  key: forge.pki.rsa.PrivateKey;
  cert: forge.pki.Certificate;
  chain: forge.pki.Certificate[];
}

/** The key and its certificate out of a PKCS#12; refused in words for anything else. */
function openP12(p12: Buffer, password: string): Opened {
  let parsed: forge.pkcs12.Pkcs12Pfx;
  let asn: forge.asn1.Asn1;
  try {
    asn = forge.asn1.fromDer(p12.toString('binary'));
  } catch {
    throw badRequest(CERT_TEXTS.notP12);
  }
  try {
    parsed = forge.pkcs12.pkcs12FromAsn1(asn, false, password);
  } catch (err) {
    const msg = String((err as Error)?.message ?? err);
    if (/password|MAC could not be verified|Invalid password/i.test(msg)) throw badRequest(CERT_TEXTS.badPassword);
    if (/not RSA|OID is not RSA/i.test(msg)) throw badRequest(CERT_TEXTS.notRsa);
    // a garbled decryption of the key bags is what a wrong password gives when the file has no MAC
    if (/decrypt|pad|Unsupported|Cannot read/i.test(msg) && /PKCS|pkcs|encrypt|key/i.test(msg))
      throw badRequest(CERT_TEXTS.badPassword);
    throw badRequest(CERT_TEXTS.notP12);
  }
  const bags = (type: string) => parsed.getBags({ bagType: type })[type] ?? [];
  const key = [...bags(forge.pki.oids.pkcs8ShroudedKeyBag), ...bags(forge.pki.oids.keyBag)].find((b) => b.key)?.key as
    forge.pki.rsa.PrivateKey | undefined;
  const certs = bags(forge.pki.oids.certBag)
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => !!c);
  if (!key) throw badRequest(CERT_TEXTS.noKey);
  const cert = certs.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return !!pub.n && pub.n.compareTo(key.n) === 0 && pub.e.compareTo(key.e) === 0;
  });
  if (!cert) throw badRequest(CERT_TEXTS.noKey);
  return { key, cert, chain: certs.filter((c) => c !== cert) };
}

const certDer = (c: forge.pki.Certificate) =>
  Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(c)).getBytes(), 'binary');

/** What is shown of a certificate (node:crypto reads its names, UTF-8 included). */
function describe(der: Buffer) {
  const x = new X509Certificate(der);
  return {
    subject: x.subject.replace(/\n/g, ', '),
    issuer: x.issuer.replace(/\n/g, ', '),
    notBefore: new Date(x.validFrom),
    notAfter: new Date(x.validTo),
    sha256: createHash('sha256').update(der).digest('hex'),
  };
}

/** A self-signed signing certificate for `tenantName` as PKCS#12 under a random password. */
async function generate(tenantName: string): Promise<{ p12: Buffer; passphrase: string; der: Buffer }> {
  // the key pair in libuv's pool: a pure-JS RSA key generation would hold the event loop for seconds
  const { privateKey } = await promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(privateKey as unknown as string) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now);
  cert.validity.notAfter.setFullYear(now.getFullYear() + 10);
  const names = [
    { shortName: 'CN', value: tenantName || '碳算', valueTagClass: forge.asn1.Type.UTF8 },
    { shortName: 'O', value: '碳算', valueTagClass: forge.asn1.Type.UTF8 },
  ] as unknown as forge.pki.CertificateField[];
  cert.setSubject(names);
  cert.setIssuer(names);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const passphrase = randomBytes(24).toString('base64url');
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, {
    algorithm: 'aes256',
    friendlyName: tenantName || '碳算',
  });
  return { p12: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'), passphrase, der: certDer(cert) };
}

async function store(
  ex: Executor,
  tenantKey: number,
  row: { p12: Buffer; passphrase: string; der: Buffer; source: 'generated' | 'uploaded'; by: number | null },
  replace: boolean,
): Promise<void> {
  const d = describe(row.der);
  const values = {
    tenant_key: tenantKey,
    p12: row.p12,
    passphrase: row.passphrase,
    source: row.source,
    subject: d.subject,
    issuer: d.issuer,
    not_before: d.notBefore,
    not_after: d.notAfter,
    sha256: d.sha256,
    create_by: row.by,
  };
  await ex
    .insertInto(TABLE)
    .values(values)
    .onConflict((oc) =>
      replace
        ? oc.column('tenant_key').doUpdateSet({ ...values, create_date: new Date() })
        : oc.column('tenant_key').doNothing(),
    )
    .execute();
}

/**
 * The tenant's signing key and certificate, generated at its first use (two first signatures at once: the first stored
 * wins, and both sign with it).
 */
export async function signingKey(ex: Executor, tenantId: number | null): Promise<SigningKey & { sha256: string }> {
  const k = keyOf(tenantId);
  let row = await ex
    .selectFrom(TABLE)
    .select(['p12', 'passphrase', 'sha256'])
    .where('tenant_key', '=', k)
    .executeTakeFirst();
  if (!row) {
    const t = tenantId
      ? await ex.selectFrom('sys_tenant').select('name').where('id', '=', tenantId).executeTakeFirst()
      : undefined;
    await store(ex, k, { ...(await generate(String(t?.name ?? '碳算'))), source: 'generated', by: null }, false);
    row = await ex
      .selectFrom(TABLE)
      .select(['p12', 'passphrase', 'sha256'])
      .where('tenant_key', '=', k)
      .executeTakeFirstOrThrow();
  }
  const opened = openP12(Buffer.from(row.p12 as Uint8Array), String(row.passphrase));
  return {
    key: createPrivateKey(forge.pki.privateKeyToPem(opened.key)),
    certDer: certDer(opened.cert),
    sha256: String(row.sha256),
  };
}

/** The tenant's certificate as shown to its group admin; null before its first signature. */
export async function certificateInfo(ex: Executor, tenantId: number | null): Promise<CertificateInfo | null> {
  const r = await ex
    .selectFrom(TABLE)
    .select(['source', 'subject', 'issuer', 'not_before', 'not_after', 'sha256', 'create_date'])
    .where('tenant_key', '=', keyOf(tenantId))
    .executeTakeFirst();
  const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));
  return r
    ? {
        source: r.source === 'uploaded' ? 'uploaded' : 'generated',
        subject: String(r.subject),
        issuer: String(r.issuer),
        notBefore: iso(r.not_before),
        notAfter: iso(r.not_after),
        sha256: String(r.sha256),
        since: iso(r.create_date),
      }
    : null;
}

/** The tenant's own PKCS#12, checked (it opens with the password, holds an RSA key and its certificate, in date). */
export async function uploadCertificate(
  ex: Executor,
  tenantId: number,
  by: number,
  p12: Buffer,
  password: string,
): Promise<void> {
  const opened = openP12(p12, password);
  const der = certDer(opened.cert);
  const now = Date.now();
  if (opened.cert.validity.notBefore.getTime() > now || opened.cert.validity.notAfter.getTime() < now)
    throw badRequest(CERT_TEXTS.expired);
  await store(ex, keyOf(tenantId), { p12, passphrase: password, der, source: 'uploaded', by }, true);
}
