// Account settings: profile edits of one's own record only, password change ending
// the other sessions, avatars checked by their bytes and re-encoded, the first-login password change, trial
// expiry, and administrators' password changes ending the user's sessions.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANUAL_ROUTE } from '../../src/server/help/routes';
import { setConfig } from './accountHelpers';
import { engineeringBody } from './builders';
import { b64, testApp, TEST_PASSWORDS, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const USER = '/api/sys/v1/sys/sysUser/';
const ME = '/api/sys/v1/sys/sysUser/currentUser';
const PW = '/api/sys/v1/sys/sysUser/updatePassword';
const AVATAR = '/api/sys/v1/oss/filerecord/folderFile';

async function newUser(
  userName: string,
  over: Record<string, unknown> = {},
): Promise<{ id: number; password: string }> {
  const admin = await t.login('admin');
  const demo = (await t.database.db
    .selectFrom('sys_tenant')
    .select('id')
    .where('code', '=', 'demo')
    .executeTakeFirstOrThrow()) as { id: number };
  const password = `${userName}-Pass-1`;
  const r = await t.call('POST', USER, admin, {
    userName,
    name: '测试用户',
    password,
    roleList: [],
    tenantId: demo.id,
    ...over,
  });
  if (r.body.code !== 1) throw new Error(JSON.stringify(r.body));
  return { id: r.body.data.id, password };
}

function upload(token: string, content: Buffer, filename = 'me.png', mime = 'image/png') {
  const boundary = '----tansuanAvatar';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: AVATAR,
    headers: { 'access-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

describe('profile', () => {
  it('changes only the profile fields of the caller’s own record', async () => {
    const u = await newUser('prof_a');
    const token = await t.login('prof_a', u.password);
    const r = await t.call('PUT', USER, token, {
      id: u.id,
      name: '张工',
      phone: '13912345678',
      email: 'zhang@example.cn',
      companyName: '某设计院',
      userType: '1',
    });
    expect(r.body.code).toBe(1);
    const me = (await t.call('GET', ME, token)).body.data;
    expect(me).toMatchObject({
      name: '张工',
      phone: '13912345678',
      email: 'zhang@example.cn',
      companyName: '某设计院',
      userType: '1',
      userName: 'prof_a',
    });

    const bad = await t.call('PUT', USER, token, { id: u.id, name: '张工', phone: '1391234' });
    expect(bad.body).toEqual({
      code: 2,
      message: '表单校验失败, 请检查输入!',
      data: [{ field: 'phone', errorMsg: '请输入正确的手机号' }],
    });
  });

  it('refuses mass assignment: role, authorisation, status, user name and tenant stay as they were', async () => {
    const u = await newUser('prof_b', { authFlag: 0 });
    const token = await t.login('prof_b', u.password);
    const other = (await t.database.db
      .selectFrom('sys_tenant')
      .select('id')
      .where('code', '<>', 'demo')
      .executeTakeFirst()) as { id: number } | undefined;
    for (const [field, value, title] of [
      ['roleList', ['admin'], '角色'],
      ['roleList', ['groupAdmin'], '角色'],
      ['authFlag', 1, '授权状态'],
      ['status', 0, '状态'],
      ['userName', 'prof_b_new', '登录账号'],
      ['password', 'Sneaky-Pass-9', '密码'],
    ] as const) {
      const r = await t.call('PUT', USER, token, { id: u.id, name: '乙', [field]: value });
      expect([r.status, r.body.data], field).toEqual([403, [{ field, errorMsg: `${title}不能在账号设置中修改` }]]);
    }
    // tenantId is a system field: accepted and ignored
    const moved = await t.call('PUT', USER, token, { id: u.id, name: '乙', tenantId: other?.id ?? 999 });
    expect(moved.body.code).toBe(1);
    const row = (await t.database.db
      .selectFrom('sys_user')
      .selectAll()
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow()) as Record<string, unknown>;
    expect(row).toMatchObject({ user_name: 'prof_b', auth_flag: 0, status: 1, role_list: [], name: '乙' });
    expect(row.tenant_id).not.toBe(other?.id ?? 999);
    expect(await t.login('prof_b', u.password)).toBeTruthy();
  });

  it('a plain user cannot change anybody else’s record, and phones stay unique', async () => {
    const a = await newUser('prof_c', { phone: '13700000001' });
    const b = await newUser('prof_d');
    const token = await t.login('prof_d', b.password);
    expect((await t.call('PUT', USER, token, { id: a.id, userName: 'prof_c', name: '改别人' })).status).toBe(403);
    const dup = await t.call('PUT', USER, token, { id: b.id, name: '丁', phone: '13700000001' });
    expect(dup.body.data).toEqual([{ field: 'phone', errorMsg: '手机号已被其他账号使用' }]);
  });
});

describe('password change', () => {
  it('checks the old password and the rule, keeps the current session and ends the others', async () => {
    const u = await newUser('pw_a');
    const here = await t.login('pw_a', u.password);
    const elsewhere = await t.login('pw_a', u.password);
    const change = (oldPassword: string, newPassword: string) =>
      t.call('PUT', PW, here, { oldPassword: b64(oldPassword), newPassword: b64(newPassword) });

    expect((await change('Wrong-Old-1', 'Next-Pass-22')).body.data).toEqual([
      { field: 'oldPassword', errorMsg: '原密码不正确' },
    ]);
    expect((await change(u.password, 'onlyletters')).body.data).toEqual([
      { field: 'newPassword', errorMsg: '密码至少 8 位，须同时包含字母和数字' },
    ]);
    expect((await change(u.password, '12345678')).body.data).toEqual([
      { field: 'newPassword', errorMsg: '密码至少 8 位，须同时包含字母和数字' },
    ]);
    expect((await change(u.password, 'Ab1')).body.data).toEqual([
      { field: 'newPassword', errorMsg: '密码至少 8 位，须同时包含字母和数字' },
    ]);
    expect((await change(u.password, u.password)).body.data).toEqual([
      { field: 'newPassword', errorMsg: '新密码不能与原密码相同' },
    ]);
    // nothing changed so far: the other session is alive
    expect((await t.call('GET', ME, elsewhere)).status).toBe(200);

    expect((await change(u.password, 'Next-Pass-22')).body).toEqual({ code: 1, message: '密码修改成功', data: null });
    expect((await t.call('GET', ME, here)).status).toBe(200);
    expect((await t.call('GET', ME, elsewhere)).status).toBe(401);
    await expect(t.login('pw_a', u.password)).rejects.toThrow();
    expect(await t.login('pw_a', 'Next-Pass-22')).toBeTruthy();
  });
});

describe('passwords set by somebody else', () => {
  it('must be changed first: every other route answers 403 until then', async () => {
    const u = await newUser('first_a');
    const token = await t.login('first_a', u.password, { keepMustChange: true });
    const me = await t.call('GET', ME, token);
    expect(me.body.data.mustChangePassword).toBe(true);
    const list = await t.call('GET', '/api/tpf/v1/tpf/tpf3Engineering/', token);
    expect([list.status, list.body]).toEqual([403, { code: 0, message: '请先修改初始密码', data: null }]);
    expect(
      (await t.call('PUT', PW, token, { oldPassword: b64(u.password), newPassword: b64('Own-Choice-9') })).body.code,
    ).toBe(1);
    expect((await t.call('GET', ME, token)).body.data.mustChangePassword).toBe(false);
    expect((await t.call('GET', '/api/tpf/v1/tpf/tpf3Engineering/', token)).status).toBe(200);
  });

  it('an administrator setting a password ends all of the user’s sessions and asks for a new one', async () => {
    const u = await newUser('first_b');
    const token = await t.login('first_b', u.password);
    expect((await t.call('GET', ME, token)).body.data.mustChangePassword).toBe(false);
    const groupAdmin = await t.login('demo_admin');
    const record = (await t.call('GET', `${USER}${u.id}`, groupAdmin)).body.data;
    expect((await t.call('PUT', USER, groupAdmin, { ...record, password: 'Admin-Set-77' })).body.code).toBe(1);
    expect((await t.call('GET', ME, token)).status).toBe(401);
    const again = await t.login('first_b', 'Admin-Set-77', { keepMustChange: true });
    expect((await t.call('GET', ME, again)).body.data.mustChangePassword).toBe(true);
  });

  it('an administrator who must change their password edits nobody else meanwhile', async () => {
    const admin = await t.login('admin');
    const other = await newUser('first_c');
    const ga = await newUser('first_ga', { roleList: ['groupAdmin'] });
    const token = await t.login('first_ga', ga.password, { keepMustChange: true });
    const record = (await t.call('GET', `${USER}${other.id}`, admin)).body.data;
    const r = await t.call('PUT', USER, token, { ...record, name: '被改' });
    expect([r.status, r.body.message]).toEqual([403, '请先修改初始密码']);
    // their own profile is theirs to edit
    expect((await t.call('PUT', USER, token, { id: ga.id, name: '新管理员' })).body.code).toBe(1);
  });

  it('the seed asks for no change of passwords the operator chose (ADMIN_PASSWORD, the tests’ fixed ones)', async () => {
    const token = await t.login('admin', TEST_PASSWORDS.admin, { keepMustChange: true });
    expect((await t.call('GET', ME, token)).body.data.mustChangePassword).toBe(false);
  });
});

describe('trial accounts', () => {
  it('count the days of trial.days; once over, they read but neither create, calculate nor export', async () => {
    const trial = await t.login('demo_trial');
    expect((await t.call('GET', ME, trial)).body.data).toMatchObject({
      isTrial: true,
      trialDaysLeft: 30,
      trialExpired: false,
    });
    expect(
      (await t.call('POST', '/api/tpf/v1/tpf/tpf3Engineering/', trial, engineeringBody({ name: '试用期内的工程' })))
        .body.code,
    ).toBe(1);

    const admin = await t.login('admin');
    await setConfig(t, admin, 'trial.days', '0');
    try {
      expect((await t.call('GET', ME, trial)).body.data).toMatchObject({ trialDaysLeft: 0, trialExpired: true });
      const ended = { code: 0, message: '试用期已结束，请联系管理员开通正式账号', data: null };
      for (const [method, url, body] of [
        ['POST', '/api/tpf/v1/tpf/tpf3Engineering/', engineeringBody({ name: '过期后的工程' })],
        ['GET', '/api/tpf/v1/tpf/tpf3Engineering/export', undefined],
        ['GET', '/api/tpf/v1/tpf/stage/produce/calculate?projectId=1', undefined],
        ['GET', '/api/tpf/v1/tpf/tpf3Project/exportPdf?projectId=1&type=pdf', undefined],
        ['GET', '/api/tpf/v1/tpf/tpf3Project/getExcelByID?projectID=1', undefined],
        ['GET', '/api/tpf/v1/tpf/tpf3Project/copy?projectId=1', undefined],
      ] as const) {
        const r = await t.call(method, url, trial, body);
        expect([r.status, r.body], url).toEqual([403, ended]);
      }
      // reading, the user manual (it stores its download: a write the trial may still make) and the own account still
      // work
      expect((await t.call('GET', MANUAL_ROUTE, trial)).body.code).toBe(1);
      const list = await t.call('GET', '/api/tpf/v1/tpf/tpf3Engineering/', trial);
      expect(list.body.data.dataList.map((e: { name: string }) => e.name)).toContain('试用期内的工程');
      const me = (await t.call('GET', ME, trial)).body.data;
      expect((await t.call('PUT', USER, trial, { id: me.userId, name: '试用用户改名' })).body.code).toBe(1);
      // formal accounts are not affected
      const user = await t.login('demo_user');
      expect(
        (await t.call('POST', '/api/tpf/v1/tpf/tpf3Engineering/', user, engineeringBody({ name: '正式账号的工程' })))
          .body.code,
      ).toBe(1);
    } finally {
      await setConfig(t, admin, 'trial.days', '30');
    }
  });
});

describe('avatar', () => {
  it('takes a PNG, JPEG or WebP of at most 2 MB, recognised by its bytes, and keeps a 256 × 256 PNG', async () => {
    const u = await newUser('ava_a');
    const token = await t.login('ava_a', u.password);
    const jpeg = await sharp({ create: { width: 640, height: 320, channels: 3, background: '#2e7d32' } })
      .jpeg()
      .toBuffer();
    const r = await upload(token, jpeg, 'photo.jpg', 'image/jpeg');
    expect(r.statusCode).toBe(200);
    const url = r.json().data.url as string;
    expect(url).toMatch(/^\/upload\/[0-9a-f-]{36}\?token=/);
    expect((await t.call('GET', ME, token)).body.data.avatar).toBe(url);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.headers['content-type']).toBe('image/png');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 256, 256]);

    // a new avatar replaces the old file
    const webp = await sharp({ create: { width: 100, height: 300, channels: 4, background: '#ffffff80' } })
      .webp()
      .toBuffer();
    const second = await upload(token, webp, 'x.webp', 'image/webp');
    expect(second.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('refuses other files, fakes and oversized images, naming the rule, and keeps the avatar', async () => {
    const u = await newUser('ava_b');
    const token = await t.login('ava_b', u.password);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#00796b' } })
      .png()
      .toBuffer();
    const url = (await upload(token, png)).json().data.url;

    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    for (const [content, name] of [
      [Buffer.from('这不是图片，只是改了扩展名'), 'fake.png'],
      [gif, 'anim.png'],
      [svg, 'vector.png'],
    ] as const) {
      const r = await upload(token, content, name);
      expect([r.statusCode, r.json()], name).toEqual([
        400,
        { code: 0, message: '头像只支持 PNG、JPEG 或 WebP 图片', data: null },
      ]);
    }
    // PNG bytes that do not decode
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    expect((await upload(token, broken)).json().message).toBe('头像图片无法读取，请换一张图片');
    // over 2 MB
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024, 1)]);
    const tooBig = await upload(token, big);
    expect([tooBig.statusCode, tooBig.json().message]).toEqual([413, '头像图片不能超过 2M']);
    expect((await t.call('GET', ME, token)).body.data.avatar).toBe(url);
  });
});
