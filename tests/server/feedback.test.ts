// 问题反馈: any user sends (trial and ended trial included) and lists only their own; the super admin
// lists all, sets the status and replies, and the reply reaches the sender's inbox; screenshots are checked
// like avatars and must be the sender's own upload.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setConfig } from './accountHelpers';
import { testApp, type TestApp } from './helpers';

const FEEDBACK = '/api/sys/v1/sys/sysFeedback';
const NOTIFY = '/api/sys/v1/sys/sysNotify';

let t: TestApp;
let admin: string, aAdmin: string, aUser: string, trial: string;

function shot(token: string, content: Buffer, name = 'shot.png') {
  const boundary = '----feedback' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `${FEEDBACK}/screenshot`,
    headers: { 'access-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const titlesOf = async (token: string) =>
  (await t.call('GET', `${FEEDBACK}/?pageSize=100`, token)).body.data.dataList.map(
    (f: { content: string }) => f.content,
  );

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin');
  aAdmin = await t.login('demo_admin');
  aUser = await t.login('demo_user');
  trial = await t.login('demo_trial');
});
afterAll(() => t.close());

describe('feedback', () => {
  it('is sent with a screenshot, listed by its sender only, answered by the super admin, and the answer is notified', async () => {
    const png = await sharp({ create: { width: 2600, height: 1400, channels: 3, background: '#1565c0' } })
      .png()
      .toBuffer();
    const up = await shot(aUser, png);
    expect(up.statusCode).toBe(200);
    const url = up.json().data as string;
    expect(url).toMatch(/^\/upload\/[0-9a-f-]{36}\?token=/);
    const file = await t.app.inject({ method: 'GET', url });
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1920, 1034]); // 2600×1400 fit inside 1920: 1400 × 1920/2600 = 1033.8

    const sent = await t.call('POST', `${FEEDBACK}/`, aUser, {
      feedbackType: '2',
      content: '导出报告时页面卡住',
      contact: '13800000000',
      screenshot: url,
      status: '1',
      reply: '自己回复自己',
    });
    expect(sent.body.code).toBe(1);
    expect(sent.body.data).toMatchObject({
      status: '0',
      reply: null,
      screenshot: url,
      createByName: expect.any(String),
    });
    expect(
      (await t.call('POST', `${FEEDBACK}/`, aAdmin, { feedbackType: '1', content: '希望增加批量导出' })).body.code,
    ).toBe(1);

    // each sender lists only their own — group admins too; the super admin lists all
    expect(await titlesOf(aUser)).toEqual(['导出报告时页面卡住']);
    expect(await titlesOf(aAdmin)).toEqual(['希望增加批量导出']);
    expect(await titlesOf(admin)).toEqual(expect.arrayContaining(['导出报告时页面卡住', '希望增加批量导出']));
    expect((await t.call('GET', `${FEEDBACK}/${sent.body.data.id}`, aAdmin)).status).toBe(404);

    // only the super admin answers; the sender's words stay theirs
    const forbidden = await t.call('PUT', `${FEEDBACK}/`, aUser, { ...sent.body.data, status: '1', reply: '已解决' });
    expect([forbidden.status, forbidden.body.message]).toEqual([403, '只有超级管理员可以处理反馈']);
    const answered = await t.call('PUT', `${FEEDBACK}/`, admin, {
      ...sent.body.data,
      content: '被改写的内容',
      status: '1',
      reply: '已在 V3.3 修复，请刷新页面后重试。',
    });
    expect(answered.body.code).toBe(1);
    expect(answered.body.data).toMatchObject({
      content: '导出报告时页面卡住',
      status: '1',
      reply: '已在 V3.3 修复，请刷新页面后重试。',
    });
    expect(Date.parse(answered.body.data.replyDate)).toBeGreaterThan(Date.now() - 60_000);

    const inbox = (await t.call('GET', `${NOTIFY}/?kind=feedback`, aUser)).body.data.dataList;
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ title: '您的反馈已回复', link: '/feedback', readFlag: 0 });
    expect(inbox[0].content).toContain('已在 V3.3 修复，请刷新页面后重试。');
    // saving the same reply again does not notify twice
    await t.call('PUT', `${FEEDBACK}/`, admin, answered.body.data);
    expect((await t.call('GET', `${NOTIFY}/?kind=feedback`, aUser)).body.data.total).toBe(1);

    // the filters of the admin page
    expect(
      (await t.call('GET', `${FEEDBACK}/?status=0&pageSize=100`, admin)).body.data.dataList.map(
        (f: { content: string }) => f.content,
      ),
    ).toEqual(['希望增加批量导出']);

    // deleting the feedback deletes its screenshot
    expect((await t.call('DELETE', `${FEEDBACK}/${sent.body.data.id}`, aUser)).body.code).toBe(1);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('refuses fake, oversized and foreign screenshots, and empty content, naming the rule', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const fake = await shot(aUser, svg, 'x.png');
    expect([fake.statusCode, fake.json().message]).toEqual([400, '截图只支持 PNG、JPEG 或 WebP 图片']);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const big = await shot(aUser, Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024, 1)]));
    expect([big.statusCode, big.json().message]).toEqual([413, '截图不能超过 2M']);
    const broken = await shot(aUser, Buffer.concat([png.subarray(0, 40), Buffer.alloc(100, 3)]));
    expect(broken.json().message).toBe('截图图片无法读取，请换一张图片');

    // another user's upload, or any other URL, is not a screenshot of this feedback
    const theirs = (await shot(aAdmin, png)).json().data as string;
    for (const screenshot of [
      theirs,
      'https://example.com/x.png',
      '/upload/00000000-0000-0000-0000-000000000000?token=abcdefghijkl',
    ]) {
      const r = await t.call('POST', `${FEEDBACK}/`, aUser, { feedbackType: '4', content: '截图测试', screenshot });
      expect([r.status, r.body.data], screenshot).toEqual([
        400,
        [{ field: 'screenshot', errorMsg: '截图无效，请重新上传' }],
      ]);
    }
    const empty = await t.call('POST', `${FEEDBACK}/`, aUser, { feedbackType: '4', content: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.data[0].field).toBe('content');
    expect(await titlesOf(aUser)).not.toContain('截图测试');
  });

  it('an ended trial can still send feedback and read its inbox, but not produce anything', async () => {
    await setConfig(t, admin, 'trial.days', '0');
    try {
      const r = await t.call('POST', `${FEEDBACK}/`, trial, {
        feedbackType: '1',
        content: '试用到期，申请开通正式账号',
      });
      expect(r.body.code).toBe(1);
      expect((await t.call('PUT', `${NOTIFY}/read`, trial, { all: true })).body.code).toBe(1);
      expect((await t.call('POST', '/api/tpf/v1/tpf/tpf3Engineering/', trial, { name: 'x' })).status).toBe(403);
    } finally {
      await setConfig(t, admin, 'trial.days', '30');
    }
  });
});

describe('the super admin’s own list', () => {
  it('?mine=true narrows his list to his own feedback; for others it changes nothing', async () => {
    expect(
      (await t.call('POST', `${FEEDBACK}/`, admin, { feedbackType: '4', content: '管理员自己的反馈' })).body.code,
    ).toBe(1);
    expect((await t.call('POST', `${FEEDBACK}/`, aUser, { feedbackType: '4', content: '用户的反馈' })).body.code).toBe(
      1,
    );
    const mine = (await t.call('GET', `${FEEDBACK}/?mine=true&pageSize=100`, admin)).body.data.dataList.map(
      (f: { content: string }) => f.content,
    );
    expect(mine).toEqual(['管理员自己的反馈']);
    expect(await titlesOf(admin)).toEqual(expect.arrayContaining(['管理员自己的反馈', '用户的反馈']));
    const userMine = (await t.call('GET', `${FEEDBACK}/?mine=true&pageSize=100`, aUser)).body.data.dataList.map(
      (f: { content: string }) => f.content,
    );
    expect(userMine).toEqual(await titlesOf(aUser));
  });
});
