// The frozen PDF's embedded signature (PAdES baseline B: SubFilter ETSI.CAdES.detached, a CMS SignedData over the
// file's byte ranges with the signing certificate and its ESS signing-certificate-v2 attribute), so a copy proves
// itself in any PDF reader without this server; and its check for the verify page: the signed ranges cover the whole
// file, their digest is the one signed, the CMS signature verifies with the embedded certificate, and that
// certificate is the one the report was signed with. The CMS is built here (digest and RSA in node:crypto, a few
// milliseconds) rather than with a pure-JS signer that would hash a large PDF on the request thread.
import { createHash, sign as rsaSign, verify as rsaVerify, X509Certificate, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { SignPdf } from '@signpdf/signpdf';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';

const { asn1 } = forge;
const U = asn1.Class.UNIVERSAL;
const T = asn1.Type;
const OID = {
  signedData: '1.2.840.113549.1.7.2',
  data: '1.2.840.113549.1.7.1',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
} as const;

/** A file's SHA-256, hex: what the review and verify pages show and a copy is checked against. */
export const fileSha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Room for the CMS in the PDF (bytes): a certificate chain of a few certificates fits. */
const SIGNATURE_LENGTH = 16384;

/** A signing identity: the private key and its certificate (DER). */
export interface SigningKey {
  key: KeyObject;
  certDer: Buffer;
}

const bin = (b: Buffer) => b.toString('binary');
const oid = (id: string) => asn1.create(U, T.OID, false, asn1.oidToDer(id).getBytes());
const seq = (items: forge.asn1.Asn1[]) => asn1.create(U, T.SEQUENCE, true, items);
const set = (items: forge.asn1.Asn1[]) => asn1.create(U, T.SET, true, items);
const octets = (b: Buffer) => asn1.create(U, T.OCTETSTRING, false, bin(b));
const der = (node: forge.asn1.Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
// (forge's options object, which its typings omit: trailing zeros of the signature's room are not an error)
const fromDer = (b: Buffer) =>
  (asn1.fromDer as unknown as (bytes: forge.util.ByteBuffer, options: object) => forge.asn1.Asn1)(
    forge.util.createBuffer(bin(b)),
    { parseAllBytes: false, strict: false, decodeBitStrings: false },
  );
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest();
const algorithm = (id: string) => seq([oid(id), asn1.create(U, T.NULL, false, '')]);

/** The issuer Name and serial number of a certificate (its CMS signer identifier). */
function issuerAndSerial(certDer: Buffer): forge.asn1.Asn1 {
  const tbs = (fromDer(certDer).value as forge.asn1.Asn1[])[0].value as forge.asn1.Asn1[];
  const off = tbs[0].tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  return seq([tbs[off + 2], tbs[off]]);
}

/** The signed attributes, DER-sorted as a SET OF requires. */
function signedAttributes(digest: Buffer, certDer: Buffer): forge.asn1.Asn1[] {
  const attr = (id: string, value: forge.asn1.Asn1) => seq([oid(id), set([value])]);
  const attrs = [
    attr(OID.contentType, oid(OID.data)),
    attr(OID.messageDigest, octets(digest)),
    // ESS signing-certificate-v2 (SHA-256 by default): binds the signature to this certificate
    attr(OID.signingCertificateV2, seq([seq([seq([octets(sha256(certDer))])])])),
  ];
  return attrs
    .map((a) => ({ a, d: der(a) }))
    .sort((x, y) => Buffer.compare(x.d, y.d))
    .map((x) => x.a);
}

/** The CMS SignedData (detached) of `content` by `who`. */
export function cmsSign(content: Buffer, who: SigningKey): Buffer {
  const attrs = signedAttributes(sha256(content), who.certDer);
  const signature = rsaSign('sha256', der(set(attrs)), who.key);
  const signerInfo = seq([
    asn1.create(U, T.INTEGER, false, '\x01'),
    issuerAndSerial(who.certDer),
    algorithm(OID.sha256),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, attrs),
    algorithm(OID.rsaEncryption),
    octets(signature),
  ]);
  const signedData = seq([
    asn1.create(U, T.INTEGER, false, '\x01'),
    set([algorithm(OID.sha256)]),
    seq([oid(OID.data)]),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [fromDer(who.certDer)]),
    set([signerInfo]),
  ]);
  return der(seq([oid(OID.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])]));
}

