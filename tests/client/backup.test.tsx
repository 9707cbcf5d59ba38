// /sys/backup 数据备份 (super admin): the backups newest first (文件名, 大小, 时间, 方式 手动/定时), the
// schedule of 全局配置, 立即备份 → POST then the list again, 下载 through a one-time link; 暂无数据 when there is
// none; on PostgreSQL only the pg_dump note and no button; nobody else may open it.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '../../src/client/providers/tokenStorage';
import { fail, groupAdmin, ok, superAdmin, type Call } from './fakeApi';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/backup/BackupPage';
import { stubShell } from './shellFake';

const URL = '/api/sys/v1/sys/backup/';
const OLD = {
  name: 'tansuan-2026-11-25T030000-auto.tar.gz',
  size: 5_767_168,
  createdAt: '2026-11-25T03:00:00Z',
  kind: 'scheduled',
};
const NEW = {
  name: 'tansuan-2026-11-26T083015.tar.gz',
  size: 6_082_560,
  createdAt: '2026-11-26T08:30:15Z',
  kind: 'manual',
};

function backupApi(opts: { engine?: 'pglite' | 'postgres'; list?: unknown[]; failCreate?: boolean } = {}) {
  let list = opts.list ?? [OLD];
  return stubShell({
    user: superAdmin,
    extra: (c: Call) => {
      const p = c.url.pathname;
      if (p === URL && c.method === 'GET')
        return ok({ engine: opts.engine ?? 'pglite', cron: '0 3 * * *', keep: 7, running: false, list });
      if (p === URL && c.method === 'POST') {
        if (opts.failCreate) return fail(507, '服务器存储空间不足');
        list = [NEW, ...list];
        return { status: 200, body: { code: 1, message: '备份成功', data: NEW } };
      }
      if (p.startsWith(`${URL}link/`) && c.method === 'POST') return ok(`${URL}download/tok123`);
      return undefined;
    },
  });
}

const gets = (calls: Call[]) => calls.filter((c) => c.url.pathname === URL && c.method === 'GET').length;

describe('/sys/backup', () => {
  it('lists the backups with size, time and 方式, and the schedule in effect', async () => {
    setToken('tok', false);
    backupApi();
    renderApp('/sys/backup');
    const row = await screen.findByTestId(`backup-${OLD.name}`);
    expect(row).toHaveTextContent(OLD.name);
    expect(row).toHaveTextContent('5.5 MB');
    expect(row).toHaveTextContent('定时');
    expect(within(row).getByText(/^2026-11-25 \d{2}:00:00$/)).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '文件名',
      '大小',
      '时间',
      '方式',
      '操作',
    ]);
    expect(screen.getByTestId('backup-schedule')).toHaveTextContent('backup.cron = 0 3 * * *');
    expect(screen.getByTestId('backup-schedule')).toHaveTextContent('保留最新 7 份定时备份');
    expect(screen.getByTestId('backup-schedule')).toHaveTextContent('手动备份不计入保留份数');
    expect(screen.getByRole('menuitem', { name: '数据备份' })).toHaveAttribute('href', '/sys/backup');
  });

  it('立即备份 posts, says so, and shows the new backup first', async () => {
    setToken('tok', false);
    const { calls } = backupApi();
    renderApp('/sys/backup');
    await screen.findByTestId(`backup-${OLD.name}`);
    const before = gets(calls);
    fireEvent.click(screen.getByRole('button', { name: '立即备份' }));
    expect(await screen.findByText(`备份成功：${NEW.name}`)).toBeInTheDocument();
    await waitFor(() => expect(gets(calls)).toBe(before + 1));
    const rows = await screen.findAllByTestId(/^backup-tansuan/);
    expect(rows.map((r) => r.getAttribute('data-testid'))).toEqual([`backup-${NEW.name}`, `backup-${OLD.name}`]);
    expect(rows[0]).toHaveTextContent('手动');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([URL]);
  });

  it('a failed backup shows the server message; 下载 asks for a link', async () => {
    setToken('tok', false);
    const { calls } = backupApi({ failCreate: true });
    renderApp('/sys/backup');
    await screen.findByTestId(`backup-${OLD.name}`);
    fireEvent.click(screen.getByRole('button', { name: '立即备份' }));
    expect(await screen.findByText('备份失败：服务器存储空间不足')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: `下载${OLD.name}` }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname === `${URL}link/${OLD.name}` && c.method === 'POST')).toBe(true),
    );
  });

  it('no backups: 暂无数据', async () => {
    setToken('tok', false);
    backupApi({ list: [] });
    renderApp('/sys/backup');
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '立即备份' })).toBeEnabled();
  });

  it('on PostgreSQL: the pg_dump note and no button', async () => {
    setToken('tok', false);
    backupApi({ engine: 'postgres', list: [] });
    renderApp('/sys/backup');
    expect(await screen.findByText(/备份请用 pg_dump/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '立即备份' })).toBeNull();
  });

  it('is for the super admin only', async () => {
    setToken('tok', false);
    const { calls } = stubShell({ user: groupAdmin });
    renderApp('/sys/backup');
    expect(await screen.findByText('没有权限，拒绝访问!')).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname.startsWith(URL))).toBe(false);
    expect(screen.queryByRole('menuitem', { name: '数据备份' })).toBeNull();
  });
});
