// Accounts as a user meets them: the slider after two wrong passwords; registering with an SMS code
// read from the development outbox → a new phone on /userinfo → logging in by SMS → changing the password on
// /userinfo, which logs out the user's older session elsewhere; the trial countdown; the avatar in the navbar.
// Screenshots at 1366 px and 390 px of /register, the login page's SMS tab, the slider dialog and /userinfo.
import type { Page } from '@playwright/test';
import {
  expect,
  finishLogin,
  heldFor,
  login,
  loginWith,
  seededPassword,
  shot,
  shotBoth,
  SHOTS_ON,
  sliderDialog,
  smsCode,
  solveSlider,
  test,
} from './fixtures';

test.describe.configure({ mode: 'serial' });

const runId = Date.now() % 1_000_000;
const phone = `139${String(runId).padStart(8, '0')}`;
const newPhone = `138${String(runId).padStart(8, '0')}`;
const userName = `e2e_reg_${runId}`;
const firstPassword = 'Regist3rPass';
const newPassword = 'Chang3dPass9';

/** A 64×64 PNG drawn by the browser (two colours, so the re-encoded avatar is visibly this picture). */
async function pngBytes(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = c.height = 64;
    const ctx = c.getContext('2d')!;
    ctx.fillStyle = '#1565c0';
    ctx.fillRect(0, 0, 64, 64);
    ctx.fillStyle = '#ffb300';
    ctx.beginPath();
    ctx.arc(32, 32, 20, 0, Math.PI * 2);
    ctx.fill();
    return c.toDataURL('image/png').split(',')[1];
  });
  return Buffer.from(b64, 'base64');
}

