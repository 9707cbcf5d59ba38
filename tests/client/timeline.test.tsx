// /timeline 版本说明: the changelog kept as data (src/client/help/changelog.json), V3.3 newest first down
// to V2.0, every version rendered with its date and items; and /apply/project 应用拓展's tool cards.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import changelog from '../../src/client/help/changelog.json';
import { APP_VERSION } from '../../schemas/product';
import { setToken } from '../../src/client/providers/tokenStorage';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/apply/ApplyPage';
import '../../src/client/help/TimelinePage';
import { stubShell } from './shellFake';

describe('版本说明 /timeline', () => {
  it('the data: V3.3 → V2.0, newest first, dated, each with items', () => {
    expect(changelog.map((r) => r.version)).toEqual(['V3.3', 'V3.2', 'V3.1', 'V3.0', 'V2.5', 'V2.1', 'V2.0']);
    expect(changelog[0].version).toBe(APP_VERSION); // the version the title, the footer and the manual show
    const dates = changelog.map((r) => r.date);
    for (const d of dates) expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const r of changelog) expect(r.items.length).toBeGreaterThan(0);
    const all = changelog.flatMap((r) => r.items).join('\n');
    for (const named of ['江苏省标准', '江苏省导则', '广东省标准', 'BIM 模型导入', '滑块验证', '站内消息通知'])
      expect(all).toContain(named);
  });

  it('renders every version as a timeline entry, V3.3 marked 当前版本', async () => {
    setToken('tok', false);
    stubShell();
    renderApp('/timeline');
    expect(await screen.findByRole('heading', { name: '版本说明', level: 1 })).toBeInTheDocument();
    const entries = screen.getAllByTestId('release');
    expect(entries).toHaveLength(changelog.length);
    entries.forEach((entry, i) => {
      const r = changelog[i];
      expect(within(entry).getByRole('heading', { level: 2 })).toHaveTextContent(r.version);
      expect(entry).toHaveTextContent(r.date);
      expect(within(entry).getAllByRole('listitem')).toHaveLength(r.items.length);
    });
    expect(within(entries[0]).getByText('当前版本')).toBeInTheDocument();
    expect(within(entries[1]).queryByText('当前版本')).toBeNull();
    expect(within(screen.getByRole('navigation', { name: '面包屑' })).getByText('版本说明')).toBeInTheDocument();
  });
});

describe('应用拓展 /apply/project', () => {
  it('lists the tools with a description; BIM模型导入 leads to /bim, 预算文件导入 to /bill; the navbar says 应用拓展', async () => {
    setToken('tok', false);
    stubShell();
    renderApp('/apply/project');
    const cards = await screen.findAllByTestId('apply-tool');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'BIM模型导入',
      '预算文件导入',
      '方案比选',
      '阶段偏差分析',
      '热点与低碳替代',
      '不确定性分析',
      '参考线',
      '待我校审',
      '单体建筑对比',
      '因子库管理',
    ]);
    expect(within(cards[0]).getByRole('link', { name: '进入' })).toHaveAttribute('href', '/bim');
    expect(cards[0]).toHaveTextContent('概预算、核算');
    expect(within(cards[1]).getByRole('link', { name: '进入' })).toHaveAttribute('href', '/bill');
    expect(cards[1]).toHaveTextContent('人材机汇总表');
    expect(within(cards[2]).getByRole('link', { name: '进入' })).toHaveAttribute('href', '/decide?tab=variants');
    expect(within(cards[7]).getByRole('link', { name: '进入' })).toHaveAttribute('href', '/review');
    expect(within(cards[8]).getByRole('link', { name: '进入' })).toHaveAttribute('href', '/project/compare');
    expect(within(cards[9]).getByRole('link', { name: '进入' })).toHaveAttribute('href', '/divisor');
    for (const c of cards) expect(c.textContent!.length).toBeGreaterThan(20);
    expect(screen.getByTestId('module-name')).toHaveTextContent('应用拓展');
    expect(screen.getByRole('menuitem', { name: '应用拓展' })).toHaveAttribute('href', '/apply/project');
    // no template download outside the calculation modules
    expect(screen.queryByRole('button', { name: '下载导入模板' })).toBeNull();
  });
});
