// The signed report on the client against a fake server: the last signer's warning while 系统公开访问地址 is not set
// (and none for an earlier level, or once it is set), and 本单位签章证书 on /review — its group admin sees the
// certificate and uploads a PKCS#12 with its password; a refusal is shown in the server's words; a user sees nothing.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CertificateInfo, ReviewAnswer } from '../../schemas/review';
import { setToken } from '../../src/client/providers/tokenStorage';
import { fail, groupAdmin, ok, plainUser, type Handler } from './fakeApi';
import { stubShell } from './shellFake';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/review/ReviewPage';

const R = '/api/tpf/v1/tpf/review';
const person = (id: number, name: string) => ({ id, name });

function answer(state: ReviewAnswer['state'], canApprove: boolean): ReviewAnswer {
  return {
    projectId: 5,
    name: '一号楼',
    revision: 'A',
    revisionOf: null,
    state,
    reportNo: null,
    report: null,
    drawing: null,
    chain: [
      { level: 'calc', title: '计算', role: '计算人', people: [person(2, '张三')], signedAt: '2026-11-27T03:00:00Z' },
      { level: 'check', title: '校对', role: '校对人', people: [person(7, '王校对')], signedAt: null },
      { level: 'approve', title: '审定', role: '审定人', people: [person(9, '钱审定')], signedAt: null },
    ],
    flags: [],
    events: [],
    comments: [],
    can: {
      submit: false,
      approve: canApprove,
      return: canApprove,
      resolve: false,
      revise: false,
      withdraw: false,
      reassign: false,
    },
  };
}

function api(extra: Handler, user: object = plainUser) {
  setToken('tok', false);
  return stubShell({
    user,
    extra: (c) => {
      const hit = extra(c);
      if (hit) return hit;
      if (c.url.pathname === `${R}/5/audit`) return ok({ entries: [], total: 0, areas: [] });
      if (c.url.pathname === `${R}/mine`) return ok([]);
      if (c.url.pathname === `${R}/settings`)
        return ok({
          tenantName: '演示集团',
          signoffLevels: 4,
          signoffSamePerson: 0,
          reportPrefix: '',
          defaultPrefix: 'demo',
          canEdit: false,
        });
      return undefined;
    },
  });
}

describe('the last signer', () => {
  const WARNING = '未设置系统公开访问地址（全局配置），二维码将指向当前访问地址';

  it('is warned while 系统公开访问地址 is empty', async () => {
    api((c) =>
      c.url.pathname === `${R}/5`
        ? ok(answer('approve', true))
        : c.url.pathname === `${R}/publicUrl`
          ? ok({ publicUrl: '' })
          : undefined,
    );
    renderApp('/review?id=5');
    expect(await screen.findByTestId('public-url-warning')).toHaveTextContent(WARNING);
  });

  it('is not warned once it is set', async () => {
    const { calls } = api((c) =>
      c.url.pathname === `${R}/5`
        ? ok(answer('approve', true))
        : c.url.pathname === `${R}/publicUrl`
          ? ok({ publicUrl: 'https://carbon.example.com' })
          : undefined,
    );
    renderApp('/review?id=5');
    await waitFor(() => expect(calls.some((c) => c.url.pathname === `${R}/publicUrl`)).toBe(true));
    await screen.findByRole('button', { name: '签署' });
    expect(screen.queryByTestId('public-url-warning')).toBeNull();
  });

  it('an earlier level asks nothing', async () => {
    const { calls } = api((c) =>
      c.url.pathname === `${R}/5`
        ? ok(answer('check', true))
        : c.url.pathname === `${R}/publicUrl`
          ? ok({ publicUrl: '' })
          : undefined,
    );
    renderApp('/review?id=5');
    await screen.findByRole('button', { name: '签署' });
    expect(screen.queryByTestId('public-url-warning')).toBeNull();
    expect(calls.some((c) => c.url.pathname === `${R}/publicUrl`)).toBe(false);
  });
});

describe('本单位签章证书', () => {
  const cert: CertificateInfo = {
    source: 'generated',
    subject: 'CN=演示集团, O=碳算',
    issuer: 'CN=演示集团, O=碳算',
    notBefore: '2026-11-27T03:00:00Z',
    notAfter: '2036-11-27T03:00:00Z',
    sha256: 'ab'.repeat(32),
    since: '2026-11-27T03:00:00Z',
  };

  it('its group admin sees it and uploads a PKCS#12 with its password; a refusal is shown', async () => {
    let refuse = true;
    const { calls } = api((c) => {
      if (c.url.pathname !== `${R}/certificate`) return undefined;
      if (c.method === 'GET') return ok({ certificate: cert, canEdit: true });
      if (refuse) return fail(400, '证书密码错误，无法打开该 PKCS#12 文件');
      return ok({ certificate: { ...cert, source: 'uploaded', subject: 'CN=Demo Signer' }, canEdit: true });
    }, groupAdmin);
    renderApp('/review');
    const card = await screen.findByTestId('signing-certificate');
    expect(card).toHaveTextContent('来源系统生成（自签名）');
    expect(card).toHaveTextContent('主体CN=演示集团, O=碳算');
    expect(card).toHaveTextContent(`SHA-256 指纹${'ab'.repeat(32)}`);
    const file = new File([new Uint8Array([0x30, 0x82])], 'unit.p12', { type: 'application/x-pkcs12' });
    fireEvent.change(within(card).getByLabelText('选择证书文件'), { target: { files: [file] } });
    fireEvent.change(within(card).getByLabelText('证书密码'), { target: { value: 'wrong' } });
    fireEvent.click(within(card).getByRole('button', { name: '上传并启用' }));
    expect(await within(card).findByText('证书密码错误，无法打开该 PKCS#12 文件')).toBeTruthy();
    const posted = calls.find((c) => c.method === 'POST' && c.url.pathname === `${R}/certificate`)!;
    expect((posted.body as FormData).get('password')).toBe('wrong');
    expect((posted.body as FormData).get('file')).toBeInstanceOf(File);
    refuse = false;
    fireEvent.change(within(card).getByLabelText('选择证书文件'), { target: { files: [file] } });
    fireEvent.change(within(card).getByLabelText('证书密码'), { target: { value: 'right' } });
    fireEvent.click(within(card).getByRole('button', { name: '上传并启用' }));
    await waitFor(() => expect(card).toHaveTextContent('来源本单位上传'));
    expect(card).toHaveTextContent('主体CN=Demo Signer');
  });

  it('a user of the tenant does not see it', async () => {
    api((c) => (c.url.pathname === `${R}/certificate` ? ok({ certificate: cert, canEdit: false }) : undefined));
    renderApp('/review');
    await screen.findByTestId('signoff-settings');
    expect(screen.queryByTestId('signing-certificate')).toBeNull();
  });
});