class CadesSigner extends Signer {
  constructor(private readonly who: SigningKey) {
    super();
  }
  async sign(content: Buffer): Promise<Buffer> {
    return cmsSign(content, this.who);
  }
}

/**
 * `pdf` with its embedded signature (an incremental update: the drawn bytes stay as drawn). Two steps: the library
 * appends the signature dictionary with its /ByteRange and a /Contents field of SIGNATURE_LENGTH zero bytes (the
 * room the CMS is written into), then SignPdf fills the byte ranges in and writes our CMS of them into that room.
 */
export async function signPdf(
  pdf: Buffer,
  who: SigningKey,
  what: { name: string; reason: string; location: string; at: Date },
): Promise<Buffer> {
  const withRoom = plainAddPlaceholder({
    pdfBuffer: pdf,
    reason: what.reason,
    contactInfo: '',
    name: what.name,
    location: what.location,
    signingTime: what.at,
    signatureLength: SIGNATURE_LENGTH,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: '碳算',
  });
  return new SignPdf().sign(withRoom, new CadesSigner(who));
}

export type EmbeddedCheck = 'valid' | 'invalid' | 'none';

export const EMBEDDED_TEXTS: Record<EmbeddedCheck, string> = {
  valid: '内嵌签名有效',
  invalid: '内嵌签名无效',
  none: '未找到内嵌签名',
};

/**
 * The file's last embedded signature checked: 'valid' when its byte ranges cover the whole file, their SHA-256 is
 * the signed message digest, the CMS signature verifies with the embedded certificate and that certificate's
 * SHA-256 is `certSha256` (the certificate the report was signed with); 'none' without a signature.
 */
export function checkEmbedded(pdf: Buffer, certSha256: string | null): EmbeddedCheck {
  const text = pdf.toString('latin1');
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  if (!ranges.length) return 'none';
  try {
    const [a, b, c, d] = ranges.at(-1)!.slice(1, 5).map(Number);
    if (a !== 0 || b <= 0 || c <= b || c + d !== pdf.length || pdf[b] !== 0x3c || pdf[c - 1] !== 0x3e) return 'invalid';
    const signed = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
    const cms = fromDer(Buffer.from(pdf.subarray(b + 1, c - 1).toString('latin1'), 'hex'));
    const signedData = ((cms.value as forge.asn1.Asn1[])[1].value as forge.asn1.Asn1[])[0].value as forge.asn1.Asn1[];
    const certs = signedData.find((n) => n.tagClass === asn1.Class.CONTEXT_SPECIFIC && n.type === 0)?.value as
      forge.asn1.Asn1[] | undefined;
    const signerInfo = (signedData.at(-1)!.value as forge.asn1.Asn1[])[0].value as forge.asn1.Asn1[];
    const attrs = signerInfo.find((n) => n.tagClass === asn1.Class.CONTEXT_SPECIFIC && n.type === 0);
    const signature =
      signerInfo.at(-1)!.type === T.OCTETSTRING
        ? signerInfo.at(-1)!
        : signerInfo.filter((n) => n.type === T.OCTETSTRING && n.tagClass === U).at(-1)!;
    if (!certs?.length || !attrs) return 'invalid';
    const attrOf = (id: string) =>
      (attrs.value as forge.asn1.Asn1[]).find(
        (x) => asn1.derToOid((x.value as forge.asn1.Asn1[])[0].value as string) === id,
      );
    const digest = (
      (attrOf(OID.messageDigest)?.value as forge.asn1.Asn1[] | undefined)?.[1].value as forge.asn1.Asn1[] | undefined
    )?.[0].value;
    if (typeof digest !== 'string' || !Buffer.from(digest, 'binary').equals(sha256(signed))) return 'invalid';
    const attrsDer = der(set(attrs.value as forge.asn1.Asn1[]));
    const sig = Buffer.from(signature.value as string, 'binary');
    // the certificate that verifies the signature (a chain may carry its issuers too)
    const signer = certs
      .map((n) => new X509Certificate(der(n)))
      .find((x) => rsaVerify('sha256', attrsDer, x.publicKey, sig));
    if (!signer) return 'invalid';
    return certSha256 === null || sha256(signer.raw).toString('hex') === certSha256 ? 'valid' : 'invalid';
  } catch {
    return 'invalid';
  }
}
