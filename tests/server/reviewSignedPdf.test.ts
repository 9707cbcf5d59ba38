// A signed report that tells the truth, leaks nothing and verifies offline: the frozen PDF's embedded signature
// (PAdES) checked by a second tool (poppler's pdfsig) and by the verify page, and broken by one flipped byte; the
// check code the QR code carries (a wrong or missing one is the 404 of an unknown number; a report frozen before
// check codes answers by number); the newest later revision named on an older one's page; the 系统公开访问地址 in
// the QR code; the tenant's signing certificate (generated at its first signature, replaced by an uploaded PKCS#12,
// never answered with its key); the cover's number and revision and the 签署页's times and 签署意见.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testApp, type TestApp } from './helpers';
import { ENG, engineeringBody, PROJECT_V } from './builders';
import { R, ReviewKit, TPF } from './reviewKit';
import { multipart } from './files';
import { docxText, pdfQr, pdfText } from './reportFiles';
import { setConfig } from './accountHelpers';

const PDFSIG = '/usr/bin/pdfsig';
let t: TestApp;
let kit: ReviewKit;
let groupAdmin: string;
let work: string;

/** A completed building of demo_user with one 建材生产 row, its three signers named. */
const completedBuilding = async (name: string) => (await kit.completedBuilding(name)).id;

/** Submits and signs every level (each with its 签署意见), then waits for the frozen report to be stored. */
async function signAll(id: number): Promise<{ reportNo: string; verifyPath: string; code: string; sha256: string }> {
  const sub = await kit.submit(id);
  expect(sub.body.message, JSON.stringify(sub.body)).toBe('已提交校审');
  for (const who of ['checker', 'reviewer', 'approver']) {
    const r = await kit.approve(id, who, `${who}意见：数据已核对`);
    expect(r.body.message, JSON.stringify(r.body)).toBe('已签署');
  }
  let rv = await kit.review(id);
  for (const until = Date.now() + 40_000; !rv.report && Date.now() < until; rv = await kit.review(id))
    await new Promise((r) => setTimeout(r, 150));
  // (not stored: the download draws it, and answers why it cannot)
  if (!rv.report) {
    const drawn = (await t.call('GET', `${R}/${id}/report?type=pdf`, kit.tok.calc)).body;
    expect(drawn.code, JSON.stringify(drawn)).toBe(1);
  }
  rv = await kit.review(id);
  expect(rv.report, 'frozen report stored').toBeTruthy();
  const code = new URL(rv.report.verifyPath, 'http://x').searchParams.get('c') ?? '';
  return { reportNo: rv.reportNo, verifyPath: rv.report.verifyPath, code, sha256: rv.report.sha256 };
}

const fetchFile = async (url: string) => (await t.app.inject({ method: 'GET', url })).rawPayload;
const frozenPdf = async (id: number) =>
  fetchFile((await t.call('GET', `${R}/${id}/report?type=pdf`, kit.tok.calc)).body.data);
const verify = (no: string, code?: string) =>
  t.app.inject({
    method: 'GET',
    url: `${TPF}/verify/${encodeURIComponent(no)}${code === undefined ? '' : `?c=${encodeURIComponent(code)}`}`,
  });
