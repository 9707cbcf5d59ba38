// Help that matches the product: the user manual (docs/manual/NN-标题.md, drawn into the PDF by
// src/server/help/manual.ts) and the 版本说明 page (src/client/help/changelog.json) describe what ships.
// 1. Every menu entry of the app — the sidebar's common and system items for every role and each module's items,
//    read from the client's own menu module (src/client/layout/menuItems.tsx) — every 应用拓展 tool
//    (src/client/apply/ApplyPage.tsx TOOLS) and every 决策分析 tab (src/client/decide/texts.ts DECIDE_TABS) has a
//    manual section named by its on-screen label: a heading, or a table row whose first cell names it (a label
//    mentioned only inside some other row's text does not count). A 决策分析 tab needs a heading of its own.
// 2. Nothing says a shipped feature is 即将上线: a manual line saying a feature is not there yet must name a
//    应用拓展 tool that really has no route and no shipped feature; the newest changelog entry says nothing is
//    upcoming, and no older entry says a shipped feature is.
// Labels are compared without spaces and Markdown markup (“BIM 模型导入” names BIM模型导入).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { lexer, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../../schemas/standards';
import { TOOLS } from '../../src/client/apply/ApplyPage';
import { DECIDE_TABS } from '../../src/client/decide/texts';
import changelog from '../../src/client/help/changelog.json';
import { infoLabel, menuGroups, moduleItems } from '../../src/client/layout/menuItems';
import { chapterFiles } from '../../src/server/help/manual';

