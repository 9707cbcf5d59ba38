import { describe, expect, it } from 'vitest';
import { resourceSchema } from '../../schemas/index';
import { decimalsOf, formatDate, isWarningRow, listFields } from '../../src/client/admin/schemaFields';
import { formatNumber } from '../../src/calc/format';
import { menuGroups } from '../../src/client/layout/menuItems';
import { crumbsOf, moduleOf } from '../../src/client/layout/routeMeta';
import { roleLabel } from '../../src/client/session/roles';
import { loginRedirectUrl, redirectTarget } from '../../src/client/providers/loginRedirect';

const factors = resourceSchema('tpf3BuildMaterial')!;

describe('schema-driven list helpers', () => {
  it('numbers show 2 decimals by default, x-decimals when set, integers none', () => {
    expect(decimalsOf({ type: 'number' })).toBe(2);
    expect(decimalsOf({ type: ['number', 'null'], 'x-decimals': 4 })).toBe(4);
    expect(decimalsOf({ type: 'integer' })).toBe(0);
    expect(formatNumber(1234.5, 2)).toBe('1,234.50');
    expect(formatNumber(0, 2)).toBe('0.00');
    expect(formatNumber('2.5', 4)).toBe('2.5000');
    expect(formatNumber(null, 2)).toBe('');
  });

  it('dates in zh-CN', () => {
    expect(formatDate('2026-03-05', false)).toBe('2026/3/5');
    expect(formatDate(undefined, true)).toBe('');
    expect(formatDate('2026-03-05T08:09:10', true)).toMatch(/^2026\/3\/5 08:09:10$/);
  });

  it('columns are the x-list properties in schema order', () => {
    expect(listFields(factors).map(([k]) => k)).toEqual([
      'type',
      'smallType',
      'name',
      'spec',
      'unit',
      'materialCo',
      'coUnit',
      'source',
      'verification',
      'quality',
    ]);
  });

  it('x-rowWarning flags empty or 0 materialCo', () => {
    expect(isWarningRow(factors, { materialCo: 0 })).toBe(true);
    expect(isWarningRow(factors, { materialCo: null })).toBe(true);
    expect(isWarningRow(factors, {})).toBe(true);
    expect(isWarningRow(factors, { materialCo: 0.01 })).toBe(false);
    expect(isWarningRow(resourceSchema('sysRole')!, {})).toBe(false);
  });
});

describe('menus, modules, breadcrumbs, roles', () => {
  it('system items only for admin/groupAdmin, each page per its x-resource.read, in the spec order', () => {
    const labels = (roles: string[]) => {
      const g = menuGroups(roles, undefined);
      return [...g.common, ...g.system].map((e) => e.to);
    };
    expect(labels([])).toEqual([
      '/dashboard',
      '/project/manage',
      '/project/list',
      '/apply/project',
      '/divisor',
      '/divisor/lookup',
      '/divisor/benchmark',
    ]);
    expect(labels(['dataAdmin'])).toEqual([
      '/dashboard',
      '/project/manage',
      '/project/list',
      '/apply/project',
      '/divisor',
      '/divisor/lookup',
      '/divisor/benchmark',
    ]);
    expect(labels(['groupAdmin'])).toEqual([
      '/dashboard',
      '/project/manage',
      '/project/list',
      '/apply/project',
      '/divisor',
      '/divisor/lookup',
      '/divisor/benchmark',
      '/sys/organization',
      '/sys/user',
      '/sys/notify',
    ]);
    expect(labels(['admin'])).toEqual([
      '/dashboard',
      '/project/manage',
      '/project/list',
      '/apply/project',
      '/divisor',
      '/divisor/lookup',
      '/divisor/benchmark',
      '/sys/organization',
      '/sys/role',
      '/sys/user',
      '/sys/dictionary',
      '/sys/tenant',
      '/sys/configManage',
      '/sys/cache',
      '/sys/backup',
      '/sys/feedback',
      '/sys/notify',
    ]);
  });

  it('module names from the route', () => {
    expect(moduleOf('/estimate/produce')?.name).toBe('建筑碳排放估算');
    expect(moduleOf('/budget/result')?.name).toBe('建筑碳排放概预算');
    expect(moduleOf('/accounting/voucher')?.name).toBe('建筑碳排放核算');
    expect(moduleOf('/apply/project')?.name).toBe('应用拓展');
    expect(moduleOf('/sys/user')?.name).toBe('系统管理');
    expect(moduleOf('/divisor')).toBeUndefined();
  });

  it('breadcrumbs after 首页', () => {
    expect(crumbsOf('/divisor')).toEqual([{ label: '因子库管理' }]);
    expect(crumbsOf('/divisor/lookup')).toEqual([{ label: '参数表管理' }]);
    expect(crumbsOf('/divisor/benchmark')).toEqual([{ label: '参考值库' }]);
    expect(crumbsOf('/decide')).toEqual([{ label: '决策分析' }]);
    expect(crumbsOf('/sys/user/create')).toEqual([{ label: '用户账户', to: '/sys/user' }, { label: '新增' }]);
    expect(crumbsOf('/sys/user/12')).toEqual([{ label: '用户账户', to: '/sys/user' }, { label: '编辑' }]);
    expect(crumbsOf('/dashboard')).toEqual([]);
  });

  it('role labels', () => {
    expect(roleLabel({ isTrial: true, roleList: ['admin'] })).toBe('普通用户');
    expect(roleLabel({ roleList: ['admin'] })).toBe('超级管理员');
    expect(roleLabel({ roleList: ['groupAdmin', 'dataAdmin'] })).toBe('集团管理员');
    expect(roleLabel({ roleList: ['dataAdmin'] })).toBe('集团用户');
  });

  it('login redirects stay inside the app', () => {
    expect(loginRedirectUrl('/sys/user?page=2')).toBe('/login?redirect=%2Fsys%2Fuser%3Fpage%3D2');
    expect(loginRedirectUrl('/')).toBe('/login');
    expect(redirectTarget('?redirect=%2Fdivisor')).toBe('/divisor');
    expect(redirectTarget('?redirect=https%3A%2F%2Fevil.example')).toBe('/');
    expect(redirectTarget('?redirect=%2F%2Fevil.example')).toBe('/');
    expect(redirectTarget('')).toBe('/');
  });
});
