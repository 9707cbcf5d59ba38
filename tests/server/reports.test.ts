// Reports: PDF and Word of a completed building with its figures, the
// messages of a missing id and of an incomplete building (of a failed drawing: reportFailures.test.ts), trial
// accounts (watermarked PDF, no Word) and tenant isolation. PDF text is read with poppler's pdftotext when installed
// (CI installs poppler-utils).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceDef } from '../../src/server/db/registry';
import { formatNumber } from '../../src/calc/format';
import { buildingBody, ENG, engineeringBody, PROJECT, PROJECT_V } from './builders';
import { hasPoppler, PDFTOPPM, PDFTOTEXT, pdfText as readPdf, SOFFICE, unzipEntry } from './reportFiles';
import { hasTools, needTools } from './tools';
import { testApp, type TestApp } from './helpers';

const EXPORT = `${PROJECT}/exportPdf`;
const JS_EXPORT = '/api/js/v1/js/tpfJs/exportWord';

let t: TestApp;
let user: string;
let trial: string;
let bUser: string;
let a1: Record<string, any>;
let work: string;

beforeAll(async () => {
  t = await testApp();
  const admin = await t.login('admin');
  user = await t.login('demo_user');
  trial = await t.login('demo_trial');
  const tb = await t.call('POST', '/api/sys/v1/sys/sysTenant/', admin, { name: '乙集团', code: 'tenantB', status: 1 });
  await t.call('POST', '/api/sys/v1/sys/sysUser/', admin, {
    userName: 'b_user',
    name: '乙用户',
    password: 'b_user-Pass-1',
    roleList: [],
    tenantId: tb.body.data.id,
  });
  bUser = await t.login('b_user', 'b_user-Pass-1');
  const list = await t.call('GET', `${PROJECT_V}/?name=A1`, user);
  const found = list.body.data.dataList.find((b: { name: string }) => b.name === 'A1研发办公楼');
  a1 = (await t.call('GET', `${PROJECT_V}/${found.id}`, user)).body.data;
  work = mkdtempSync(join(tmpdir(), 'reports-test-'));
});
afterAll(async () => {
  await t?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function fetchFile(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return { type: String(res.headers['content-type']), bytes: res.rawPayload };
}

const pdfText = (bytes: Buffer, mode: '-layout' | '-raw' = '-layout') => readPdf(work, bytes, mode);

const stageTotals = () =>
  Object.values((a1.resultDetail?.stages ?? {}) as Record<string, { total: number }>).map((s) => formatNumber(s.total));

describe('report export messages', () => {
  it('without a project id: 获取报告ID失败，请重新选择项目！', async () => {
    for (const url of [EXPORT, `${EXPORT}?type=pdf`, `${EXPORT}?projectId=&type=pdf`, `${JS_EXPORT}?type=PDF`]) {
      const r = await t.call('GET', url, user);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: 0, message: '获取报告ID失败，请重新选择项目！', data: null });
    }
  });

  it('an incomplete building: 未完成项目，暂无报告', async () => {
    const engId = (await t.call('POST', `${ENG}/`, user, engineeringBody({ name: '报告测试工程' }))).body.data.id;
    const b = await t.call('POST', `${PROJECT}/`, user, buildingBody(engId, { name: '未完成楼' }));
    expect(b.body.code).toBe(1);
    for (const url of [
      `${EXPORT}?projectId=${b.body.data.id}&type=pdf`,
      `${JS_EXPORT}?projectId=${b.body.data.id}&type=PDF`,
    ]) {
      const r = await t.call('GET', url, user);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('未完成项目，暂无报告');
    }
  });

  it("another tenant's building is not found", async () => {
    for (const url of [
      `${EXPORT}?projectId=${a1.id}&type=pdf`,
      `${EXPORT}?projectId=${a1.id}&type=word`,
      `${JS_EXPORT}?projectId=${a1.id}&type=PDF`,
    ]) {
      const r = await t.call('GET', url, bUser);
      expect(r.status).toBe(404);
      expect(r.body.message).toBe('很抱歉，资源未找到!');
    }
  });
});

