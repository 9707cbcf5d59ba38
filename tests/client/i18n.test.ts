import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { raZhCN } from '../../src/client/i18n/zh-CN';
import { i18nProvider, zhCNMessages } from '../../src/client/i18n';

type Tree = { [k: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`),
  );
}

describe('zh-CN messages', () => {
  it('has every key of ra-language-english (recursively)', () => {
    const zh = new Set(keys(raZhCN as unknown as Tree));
    const missing = keys(englishMessages as unknown as Tree).filter((k) => !zh.has(k));
    expect(missing).toEqual([]);
  });

  it('has no key ra-language-english lacks (no typos) and no English words left in ra.*', () => {
    const en = new Set(keys(englishMessages as unknown as Tree));
    expect(keys(raZhCN as unknown as Tree).filter((k) => !en.has(k))).toEqual([]);
    const untranslated = keys(raZhCN as unknown as Tree).filter((k) => {
      const v = k.split('.').reduce<unknown>((n, p) => (n as Tree)[p], raZhCN);
      return typeof v === 'string' && /[A-Za-z]{2,}/.test(v.replace(/%\{\w+\}/g, ''));
    });
    expect(untranslated).toEqual([]);
  });

  it('writes a page range with thousands separators', () => {
    expect(
      i18nProvider.translate('ra.navigation.page_range_info', { offsetBegin: 5_981, offsetEnd: 6_000, total: 6_000 }),
    ).toBe('第 5,981-6,000 条，共 6,000 条');
  });

  it('shows 暂无数据 for an empty list', () => {
    expect(i18nProvider.translate('ra.navigation.no_results', { name: '因子' })).toBe('暂无数据');
    expect(i18nProvider.translate('ra.page.empty', { name: '因子' })).toBe('暂无数据');
  });

  it('generates resource names and field labels from the schema titles', () => {
    const res = (
      zhCNMessages as unknown as { resources: Record<string, { name: string; fields: Record<string, string> }> }
    ).resources;
    expect(res.tpf3BuildMaterial.name).toBe('碳排放因子');
    expect(res.tpf3BuildMaterial.fields.materialCo).toBe('碳排放因子');
    expect(res.tpf3BuildMaterial.fields.materialCoMin).toBe('碳排放因子最小值');
    expect(res.sysUser.fields.userName).toBe('登录账号');
    expect(res.sysUser.fields.createDate).toBe('创建时间');
    expect(i18nProvider.translate('resources.sysDict.fields.items')).toBe('字典项');
    expect(i18nProvider.getLocale()).toBe('zh-CN');
  });
});
