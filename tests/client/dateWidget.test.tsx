// Every date field shows and stores yyyy-MM-dd whatever the browser's locale — a text input of our own
// (src/client/admin/form/DateWidget.tsx) instead of <input type=date> (08/30/2025 in an English browser), its
// calendar button opening the browser's picker (showPicker), a wrong day answered in Chinese naming the field.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { setToken } from '../../src/client/providers/tokenStorage';
import { toYmd } from '../../src/client/admin/form/ymd';
import { StageSchemaForm, type FormValues } from '../../src/client/stages/StageSchemaForm';
import { stageDef } from '../../src/client/stages/stageDefs';
import { ok, stubFetch, superAdmin } from './fakeApi';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/admin/SchemaCreate';
import '../../src/client/admin/form/SchemaForm';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('toYmd', () => {
  it('reads the usual ways of writing a day as YYYY-MM-DD, and nothing that is not a day', () => {
    for (const t of ['2025-08-30', '2025-8-30', '2025/8/30', '2025.08.30', '20250830', '2025年8月30日', ' 2025-08-30 '])
      expect(toYmd(t)).toBe('2025-08-30');
    for (const t of ['08/30/2025', '2025-13-01', '2025-02-30', '2025-08', '', 'abc', null, 20250830])
      expect(toYmd(t)).toBeUndefined();
    expect(toYmd('2024-02-29')).toBe('2024-02-29');
  });
});

/** The tenant form (sysTenant.expireDate, format 'date') on the generic create page. */
async function tenantForm() {
  setToken('tok', false);
  const { calls } = stubFetch((c) => {
    if (c.url.pathname.endsWith('currentUser')) return ok(superAdmin);
    if (c.method === 'POST') return ok({ id: 9 });
    return ok({ dataList: [], total: 0 });
  });
  renderApp('/sys/tenant/create');
  const date = (await screen.findByLabelText(
    /到期日期/,
    { selector: 'input' },
    { timeout: 15_000 },
  )) as HTMLInputElement;
  fireEvent.change(screen.getByLabelText(/租户名称/), { target: { value: '示例集团' } });
  fireEvent.change(screen.getByLabelText(/租户编码/), { target: { value: 'demo' } });
  return { calls, date };
}

describe('the date field of a generic form', () => {
  it('is a yyyy-MM-dd text input (no locale-formatted native date input to type in); a day typed 2025/8/30 is saved as 2025-08-30', async () => {
    const { calls, date } = await tenantForm();
    expect(date.type).toBe('text');
    expect(date).toHaveAttribute('placeholder', 'yyyy-MM-dd');
    // the only native date input is the picker's: hidden and out of the tab order
    const natives = document.querySelectorAll('input[type=date]');
    expect(natives).toHaveLength(1);
    expect(natives[0]).toHaveAttribute('aria-hidden', 'true');
    expect(natives[0]).toHaveAttribute('tabindex', '-1');

    fireEvent.change(date, { target: { value: '2025/8/30' } });
    fireEvent.blur(date);
    await waitFor(() => expect(date).toHaveValue('2025-08-30'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      name: '示例集团',
      code: 'demo',
      expireDate: '2025-08-30',
    });
  });

  it('the calendar button opens the browser picker; its pick shows as yyyy-MM-dd', async () => {
    const showPicker = vi.fn();
    Object.defineProperty(HTMLInputElement.prototype, 'showPicker', { configurable: true, value: showPicker });
    try {
      const { date } = await tenantForm();
      fireEvent.change(date, { target: { value: '2026-01-15' } });
      fireEvent.click(screen.getByRole('button', { name: '选择到期日期' }));
      expect(showPicker).toHaveBeenCalledTimes(1);
      const picker = showPicker.mock.contexts[0] as HTMLInputElement;
      expect(picker.type).toBe('date');
      // it opens on the day in the field
      expect(picker.value).toBe('2026-01-15');
      fireEvent.change(picker, { target: { value: '2025-08-30' } });
      await waitFor(() => expect(date).toHaveValue('2025-08-30'));
    } finally {
      delete (HTMLInputElement.prototype as { showPicker?: unknown }).showPicker;
    }
  });

  it('a day that is not one is answered in Chinese, naming the field, and not sent', async () => {
    const { calls, date } = await tenantForm();
    fireEvent.change(date, { target: { value: '2025-13-01' } });
    fireEvent.blur(date);
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('到期日期格式应为 年-月-日，如 2025-08-30')).toBeInTheDocument();
    expect(date).toHaveValue('2025-13-01');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('the date fields of a stage form (x-widget date)', () => {
  it('核算凭证管理 凭证日期 is the same yyyy-MM-dd input', async () => {
    const def = stageDef('voucher')!;
    const changes: FormValues[] = [];
    const dataProvider = { getDictDropDown: async () => ({}) } as never;
    const { rerender } = render(
      <AdminContext dataProvider={dataProvider}>
        <StageSchemaForm def={def} formData={{}} onChange={(d) => changes.push(d)} />
      </AdminContext>,
    );
    const date = (await screen.findByLabelText(/凭证日期/, { selector: 'input' })) as HTMLInputElement;
    expect(date.type).toBe('text');
    expect(date).toHaveAttribute('placeholder', 'yyyy-MM-dd');
    expect(screen.getByRole('button', { name: '选择凭证日期' })).toBeInTheDocument();
    fireEvent.change(date, { target: { value: '2025年8月30日' } });
    fireEvent.blur(date);
    await waitFor(() => expect(changes.at(-1)?.voucherDate).toBe('2025-08-30'));
    rerender(
      <AdminContext dataProvider={dataProvider}>
        <StageSchemaForm def={def} formData={{ voucherDate: '2025-08-30' }} onChange={(d) => changes.push(d)} />
      </AdminContext>,
    );
    expect(date).toHaveValue('2025-08-30');
  });
});