const check = (no: string, code: string | undefined, content: Buffer) => {
  const { payload, contentType } = multipart({}, { name: 'copy.pdf', content });
  return t.app.inject({
    method: 'POST',
    url: `${TPF}/verify/${encodeURIComponent(no)}${code === undefined ? '' : `?c=${encodeURIComponent(code)}`}`,
    headers: { 'content-type': contentType },
    payload,
  });
};
/** pdfsig's report of a file and its exit status. */
function pdfsig(bytes: Buffer): { status: number | null; out: string } {
  const f = join(work, `s${Math.random().toString(16).slice(2)}.pdf`);
  writeFileSync(f, bytes);
  const r = spawnSync(PDFSIG, [f], { encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}
const byteRange = (pdf: Buffer) =>
  [...pdf.toString('latin1').matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)]
    .at(-1)!
    .slice(1, 5)
    .map(Number);

beforeAll(async () => {
  // (errors of the drawing after the signature's answer reach the test's output)
  t = await testApp({
    logStream: {
      write: (line: string) => {
        if (/"level":(50|60)/.test(line)) process.stderr.write(line);
      },
    },
  });
  work = mkdtempSync(join(tmpdir(), 'signed-pdf-'));
  kit = new ReviewKit(t, 'sp');
  const demo = await kit.start();
  groupAdmin = await t.login('demo_admin');
  for (const [k, name] of [
    ['checker', '孙校对'],
    ['reviewer', '周审核'],
    ['approver', '吴审定'],
  ])
    await kit.person(k, { name, tenantId: demo });
  kit.eng = (
    await t.call('POST', `${ENG}/`, kit.tok.calc, engineeringBody({ name: '签章工程', code: 'SP-1' }))
  ).body.data.id;
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

describe('the signed PDF', () => {
  it(
    "carries an embedded signature pdfsig verifies, with the tenant's generated certificate; one flipped byte breaks it for pdfsig and the verify page",
    { timeout: 240_000 },
    async () => {
      expect((await t.call('GET', `${R}/certificate`, groupAdmin)).body.data).toEqual({
        certificate: null,
        canEdit: true,
      });
      const id = await completedBuilding('签章楼');
      const s = await signAll(id);
      expect(s.code).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(s.verifyPath).toBe(`/verify/${s.reportNo}?c=${s.code}`);
      const pdf = await frozenPdf(id);
      expect(createHash('sha256').update(pdf).digest('hex')).toBe(s.sha256);

      // the tenant's certificate, generated at this first signature; never its key or password
      const cert = await t.call('GET', `${R}/certificate`, groupAdmin);
      expect(cert.body.data.canEdit).toBe(true);
      expect(cert.body.data.certificate).toMatchObject({
        source: 'generated',
        subject: expect.stringContaining('O=碳算'),
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(cert.body.data.certificate.subject).toContain('CN=');
      expect(Object.keys(cert.body.data.certificate).sort()).toEqual([
        'issuer',
        'notAfter',
        'notBefore',
        'sha256',
        'since',
        'source',
        'subject',
      ]);
      const years =
        (Date.parse(cert.body.data.certificate.notAfter) - Date.parse(cert.body.data.certificate.notBefore)) /
        (365.25 * 86400_000);
      expect(Math.round(years)).toBe(10);
      const row = await t.database.db.selectFrom('tpf3_signing_cert').select(['passphrase']).executeTakeFirstOrThrow();
      const raw = cert.res.body;
      expect(raw).not.toMatch(/PRIVATE KEY|p12|passphrase|password/i);
      expect(raw).not.toContain(String(row.passphrase));
      // a plain user of the tenant reads it, and may not replace it
      expect((await t.call('GET', `${R}/certificate`, kit.tok.calc)).body.data.canEdit).toBe(false);

      // a second tool: poppler checks the signed ranges' digest against the CMS signature
      const ok = pdfsig(pdf);
      expect(ok.out).toMatch(/Signature #1/);
      expect(ok.out).toMatch(/Signature Validation: Signature is Valid\./);
      expect(ok.out).toMatch(/Signature Type: ETSI\.CAdES\.detached/);
      expect(ok.out).toMatch(/Signed Ranges: \[0 - \d+\], \[\d+ - \d+\]/);
      expect(ok.out).toMatch(/Total document signed/);
      // the verify page: the stored file, its signature valid
      const same = await check(s.reportNo, s.code, pdf);
      expect([
        same.statusCode,
        same.json().message,
        same.json().data.match,
        same.json().data.signature,
        same.json().data.signatureText,
      ]).toEqual([200, '匹配', true, 'valid', '内嵌签名有效']);

      // one byte flipped inside the first signed range
      const [, first] = byteRange(pdf);
      const changed = Buffer.from(pdf);
      changed[Math.floor(first / 2)] ^= 0x01;
      const bad = pdfsig(changed);
      expect(bad.out).toMatch(/Signature Validation: Digest Mismatch\.|Signature is Invalid/);
      expect(bad.out).not.toMatch(/Signature is Valid/);
      const other = await check(s.reportNo, s.code, changed);
      expect([other.json().message, other.json().data.signature, other.json().data.signatureText]).toEqual([
        '不匹配',
        'invalid',
        '内嵌签名无效',
      ]);
      // an unsigned PDF: no signature to check
      const none = await check(s.reportNo, s.code, Buffer.from('%PDF-1.7\n%%EOF\n'));
      expect(none.json().data).toMatchObject({ match: false, signature: 'none', signatureText: '未找到内嵌签名' });
    },
  );

  it(
    "prints the number and revision on the cover, each level's time and 签署意见 on the 签署页 (PDF and Word), the check code in the QR code",
    { timeout: 240_000 },
    async () => {
      const id = await completedBuilding('封面楼');
      const s = await signAll(id);
      const pdf = await frozenPdf(id);
      const cover = execFileSync('/usr/bin/pdftotext', ['-f', '1', '-l', '1', '-layout', '-enc', 'UTF-8', '-', '-'], {
        input: pdf,
        encoding: 'utf8',
      });
      expect(cover).toMatch(new RegExp(`报告编号\\s+${s.reportNo}`));
      expect(cover).toMatch(/修订版\s+A/);
      const text = pdfText(work, pdf);
      const page = text.slice(text.indexOf('签署页'));
      expect(page).toMatch(/职责\s+签署人\s+签署时间\s+签署意见/);
      expect(page).toMatch(/校对\s+.*\d{4}-\d{2}-\d{2} \d{2}:\d{2}\s+checker意见：数据已核对/);
      expect(page).toMatch(/审核\s+.*\d{4}-\d{2}-\d{2} \d{2}:\d{2}\s+reviewer意见：数据已核对/);
      expect(page).toMatch(/审定\s+.*\d{4}-\d{2}-\d{2} \d{2}:\d{2}\s+approver意见：数据已核对/);
      expect(page).toContain(`/verify/${s.reportNo}?c=${s.code}`);
      // what the signed figures were calculated from: the calculation's time and the library as it stood
      const detail = (await t.call('GET', `${PROJECT_V}/${id}`, kit.tok.calc)).body.data.resultDetail as {
        calculatedAt: string;
        factorLibrary: string;
      };
      const minute = (iso: string) => new Date(iso).toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' }).slice(0, 16);
      expect(page).toMatch(new RegExp(`计算时间\\s+${minute(detail.calculatedAt)}`));
      expect(page).toMatch(new RegExp(`因子库版本\\s+截至 ${minute(detail.factorLibrary)} 的因子库`));
      expect(pdfQr(work, pdf, 2)).toBe(`http://localhost:80/verify/${s.reportNo}?c=${s.code}`);
      const word = docxText(
        await fetchFile((await t.call('GET', `${R}/${id}/report?type=word`, kit.tok.calc)).body.data),
      );
      expect(word).toMatch(new RegExp(`报告编号 \\| ${s.reportNo}`));
      expect(word).toContain('职责 | 签署人 | 签署时间 | 签署意见');
      expect(word).toMatch(/审定 \| .* \| \d{4}-\d{2}-\d{2} \d{2}:\d{2} \| approver意见：数据已核对/);
      // the public page shows the signatures' names and days only, not the notes
      const shown = (await verify(s.reportNo, s.code)).json().data;
      expect(JSON.stringify(shown)).not.toContain('意见');
    },
  );
});

describe('the check code', () => {
  it(
    'a wrong or a missing code is the 404 of an unknown number; a report frozen before check codes answers by its number',
    { timeout: 240_000 },
    async () => {
      const id = await completedBuilding('核验码楼');
      const s = await signAll(id);
      const right = await verify(s.reportNo, s.code);
      expect([right.statusCode, right.json().data.reportNo]).toEqual([200, s.reportNo]);
      const unknown = await verify('demo-1999-0001', s.code);
      const wrong = await verify(s.reportNo, `${s.code.slice(0, -1)}${s.code.endsWith('A') ? 'B' : 'A'}`);
      const missing = await verify(s.reportNo);
      const empty = await verify(s.reportNo, '');
      for (const r of [wrong, missing, empty])
        expect([r.statusCode, r.json()]).toEqual([unknown.statusCode, unknown.json()]);
      expect(unknown.json().message).toBe('未找到该报告编号');
      const pdf = await frozenPdf(id);
      expect((await check(s.reportNo, 'x', pdf)).statusCode).toBe(404);
      expect((await check(s.reportNo, undefined, pdf)).json().message).toBe('未找到该报告编号');

      // frozen before check codes (and unsigned): its number alone finds it
      await t.database.db
        .updateTable('tpf3_review_report')
        .set({ check_code: null, sign_cert_sha256: null })
        .where('report_no', '=', s.reportNo)
        .execute();
      expect((await verify(s.reportNo)).statusCode).toBe(200);
      expect((await verify(s.reportNo, 'anything')).statusCode).toBe(200);
      expect((await kit.review(id)).report.verifyPath).toBe(`/verify/${s.reportNo}`);
      const old = await check(s.reportNo, undefined, pdf);
      expect([old.json().message, old.json().data.signature]).toEqual(['匹配', 'none']);
    },
  );
});

describe('a superseded report', () => {
  it('names the newest signed later revision (A → B → C), and nothing more of it', { timeout: 240_000 }, async () => {
    const a = await completedBuilding('修订链楼');
    const sa = await signAll(a);
    expect((await verify(sa.reportNo, sa.code)).json().data.supersededBy).toBeUndefined();
    const b = (await t.call('POST', `${R}/revise`, kit.tok.calc, { projectId: a })).body.data.id as number;
    // B not yet signed: A is not replaced
    expect((await verify(sa.reportNo, sa.code)).json().data.supersededBy).toBeUndefined();
    const sb = await signAll(b);
    const shown = (await verify(sa.reportNo, sa.code)).json().data;
    expect(shown.supersededBy).toEqual({
      revision: 'B',
      reportNo: sb.reportNo,
      approvedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(JSON.stringify(shown)).not.toContain(sb.code);
    const c = (await t.call('POST', `${R}/revise`, kit.tok.calc, { projectId: b })).body.data.id as number;
    const sc = await signAll(c);
    for (const s of [sa, sb])
      expect((await verify(s.reportNo, s.code)).json().data.supersededBy).toMatchObject({
        revision: 'C',
        reportNo: sc.reportNo,
      });
    expect((await verify(sc.reportNo, sc.code)).json().data.supersededBy).toBeUndefined();
  });
});

describe('the public address', () => {
  it(
    "系统公开访问地址 is what the QR code points to; empty, the signing request's address",
    { timeout: 240_000 },
    async () => {
      expect((await t.call('GET', `${R}/publicUrl`, kit.tok.calc)).body.data).toEqual({ publicUrl: '' });
      await setConfig(t, kit.admin, 'site.publicUrl', 'https://carbon.example.com/');
      try {
        expect((await t.call('GET', `${R}/publicUrl`, kit.tok.checker)).body.data).toEqual({
          publicUrl: 'https://carbon.example.com',
        });
        const id = await completedBuilding('公开地址楼');
        const s = await signAll(id);
        expect(pdfQr(work, await frozenPdf(id), 2)).toBe(`https://carbon.example.com/verify/${s.reportNo}?c=${s.code}`);
      } finally {
        await setConfig(t, kit.admin, 'site.publicUrl', '');
      }
      expect((await t.call('GET', `${R}/publicUrl`)).status).toBe(401);
    },
  );
});

describe('an uploaded certificate', () => {
  const upload = (who: string, name: string, content: Buffer, password: string) => {
    const { payload, contentType } = multipart({ password }, { name, content });
    return t.app.inject({
      method: 'POST',
      url: `${R}/certificate`,
      headers: { 'content-type': contentType, 'access-token': who },
      payload,
    });
  };

  it(
    'a non-PKCS#12 file and a wrong password are refused and change nothing; its own PKCS#12 signs the next report',
    { timeout: 240_000 },
    async () => {
      const before = (await t.call('GET', `${R}/certificate`, groupAdmin)).body.data.certificate;
      expect(before).toBeTruthy();
      const notP12 = await upload(
        groupAdmin,
        'cert.p12',
        Buffer.from('-----BEGIN CERTIFICATE-----\nnot a pkcs12\n'),
        'x',
      );
      expect([notP12.statusCode, notP12.json().message]).toEqual([
        400,
        '上传的文件不是 PKCS#12 证书（.p12 / .pfx），请导出包含私钥的 PKCS#12 文件后再上传',
      ]);
      const dir = mkdtempSync(join(work, 'p12-'));
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-keyout',
          join(dir, 'k.pem'),
          '-out',
          join(dir, 'c.pem'),
          '-days',
          '30',
          '-subj',
          '/CN=Demo Uploaded Signer/O=Demo Institute',
        ],
        { stdio: 'ignore' },
      );
      execFileSync(
        'openssl',
        [
          'pkcs12',
          '-export',
          '-inkey',
          join(dir, 'k.pem'),
          '-in',
          join(dir, 'c.pem'),
          '-out',
          join(dir, 'u.p12'),
          '-passout',
          'pass:right-pass',
        ],
        { stdio: 'ignore' },
      );
      const p12 = readFileSync(join(dir, 'u.p12'));
      const wrong = await upload(groupAdmin, 'u.p12', p12, 'wrong-pass');
      expect([wrong.statusCode, wrong.json().message]).toEqual([400, '证书密码错误，无法打开该 PKCS#12 文件']);
      const byUser = await upload(kit.tok.calc, 'u.p12', p12, 'right-pass');
      expect([byUser.statusCode, byUser.json().message]).toEqual([403, '只有本单位的集团管理员可以更换签章证书']);
      expect((await t.call('GET', `${R}/certificate`, groupAdmin)).body.data.certificate).toEqual(before);

      const saved = await upload(groupAdmin, 'u.p12', p12, 'right-pass');
      expect([saved.statusCode, saved.json().message]).toEqual([200, '签章证书已更换']);
      expect(saved.json().data.certificate).toMatchObject({
        source: 'uploaded',
        subject: 'CN=Demo Uploaded Signer, O=Demo Institute',
      });
      expect(saved.body).not.toContain('right-pass');

      const id = await completedBuilding('上传证书楼');
      const s = await signAll(id);
      const pdf = await frozenPdf(id);
      const sig = pdfsig(pdf);
      expect(sig.out).toMatch(/Signer Certificate Common Name: Demo Uploaded Signer/);
      expect(sig.out).toMatch(/Signature is Valid/);
      expect((await check(s.reportNo, s.code, pdf)).json().data.signature).toBe('valid');
      // a report signed before still checks out against the certificate it was signed with
      const earlier = await t.database.db
        .selectFrom('tpf3_review_report')
        .select(['report_no', 'check_code', 'pdf'])
        .where('sign_cert_sha256', '=', before.sha256)
        .executeTakeFirstOrThrow();
      expect(
        (
          await check(String(earlier.report_no), String(earlier.check_code), Buffer.from(earlier.pdf as Uint8Array))
        ).json().data.signature,
      ).toBe('valid');
    },
  );
});
