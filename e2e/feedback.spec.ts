// 问题反馈: demo_user sends feedback with a screenshot on /feedback → the super admin sees it at
// /sys/feedback and replies (已处理) → demo_user gets a notification and reads the reply on /feedback.
// Screenshots at 1366 and 390 px.
import type { Page } from '@playwright/test';
import { expect, login, shot, shotBoth, test } from './fixtures';

const CONTENT = `建材运输阶段导入模板缺少运输方式说明（${Date.now() % 100000}）`;

/** A 320×200 PNG drawn by the browser: a fake screenshot of a form. */
async function screenshotPng(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 320;
    c.height = 200;
    const ctx = c.getContext('2d')!;
    ctx.fillStyle = '#eceff1';
    ctx.fillRect(0, 0, 320, 200);
    ctx.fillStyle = '#2e7d32';
    ctx.fillRect(0, 0, 320, 32);
    ctx.fillStyle = '#90a4ae';
    for (let i = 0; i < 5; i++) ctx.fillRect(16, 48 + i * 28, 200 + (i % 2) * 60, 14);
    return c.toDataURL('image/png').split(',')[1];
  });
  return Buffer.from(b64, 'base64');
}

test('feedback with a screenshot → the admin replies → the sender is notified and sees the reply', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await login(page, 'demo_user', '/dashboard');
  await page.getByTestId('app-footer').getByRole('link', { name: '问题反馈' }).click();
  await expect(page).toHaveURL(/\/feedback$/);
  const form = page.getByRole('form', { name: '问题反馈' });
  await form.getByRole('button', { name: '提交' }).click();
  await expect(form.getByText('请输入反馈内容')).toBeVisible();

  await form.getByLabel('反馈类型').click();
  await page.getByRole('option', { name: '问题报告' }).click();
  await form.getByLabel('反馈内容').fill(CONTENT);
  await form.getByLabel('联系方式').fill('13800000001');
  await page
    .getByTestId('screenshot-input')
    .setInputFiles({ name: 'form.png', mimeType: 'image/png', buffer: await screenshotPng(page) });
  await expect(page.getByTestId('screenshot-preview').getByRole('img', { name: '截图' })).toBeVisible();
  await shotBoth(page, 'feedback-form');
  await form.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('提交成功')).toBeVisible();
  const mine = page.getByTestId('my-feedback').filter({ hasText: CONTENT });
  await expect(mine.getByTestId('feedback-status')).toHaveText('待处理');
  await expect(mine.getByRole('img', { name: '截图' })).toBeVisible();

  // the super admin
  const ctx = await browser.newContext();
  const admin = await ctx.newPage();
  await login(admin, 'admin', '/divisor');
  await admin.getByRole('menuitem', { name: '问题反馈' }).click();
  await expect(admin).toHaveURL(/\/sys\/feedback$/);
  const row = admin
    .getByRole('row')
    .filter({ hasText: CONTENT.slice(0, 12) })
    .first();
  await expect(row).toContainText('演示用户');
  await expect(row.getByTestId('feedback-status')).toHaveText('待处理');
  await expect(row.getByRole('img', { name: '截图' })).toBeVisible();
  await shotBoth(admin, 'sys-feedback');
  await row.getByRole('button', { name: '回复' }).click();
  const dialog = admin.getByRole('dialog', { name: '回复反馈' });
  await dialog.getByLabel('回复内容').fill('感谢反馈，模板说明已补充，请重新下载导入模板。');
  await shot(admin, 'sys-feedback-reply-1366', { fullPage: false });
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(admin.getByText('回复成功')).toBeVisible();
  await expect(row.getByTestId('feedback-status')).toHaveText('已处理');
  await ctx.close();

  // the sender: a notification, and the reply on /feedback
  await page.goto('/notify');
  const note = page.getByTestId('inbox-item').filter({ hasText: '您的反馈已回复' });
  await expect(note).toContainText('反馈回复');
  await expect(page.getByTestId('notify-bell')).toHaveAttribute('aria-label', /条未读/);
  await note.getByText('您的反馈已回复').click();
  await expect(page).toHaveURL(/\/feedback$/);
  await expect(mine.getByTestId('feedback-status')).toHaveText('已处理');
  await expect(mine.getByTestId('feedback-reply')).toContainText('模板说明已补充');
  await shotBoth(page, 'feedback-replied');
});