/** Without whitespace, Markdown emphasis and code marks, so a label matches however the manual spaces it. */
const squash = (s: string) => s.replace(/\*\*|__|`/g, '').replace(/\s+/g, '');

interface Anchor {
  file: string;
  kind: 'heading' | 'row';
  text: string;
}

interface Entry {
  label: string;
  where: string;
}

const chapters = chapterFiles().map((path) => ({ file: basename(path), text: readFileSync(path, 'utf8') }));

/** A chapter's headings (any depth) and the first cell of each of its table rows (the header row is no entry). */
const anchorsOf = (file: string, text: string): Anchor[] =>
  lexer(text).flatMap((t): Anchor[] => {
    if (t.type === 'heading') return [{ file, kind: 'heading', text: squash((t as Tokens.Heading).text) }];
    if (t.type === 'table')
      return (t as Tokens.Table).rows.map((row) => ({ file, kind: 'row' as const, text: squash(row[0]?.text ?? '') }));
    return [];
  });

const anchors: Anchor[] = chapters.flatMap(({ file, text }) => anchorsOf(file, text));

const sectionFor = (label: string, kinds: Anchor['kind'][] = ['heading', 'row'], within = anchors) =>
  within.find((a) => kinds.includes(a.kind) && a.text.includes(squash(label)));

const missing = (entries: Entry[], kinds?: Anchor['kind'][]) =>
  entries.filter((e) => !sectionFor(e.label, kinds)).map((e) => `${e.where}「${e.label}」`);

/** Every sidebar entry any role can see, in or out of a module, with or without a selected building. */
function menuEntries(): Entry[] {
  const everyRole = menuGroups(['admin', 'groupAdmin', 'dataAdmin'], undefined);
  const entries: Entry[] = [
    ...everyRole.common.map((e) => ({ label: e.label, where: `公共菜单 ${e.to} ` })),
    ...everyRole.system.map((e) => ({ label: e.label, where: `系统管理 ${e.to} ` })),
  ];
  for (const m of MODULES) {
    entries.push(...moduleItems(m.code, undefined).map((e) => ({ label: e.label, where: `${m.name} ${e.to} ` })));
    entries.push({ label: infoLabel(m.code, true), where: `${m.name} /${m.code}/project/info（已选中单体） ` });
  }
  const seen = new Set<string>();
  return entries.filter((e) => !seen.has(e.label) && seen.add(e.label));
}

const toolEntries: Entry[] = TOOLS.map((t) => ({ label: t.title, where: `应用拓展 ${t.to ?? '（无路由）'} ` }));
const tabEntries: Entry[] = DECIDE_TABS.map((t) => ({ label: t.label, where: `决策分析 /decide?tab=${t.value} ` }));

describe('the manual covers every menu entry and tool', () => {
  it('reads the chapters and the menu data', () => {
    expect(chapters.length).toBeGreaterThanOrEqual(10);
    expect(anchors.filter((a) => a.kind === 'heading').length).toBeGreaterThan(50);
    expect(anchors.filter((a) => a.kind === 'row').length).toBeGreaterThan(100);
    const labels = menuEntries().map((e) => e.label);
    // the data the checks below walk: all three groups and every module's stages are in it
    for (const l of [
      '首页',
      '应用拓展',
      '因子库管理',
      '数据备份',
      '通知公告',
      '建筑概况',
      '建筑物化及拆除',
      '核算凭证管理',
      '计算结果',
      '建筑对比',
    ])
      expect(labels).toContain(l);
    expect(TOOLS.length).toBeGreaterThanOrEqual(5);
    expect(DECIDE_TABS.length).toBe(5);
  });

  it('has a section (a heading or a table row named by it) for every menu entry', () => {
    const lacking = missing(menuEntries());
    expect(lacking, `用户手册中没有这些菜单项的章节：${lacking.join('、')}`).toEqual([]);
  });

  it('has a section for every 应用拓展 tool', () => {
    const lacking = missing(toolEntries);
    expect(lacking, `用户手册中没有这些应用拓展工具的章节：${lacking.join('、')}`).toEqual([]);
  });

  it('has a heading for every 决策分析 tab', () => {
    const lacking = missing(tabEntries, ['heading']);
    expect(lacking, `用户手册中没有这些决策分析标签页的标题：${lacking.join('、')}`).toEqual([]);
  });

  it('counts a heading or a row named by the label, not a label mentioned in another cell, a header or a paragraph', () => {
    // (1.4 界面布局's 左侧菜单 row names every sidebar item in its second cell: that alone is no section)
    const sample = anchorsOf(
      'sample.md',
      '# 1 概述\n\n## 1.2 BIM 模型导入\n\n正文提到 参考值库。\n\n| 参数表管理 | 内容 |\n|---|---|\n| 左侧菜单 | 首页、**因子库管理** |\n| `数据备份` | 说明 |\n',
    );
    expect(sectionFor('BIM模型导入', undefined, sample)?.kind).toBe('heading');
    expect(sectionFor('数据备份', undefined, sample)?.kind).toBe('row');
    for (const label of ['因子库管理', '首页', '参考值库', '参数表管理'])
      expect(sectionFor(label, undefined, sample), label).toBeUndefined();
    expect(sectionFor('BIM模型导入', ['row'], sample)).toBeUndefined();
  });
});

/** Words that say a feature is not there yet. */
const NOT_YET = /即将上线|尚未上线|暂未上线|目前不可用/;
const unrouted = TOOLS.filter((t) => !t.to).map((t) => squash(t.title));
/** What ships: every tool with a route, BIM import, the decision tools and their tabs. */
const shipped = [
  ...TOOLS.filter((t) => t.to).map((t) => t.title),
  'BIM',
  '决策分析',
  ...DECIDE_TABS.map((t) => t.label),
].map(squash);
const namesShipped = (text: string) => shipped.filter((s) => squash(text).includes(s));

describe('nothing says a shipped feature is 即将上线', () => {
  it('the manual says 即将上线 only of a tool that has no route', () => {
    expect(shipped).toEqual(expect.arrayContaining(['BIM模型导入', 'BIM', '决策分析']));
    const wrong = chapters.flatMap(({ file, text }) =>
      text
        .split('\n')
        .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
        .filter(({ line }) => NOT_YET.test(line))
        .filter(({ line }) => namesShipped(line).length > 0 || !unrouted.some((u) => squash(line).includes(u)))
        .map(({ line, at }) => `${at} ${line.trim()}`),
    );
    expect(wrong, `用户手册称已上线的功能“即将上线”：\n${wrong.join('\n')}`).toEqual([]);
  });

  it('the newest changelog entry says nothing is upcoming; no entry says a shipped feature is', () => {
    expect(changelog.length).toBeGreaterThan(0);
    const [latest, ...older] = changelog;
    const upcoming = latest.items.filter((item) => NOT_YET.test(item));
    expect(upcoming, `${latest.version} 仍有“即将上线”：${upcoming.join('；')}`).toEqual([]);
    const wrong = older.flatMap((r) =>
      r.items
        .filter((item) => NOT_YET.test(item) && namesShipped(item).length > 0)
        .map((item) => `${r.version} ${item}`),
    );
    expect(wrong, `版本说明称已上线的功能“即将上线”：${wrong.join('；')}`).toEqual([]);
  });

  it('版本说明 names every shipped capability: each 应用拓展 tool with a route, each 决策分析 tool, 校审 and 报告核验', () => {
    const all = squash(changelog.flatMap((r) => r.items).join('\n'));
    const capabilities = [
      ...TOOLS.filter((t) => t.to && !t.to.startsWith('/decide')).map((t) => t.title),
      ...DECIDE_TABS.map((t) => t.label),
      '校审',
      '报告核验',
    ];
    expect(capabilities.length).toBeGreaterThan(10);
    const lacking = capabilities.filter((c) => !all.includes(squash(c)));
    expect(lacking, `版本说明中没有这些已上线的功能：${lacking.join('、')}`).toEqual([]);
  });

  it('the newest changelog entry names what ships', () => {
    const text = squash(changelog[0].items.join('\n'));
    for (const feature of [
      'BIM模型导入',
      '决策分析',
      '计算过程',
      '数据质量',
      '因子版本',
      '历史版本',
      '消息通知',
      '问题反馈',
      '数据备份',
    ])
      expect(text, feature).toContain(feature);
  });
});