describe('the report of a completed building', () => {
  it('PDF: building name, every stage total and the intensity', async (ctx) => {
    expect(a1.status).toBe('1');
    expect(stageTotals().length).toBeGreaterThan(2);
    const r = await t.call('GET', `${EXPORT}?projectId=${a1.id}&type=pdf`, user);
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(1);
    expect(r.body.message).toBe('导出成功');
    expect(r.body.data).toMatch(/^\/upload\/[\w-]+\?token=/);
    const file = await fetchFile(r.body.data);
    expect(file.type).toContain('application/pdf');
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    needTools(ctx, 'pdftotext');
    const text = pdfText(file.bytes);
    expect(text).toContain('A1研发办公楼');
    expect(text).toContain('国家标准GB/T 51366-2019');
    for (const total of stageTotals()) expect(text).toContain(`${total} tCO2e`);
    expect(text).toContain(formatNumber(a1.streng3));
    expect(text).toContain('kgCO2e/(m²·a)');
    expect(pdfText(file.bytes, '-raw').replace(/\s+/g, '')).not.toContain('试用账号');
    // the first page and the results page as PNG, for looking at them (.tmp/reports/)
    if (hasTools('pdftoppm')) {
      const out = resolve(import.meta.dirname, '../../.tmp/reports');
      mkdirSync(out, { recursive: true });
      writeFileSync(join(out, 'a1.pdf'), file.bytes);
      execFileSync(PDFTOPPM, ['-png', '-r', '60', '-f', '1', '-l', '1', join(out, 'a1.pdf'), join(out, 'a1-page')]);
    }
  });

  it('PDF: the total is the figure the result page shows (the API total in the one number format)', async (ctx) => {
    // the result page shows formatNumber(total) of tpf3ProjectV/{id}; A1's stored total 65711.515 once read
    // 65,711.52 there and 65711.51 in the PDF (toFixed rounds the binary 65711.51499… down)
    expect(a1.total).toBe(65711.515);
    expect(formatNumber(a1.total)).toBe('65,711.52');
    needTools(ctx, 'pdftotext');
    const r = await t.call('GET', `${EXPORT}?projectId=${a1.id}&type=pdf`, user);
    const text = pdfText((await fetchFile(r.body.data)).bytes);
    expect(text).toMatch(/碳排放总量（tCO2e）\s+65,711\.52(\s|$)/);
    expect(text).not.toContain('65711.51');
    expect(text).not.toContain('65,711.51');
    // every stage total as on screen: grouped, 2 decimals (54,948.61, not 54948.61)
    expect(text).toContain('54,948.61 tCO2e');
  });

  it('PDF: rows with the library mark and data quality; transport with its formula and 默认值', async (ctx) => {
    needTools(ctx, 'pdftotext');
    const r = await t.call('GET', `${EXPORT}?projectId=${a1.id}&type=pdf`, user);
    const bytes = (await fetchFile(r.body.data)).bytes;
    const flat = pdfText(bytes).replace(/\s+/g, '');
    // kept for looking at its pages (.tmp/shots-h3/a1-*.png)
    const shots = resolve(import.meta.dirname, '../../.tmp/shots-h3');
    mkdirSync(shots, { recursive: true });
    writeFileSync(join(shots, 'a1.pdf'), bytes);
    if (hasTools('pdftoppm')) execFileSync(PDFTOPPM, ['-png', '-r', '60', join(shots, 'a1.pdf'), join(shots, 'a1')]);
    expect(flat).toContain('1C30混凝土13,500.00m3295.0000GB/T51366-2019附录DV标准默认值3,982,500.00kgCO2e/m3');
    expect(flat).toContain('计算：用量×单位质量(t/单位)×运输距离(km)×运输因子=13,500×2.4×40×0.162=209,952.00kgCO2e');
    expect(flat).toContain('默认值：运输距离(km)40km—因子库材料的默认运输距离');
    expect(flat).toMatch(/数据质量等级：[ABCD]/);
  });

  it('Word: a docx whose document.xml holds the same figures', async (ctx) => {
    const r = await t.call('GET', `${EXPORT}?projectId=${a1.id}&type=word`, user);
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('导出成功');
    const file = await fetchFile(r.body.data);
    expect(file.type).toContain('wordprocessingml');
    const xml = unzipEntry(file.bytes, 'word/document.xml');
    expect(xml).toBeDefined();
    expect(xml).toContain('A1研发办公楼');
    for (const total of stageTotals()) expect(xml).toContain(`${total} tCO2e`);
    expect(xml).toContain(formatNumber(a1.total));
    expect(xml).toContain(formatNumber(a1.streng3));
    // the two charts are embedded as PNG
    expect(unzipEntry(file.bytes, '[Content_Types].xml')).toContain('png');
    // it opens in LibreOffice (CI installs libreoffice-writer-nogui): converted to PDF, the text is there
    needTools(ctx, 'soffice', 'pdftotext');
    const docx = join(work, 'a1.docx');
    writeFileSync(docx, file.bytes);
    execFileSync(
      SOFFICE,
      [
        '--headless',
        `-env:UserInstallation=file://${join(work, 'lo-profile')}`,
        '--convert-to',
        'pdf',
        '--outdir',
        work,
        docx,
      ],
      { timeout: 120_000 },
    );
    // LibreOffice's PDF spaces Latin and CJK runs apart: compare without white space
    const text = execFileSync(PDFTOTEXT, ['-enc', 'UTF-8', join(work, 'a1.pdf'), '-'], { encoding: 'utf8' }).replace(
      /\s+/g,
      '',
    );
    expect(text).toContain('A1研发办公楼');
    expect(text).toContain(formatNumber(a1.streng3));
  }, 150_000);

  it('accounting route: type=PDF gives the PDF, another type the Word file', async () => {
    const pdf = await t.call('GET', `${JS_EXPORT}?projectId=${a1.id}&type=PDF`, user);
    expect(pdf.body.code).toBe(1);
    expect((await fetchFile(pdf.body.data)).type).toContain('application/pdf');
    const word = await t.call('GET', `${JS_EXPORT}?projectId=${a1.id}&type=word`, user);
    expect(word.body.code).toBe(1);
    expect((await fetchFile(word.body.data)).type).toContain('wordprocessingml');
  });
});

