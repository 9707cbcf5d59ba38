// Report sections the documented way (docs/development.md, How to add a report section): a builder pushed onto
// REPORT_SECTIONS comes out in the PDF and the Word file, numbered in its place, with its stored figure; a builder
// with nothing to say adds nothing. And a frozen report's own sections — the 签署页 after the cover, the appendix on a
// page of its own — with 数据质量 between them, drawn by the same block renderers. A1研发办公楼 of the seeded
// database; the PDF is looked at in .tmp/shots-sections/a1-*.png.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatNumber } from '../../src/calc/format';
import type { Caller } from '../../src/server/db/caller';
import type { ApiRecord } from '../../src/server/db/record';
import drawReport from '../../src/server/reports/drawTask';
import { reportModel } from '../../src/server/reports/model';
import { REPORT_SECTIONS, type SectionBuilder } from '../../src/server/reports/sections';
import { withPdfHash } from '../../src/server/reports/sections/signoff';
import { f2 } from '../../src/server/reports/stageTable';
import { PROJECT_V } from './builders';
import { testApp, type TestApp } from './helpers';
import { docxText, PDFTOPPM, pdfText } from './reportFiles';
import { needTools } from './tools';

const SHOTS = resolve(import.meta.dirname, '../../.tmp/shots-sections');

let t: TestApp;
let caller: Caller;
let b: ApiRecord;
let work: string;