test('two wrong passwords for demo_user: the error is shown, the next login goes through the slider', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('账号').fill('demo_user');
  for (let i = 1; i <= 2; i++) {
    await page.getByLabel('密码', { exact: true }).fill(`wrong-password-${i}`);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '用户名或密码错误' })).toBeVisible();
    await expect(sliderDialog(page)).toHaveCount(0);
  }
  const password = seededPassword('demo_user');
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  const dialog = sliderDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('拖动滑块完成拼图')).toBeVisible();
  await expect(dialog.getByTestId('slider-piece')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '刷新' })).toBeEnabled();
  await shotBoth(page, 'account-slider');

  // a wrong drop fails and brings a new puzzle
  const box = (await dialog.getByRole('slider', { name: '拖动滑块' }).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  const pressed = await page.evaluate(() => performance.now());
  await page.mouse.move(box.x + box.width / 2 + 3, box.y + box.height / 2, { steps: 5 });
  await heldFor(page, pressed); // refused for where it was dropped, not for a drag too quick
  await page.mouse.up();
  await expect(dialog.getByText('滑块验证失败，请重试')).toBeVisible();
  await expect(dialog.getByRole('slider', { name: '拖动滑块' })).toHaveAttribute('aria-valuenow', '0');

  await solveSlider(page);
  await finishLogin(page, 'demo_user', password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('register with an SMS code → log in by SMS → change the password: the older session elsewhere is logged out', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await page.getByRole('link', { name: '注册账号' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByRole('button', { name: '注册' }).click();
  await expect(page.getByText('请输入登录账号')).toBeVisible();
  await page.getByLabel('登录账号').fill(userName);
  await page.getByLabel('密码', { exact: true }).fill(firstPassword);
  await page.getByLabel('确认密码').fill(firstPassword);
  await page.getByLabel('姓名').fill('注册测试');
  await page.getByLabel('手机号').fill(phone);
  await page.getByLabel('单位名称').fill('测试设计院');
  await page.getByLabel('用户类型').click();
  await page.getByRole('option', { name: '设计院' }).click();
  await shotBoth(page, 'account-register');

  const sentAt = Date.now() - 1000;
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(sliderDialog(page)).toBeVisible(); // every send needs the slider while login.slider is on
  await solveSlider(page);
  await expect(page.getByText('验证码已发送')).toBeVisible();
  await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
  await page.getByLabel('验证码').fill(await smsCode(phone, 'register', sentAt));
  await page.getByRole('button', { name: '注册' }).click();
  // one slider per form: the code, sent after the slider, stands for it on submit
  await expect(page).toHaveURL(/\/login$/);
  await expect(sliderDialog(page)).toHaveCount(0);
  await expect(page.getByText('注册成功，请登录')).toBeVisible();

  // the older session: another browser, logged in with the first password
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await loginWith(otherPage, userName, firstPassword, '/dashboard');
  await expect(otherPage.getByTestId('trial-chip')).toHaveText(/试用账号 · 剩余 \d+ 天/);

  // a new phone in 基本资料: the SMS login below goes to it (one code per phone per 60 s — smsAccounts.test.ts —
  // so the registration's phone could have no second code yet)
  await otherPage.goto('/userinfo');
  const profile = otherPage.getByRole('form', { name: '基本资料' });
  await profile.getByLabel('手机号').fill(newPhone);
  await profile.getByRole('button', { name: '保存' }).click();
  await expect(otherPage.getByText('保存成功！')).toBeVisible();

  await page.getByRole('tab', { name: '短信登录' }).click();
  await page.getByLabel('手机号').fill(newPhone);
  await shotBoth(page, 'account-login-sms');
  const loginSentAt = Date.now() - 1000;
  await page.getByRole('button', { name: '获取验证码' }).click();
  await solveSlider(page);
  await expect(page.getByText('验证码已发送')).toBeVisible();
  await page.getByLabel('验证码').fill(await smsCode(newPhone, 'login', loginSentAt));
  await page.getByLabel('记住我(7天)').check();
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeTruthy();

  // 账号设置 from the user menu; change the password
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '账号设置' }).click();
  await expect(page).toHaveURL(/\/userinfo$/);
  await expect(page.getByRole('heading', { name: '账号设置' })).toBeVisible();
  await expect(page.getByLabel('登录账号')).toHaveValue(userName);
  await expect(page.getByLabel('手机号')).toHaveValue(newPhone);
  const pw = page.getByRole('form', { name: '修改密码' });
  await pw.getByLabel('原密码').fill(firstPassword);
  await pw.getByLabel('新密码', { exact: true }).fill('abcdefgh');
  await pw.getByLabel('确认新密码').fill('abcdefgh');
  await pw.getByRole('button', { name: '修改密码' }).click();
  await expect(pw.getByText('密码至少 8 位，须同时包含字母和数字')).toBeVisible();
  await pw.getByLabel('原密码').fill('Wrong1234');
  await pw.getByLabel('新密码', { exact: true }).fill(newPassword);
  await pw.getByLabel('确认新密码').fill(newPassword);
  await pw.getByRole('button', { name: '修改密码' }).click();
  await expect(pw.getByText('原密码不正确')).toBeVisible();
  await pw.getByLabel('原密码').fill(firstPassword);
  await pw.getByRole('button', { name: '修改密码' }).click();
  await expect(page.getByText('密码修改成功')).toBeVisible();
  // done once the form is idle again: it reads the user again after the toast (a reload that cut that request
  // would end the session — the client drops its token when currentUser fails for any reason)
  await expect(pw.getByRole('button', { name: '修改密码' })).toBeEnabled();
  if (SHOTS_ON) {
    await page.mouse.move(5, 300); // a pointer resting on the toast would hold it open
    await expect(page.getByText('密码修改成功')).toBeHidden(); // the toast goes after 5 s: a clean screenshot
    await shotBoth(page, 'account-userinfo');
  }

  // this session stays; the other one is gone at its next navigation
  await page.reload();
  await expect(page.getByRole('heading', { name: '账号设置' })).toBeVisible();
  await otherPage.goto('/project/manage');
  await expect(otherPage).toHaveURL(/\/login/);
  await expect(otherPage.getByText('用户登录已失效，请重新登录!')).toBeVisible();
  // and the new password is the one that works
  await loginWith(otherPage, userName, newPassword, '/dashboard');
  await other.close();
});

test('a trial account sees the days left in the navbar', async ({ page }) => {
  await login(page, 'demo_trial', '/dashboard');
  const chip = page.getByTestId('trial-chip');
  await expect(chip).toContainText('剩余');
  await expect(chip).toContainText('天');
  await expect(page.getByText('普通用户')).toBeVisible();
});

test('the uploaded avatar shows in the navbar', async ({ page }) => {
  await login(page, 'demo_admin', '/userinfo');
  await expect(page.getByRole('heading', { name: '账号设置' })).toBeVisible();
  await expect(page.getByTestId('navbar-avatar').locator('img')).toHaveCount(0); // initials before
  await page
    .getByTestId('avatar-input')
    .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: await pngBytes(page) });
  await expect(page.getByText('上传文件成功')).toBeVisible();
  const img = page.getByTestId('navbar-avatar').locator('img');
  await expect(img).toHaveAttribute('src', /.+/);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByTestId('account-avatar').locator('img')).toHaveAttribute(
    'src',
    (await img.getAttribute('src'))!,
  );
  // still there after a reload (the server keeps it)
  await page.reload();
  await expect(page.getByRole('heading', { name: '账号设置' })).toBeVisible();
  await expect
    .poll(() =>
      page
        .getByTestId('navbar-avatar')
        .locator('img')
        .evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth),
    )
    .toBeGreaterThan(0);
  await page.getByRole('button', { name: '用户菜单' }).click();
  await expect(page.getByRole('menuitem', { name: '账号设置' })).toBeVisible();
  await shot(page, 'account-avatar-menu', { fullPage: false });
});
