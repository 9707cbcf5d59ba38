import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resourceSchema } from '../../schemas/index';
import { createAjv } from '../../schemas/validation';
import { setToken } from '../../src/client/providers/tokenStorage';
import { makeTransformErrors, serverErrorsToErrorSchema } from '../../src/client/admin/form/formErrors';
import { toFormData, toPayload } from '../../src/client/admin/form/formData';
import { validator } from '../../src/client/admin/form/validator';
import { toRjsf } from '../../src/client/admin/form/toRjsf';
import { fail, ok, stubFetch, superAdmin } from './fakeApi';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/admin/SchemaCreate';
import '../../src/client/admin/SchemaEdit';
import '../../src/client/admin/form/SchemaForm';

const sysUser = resourceSchema('sysUser')!;
const sysRole = resourceSchema('sysRole')!;

describe('rjsf validation uses the shared ajv configuration and the API wording', () => {
  it('every registry schema compiles with the shared strict ajv, and the rjsf validator accepts it', () => {
    const ajv = createAjv();
    for (const name of [
      'sysUser',
      'sysRole',
      'sysOrganization',
      'sysTenant',
      'sysDict',
      'sysConfig',
      'sysFeedback',
      'sysNotify',
      'tpf3BuildMaterial',
    ]) {
      const s = resourceSchema(name)!;
      expect(() => ajv.compile(s)).not.toThrow();
      expect(validator.isValid(toRjsf(s), {}, toRjsf(s))).toBe(false);
    }
  });

  it('messages: required → 请输入<title>, x-messages for patterns, titles for the rest', () => {
    const { errors } = validator.validateFormData(
      { userName: 'a b', phone: '123' },
      toRjsf(sysUser),
      undefined,
      makeTransformErrors(sysUser),
    );
    const byField = Object.fromEntries(errors.map((e) => [`.${(e.property ?? '').replace(/^\./, '')}`, e.message]));
    expect(byField['.name']).toBe('请输入姓名');
    expect(byField['.userName']).toBe('登录账号只能包含字母、数字和 _ . @ -');
    expect(byField['.phone']).toBe('请输入正确的手机号');
  });

  it('server field errors go under their fields (nested paths included)', () => {
    expect(
      serverErrorsToErrorSchema({
        name: '名称已存在',
        'items.0.value': '值重复',
        root: { serverError: '表单校验失败, 请检查输入!' },
      }),
    ).toEqual({
      name: { __errors: ['名称已存在'] },
      items: { 0: { value: { __errors: ['值重复'] } } },
    });
  });

  it('form data keeps only schema properties; x-secret never prefilled and omitted when empty', () => {
    const record = { id: 3, createDate: 'x', userName: 'u1', name: '用户', email: null, password: 'should-not-appear' };
    expect(toFormData(sysUser, record)).toEqual({ userName: 'u1', name: '用户' });
    expect(toPayload(sysUser, { userName: 'u1', name: '用户', password: '' })).toEqual({
      userName: 'u1',
      name: '用户',
    });
    expect(toPayload(sysUser, { userName: 'u1', name: '用户', password: 'Abcdefg1' })).toEqual({
      userName: 'u1',
      name: '用户',
      password: 'Abcdefg1',
    });
    expect(toFormData(sysRole, undefined)).toEqual({});
  });
});

describe('create / edit pages (rjsf inside CreateBase / EditBase)', () => {
  it('create: client validation in Chinese, then the server code-2 error shows under its field', async () => {
    setToken('tok', false);
    const { calls } = stubFetch((c) => {
      if (c.url.pathname.endsWith('currentUser')) return ok(superAdmin);
      if (c.method === 'POST')
        return fail(400, '表单校验失败, 请检查输入!', 2, [{ field: 'roleCode', errorMsg: '角色编码已存在' }]);
      return ok({ dataList: [], total: 0 });
    });
    renderApp('/sys/role/create');
    const code = await screen.findByLabelText(/角色编码/, {}, { timeout: 15_000 }); // the shell, the page and the form are lazy chunks
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请输入角色编码')).toBeInTheDocument();
    expect(screen.getByText('请输入角色名称')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(code, { target: { value: 'auditor' } });
    fireEvent.change(screen.getByLabelText(/角色名称/), { target: { value: '审计员' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    const shown = await screen.findAllByText('角色编码已存在');
    expect(shown.length).toBeGreaterThan(0);
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/sys/v1/sys/sysRole/');
    expect(post.body).toEqual({ roleCode: 'auditor', roleName: '审计员' });
    expect(window.location.pathname).toBe('/sys/role/create');
  });

  it('edit: loads the record, PUTs it with its id, says 修改成功! and returns to the list', async () => {
    setToken('tok', false);
    const { calls } = stubFetch((c) => {
      if (c.url.pathname.endsWith('currentUser')) return ok(superAdmin);
      if (c.method === 'GET' && c.url.pathname === '/api/sys/v1/sys/sysRole/5')
        return ok({
          id: 5,
          roleCode: 'auditor',
          roleName: '审计员',
          remarks: null,
          createDate: '2026-01-01T00:00:00Z',
        });
      if (c.method === 'PUT') return ok({ id: 5 });
      return ok({ dataList: [], total: 0 });
    });
    renderApp('/sys/role/5');
    const name = await screen.findByLabelText(/角色名称/, {}, { timeout: 15_000 });
    await waitFor(() => expect(name).toHaveValue('审计员'));
    fireEvent.change(name, { target: { value: '审计' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('修改成功!')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/sys/role'));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/sys/v1/sys/sysRole/');
    expect(put.body).toEqual({ id: 5, roleCode: 'auditor', roleName: '审计' });
    const crumbs = screen.getByRole('navigation', { name: '面包屑' });
    expect(within(crumbs).getByText('角色权限')).toBeInTheDocument();
  });
});