beforeAll(async () => {
  t = await testApp();
  const user = await t.login('demo_user');
  const me = (await t.call('GET', '/api/sys/v1/sys/sysUser/currentUser', user)).body.data;
  caller = { userId: me.userId ?? me.id, tenantId: me.tenantId, roles: me.roleList ?? [], isAdmin: false };
  const id = (await t.call('GET', `${PROJECT_V}/?name=A1`, user)).body.data.dataList.find(
    (x: { name: string }) => x.name === 'A1研发办公楼',
  ).id;
  b = (await t.call('GET', `${PROJECT_V}/${id}`, user)).body.data;
  work = mkdtempSync(join(tmpdir(), 'report-sections-'));
});
afterAll(async () => {
  await t?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Each builder a test pushes, taken off the list again whatever the test does. */
const pushed: SectionBuilder[] = [];
const add = (builder: SectionBuilder) => {
  pushed.push(builder);
  REPORT_SECTIONS.push(builder);
};
afterEach(() => {
  for (const builder of pushed.splice(0)) REPORT_SECTIONS.splice(REPORT_SECTIONS.indexOf(builder), 1);
});

const numbered = (titles: { title: string; numbered?: boolean }[]) => titles.filter((s) => s.numbered !== false);

describe('a section added by its builder', () => {
  it('is drawn in the PDF and the Word file after 不确定性分析, numbered, with its stored figure', async (ctx) => {
    add(({ total, streng3 }) => ({
      title: '测试小节',
      blocks: [
        { kind: 'text', text: `本小节的碳排放总量为 ${f2(total)} tCO2e。` },
        { kind: 'pairs', rows: [['测试强度（kgCO2e/(m²·a)）', f2(streng3)]] },
        { kind: 'list', items: ['测试条目'], numbered: true },
      ],
    }));
    const model = await reportModel(t.database.db, caller, b);
    const titles = model.sections.map((s) => s.title);
    expect(titles.slice(-2)).toEqual(['不确定性分析', '测试小节']);
    const n = numbered(model.sections).length;
    // the figures as the result page shows them: the building's stored total and intensity
    const [total, intensity] = [formatNumber(b.total), formatNumber(b.streng3)];

    const word = docxText(await drawReport({ format: 'word', model, trial: false }));
    expect(word).toMatch(new RegExp(`^${n}\\. 测试小节$`, 'm'));
    expect(word).toContain(`本小节的碳排放总量为 ${total} tCO2e。`);
    expect(word).toContain(`测试强度（kgCO2e/(m²·a)） | ${intensity}`);
    expect(word).toContain('1. 测试条目');

    needTools(ctx, 'pdftotext');
    const pdf = pdfText(work, await drawReport({ format: 'pdf', model, trial: false }));
    const at = pdf.search(new RegExp(`${n}\\. 测试小节\\n`));
    expect(at).toBeGreaterThan(pdf.search(/\d+\. 不确定性分析\n/));
    expect(pdf.slice(at)).toContain(`本小节的碳排放总量为 ${total} tCO2e。`);
    expect(pdf.slice(at)).toMatch(new RegExp(`测试强度（kgCO2e/\\(m²·a\\)）\\s+${intensity.replace('.', '\\.')}`));
  });

  it('adds nothing when it has nothing to say (null or no sections)', async () => {
    const before = (await reportModel(t.database.db, caller, b)).sections.map((s) => s.title);
    add(() => null);
    add(async () => []);
    expect((await reportModel(t.database.db, caller, b)).sections.map((s) => s.title)).toEqual(before);
    expect(before).toEqual([
      '建筑信息',
      '计算边界与方法',
      '各阶段碳排放计算',
      '计算结果',
      'EN 15978 模块',
      '数据质量',
      '说明',
      '合理性检查',
      '参考线',
      '碳排放热点',
      '不确定性分析',
    ]);
  });
});

describe("a frozen report's sections", () => {
  const signoff = {
    reportNo: 'JS-2024-0001',
    revision: 'A',
    approvedAt: '2024-01-02',
    signatures: [
      { title: '计算', names: '张明（demo_user）', date: '2024-01-01', time: '2024-01-01 10:00', note: '' },
      {
        title: '校对',
        names: '王校对（sx_checker）',
        date: '2024-01-02',
        time: '2024-01-02 11:00',
        note: '数据已核对',
      },
    ],
    verifyUrl: 'http://localhost:80/verify/JS-2024-0001?c=abcdefghijklmnop',
    calculatedAt: '2024-01-01 09:00',
    factorLibrary: '2023-12-31 08:00',
  };
  const changes = {
    total: 2,
    rows: [
      ['2024-01-01 09:00', '李协作', '建材生产「钢材」', '修改', '用量：100 → 110'],
      ['2024-01-02 11:00', '钱审定', '单体信息', '修改', '校审状态：待审定 → 已审定'],
    ],
  };

  it('签署页 after the cover, 数据质量, and the appendix on a page of its own, in the PDF and the Word file', async (ctx) => {
    const model = await reportModel(t.database.db, caller, b, { signoff, changes });
    expect(model.sections[0]).toMatchObject({ title: '签署页', numbered: false, pageBreak: 'after' });
    expect(model.sections.at(-1)).toMatchObject({ title: '附录 变更记录', pageBreak: 'before' });
    const n = numbered(model.sections).length;

    const word = docxText(
      await drawReport({ format: 'word', model: withPdfHash(model, 'ab'.repeat(32)), trial: false }),
    );
    expect(word).toMatch(/^签署页$/m);
    expect(word).toContain('报告编号 | JS-2024-0001');
    expect(word).toContain(`PDF 文件 SHA-256 | ${'ab'.repeat(32)}`);
    expect(word).toContain('校对 | 王校对（sx_checker） | 2024-01-02 11:00 | 数据已核对');
    expect(word).toMatch(/^\d+\. 数据质量$/m);
    expect(word).toMatch(/^数据质量等级：[ABCD]$/m);
    expect(word).toMatch(new RegExp(`^${n}\\. 附录 变更记录$`, 'm'));
    expect(word).toContain(
      '本单体及其数据、方案与校审状态的每次变更（共 2 条），按时间先后；批量导入或复制的多行记为一条。',
    );
    expect(word).toContain('2024-01-01 09:00 | 李协作 | 建材生产「钢材」 | 修改 | 用量：100 → 110');

    needTools(ctx, 'pdftotext', 'pdftoppm');
    const bytes = await drawReport({ format: 'pdf', model, trial: false });
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(join(SHOTS, 'a1.pdf'), bytes);
    execFileSync(PDFTOPPM, ['-png', '-r', '60', join(SHOTS, 'a1.pdf'), join(SHOTS, 'a1')]);
    const pages = pdfText(work, bytes).split('\f');
    // page 2 is the 签署页 alone; 1. 建筑信息 starts page 3
    expect(pages[1]).toMatch(/^\s*A1研发办公楼.*报告编号 JS-2024-0001 · 修订版 A\s+签署页\n/);
    expect(pages[1]).toMatch(/校对\s+王校对（sx_checker）\s+2024-01-02 11:00\s+数据已核对/);
    expect(pages[1]).not.toContain('建筑信息');
    expect(pages[2]).toMatch(/^\s*A1研发办公楼.*\n+1\. 建筑信息\n/);
    expect(pages.join('\f')).toMatch(/\d+\. 数据质量\n[^]*数据质量等级：[ABCD]/);
    const appendix = pages.findIndex((p) => p.includes(`${n}. 附录 变更记录`));
    expect(appendix).toBeGreaterThan(2);
    expect(pages[appendix]).toMatch(/^\s*A1研发办公楼.*\n+\d+\. 附录 变更记录\n/);
    expect(pages[appendix]).toMatch(/李协作\s+建材生产「钢材」\s+修改\s+用量：100 → 110/);
  });
});