describe('every demo building (estimate, budget, accounting)', () => {
  it('exports as PDF and Word', async () => {
    const list = (await t.call('GET', `${PROJECT_V}/?pageSize=-1`, user)).body.data.dataList as {
      id: number;
      name: string;
      status: string;
      computeMethod: string;
    }[];
    const demo = list.filter((b) => b.status === '1');
    expect(new Set(demo.map((b) => b.computeMethod))).toEqual(new Set(['estimate', 'budget', 'accounting']));
    for (const b of demo) {
      for (const type of ['pdf', 'word']) {
        const r = await t.call('GET', `${EXPORT}?projectId=${b.id}&type=${type}`, user);
        expect(r.body, `${b.name} ${type}`).toMatchObject({ code: 1, message: '导出成功' });
        const file = await fetchFile(r.body.data);
        if (type === 'pdf' && hasPoppler) {
          const text = pdfText(file.bytes);
          expect(text).toContain(b.name);
          if (hasTools('pdftoppm') && b.computeMethod === 'accounting')
            writeFileSync(resolve(import.meta.dirname, '../../.tmp/reports/accounting.pdf'), file.bytes);
        }
      }
    }
  });
});

describe('trial accounts', () => {
  let id: number;
  beforeAll(async () => {
    const engId = (await t.call('POST', `${ENG}/`, trial, engineeringBody({ name: '试用工程' }))).body.data.id;
    const b = await t.call(
      'POST',
      `${PROJECT}/`,
      trial,
      buildingBody(engId, { name: '试用楼', menus: 'produce,runtime' }),
    );
    expect(b.body.code).toBe(1);
    id = b.body.data.id;
    await t.database.db
      .updateTable(resourceDef('tpf3Project').table)
      .set({ status: '1' })
      .where('id', '=', id)
      .execute();
  });

  it('get a PDF watermarked 试用账号', async (ctx) => {
    const r = await t.call('GET', `${EXPORT}?projectId=${id}&type=pdf`, trial);
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(1);
    const file = await fetchFile(r.body.data);
    expect(file.type).toContain('application/pdf');
    needTools(ctx, 'pdftotext');
    const text = pdfText(file.bytes);
    expect(text).toContain('试用楼');
    if (hasTools('pdftoppm')) {
      const out = resolve(import.meta.dirname, '../../.tmp/reports');
      mkdirSync(out, { recursive: true });
      writeFileSync(join(out, 'trial.pdf'), file.bytes);
      execFileSync(PDFTOPPM, [
        '-png',
        '-r',
        '60',
        '-f',
        '1',
        '-l',
        '1',
        join(out, 'trial.pdf'),
        join(out, 'trial-page'),
      ]);
    }
    const pages = pdfText(file.bytes, '-raw')
      .split('\f')
      .filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page.replace(/\s+/g, '')).toContain('试用账号');
  });

  it('cannot export Word (403 with the reason)', async () => {
    for (const url of [`${EXPORT}?projectId=${id}&type=word`, `${JS_EXPORT}?projectId=${id}&type=word`]) {
      const r = await t.call('GET', url, trial);
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ code: 0, message: '试用账号不能导出Word报告，请联系管理员开通正式账号', data: null });
    }
  });
});
