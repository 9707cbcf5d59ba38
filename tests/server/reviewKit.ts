// What the 校审 API tests share: signers added to a tenant by the super admin (each logged in once, their tokens and
// ids kept by key), a completed building of demo_user naming them with one 建材生产 row (100 t × 2 kgCO2e/t =
// 200 kgCO2e = 0.2 t), its review page, a submission with every flag it shows acknowledged, a signature.
import { expect } from 'vitest';
import type { TestApp } from './helpers';
import { buildingBody, PROJECT } from './builders';

export const R = '/api/tpf/v1/tpf/review';
export const TPF = '/api/tpf/v1/tpf';
const USER = '/api/sys/v1/sys/sysUser/';

/** The one 建材生产 row of a kit's building: `quantity` t of steel at 2 kgCO2e/t. */
export const steelRow = (projectId: number, quantity = 100) => ({
  projectId,
  materialName: '钢材',
  unit: 't',
  quantity,
  factorValue: 2,
  factorUnit: 'kgCO2e/t',
  factorSource: '测试',
});

export interface Person {
  name: string;
  realName?: string | null;
  roleList?: string[];
  tenantId: number;
}

export class ReviewKit {
  /** tokens and ids by key; `calc` is demo_user, the 计算人 */
  readonly tok: Record<string, string> = {};
  readonly ids: Record<string, number> = {};
  admin = '';
  eng = 0;

  /** `prefix`: the user names' (`<prefix>_<key>`), so the test files' users never meet */
  constructor(
    private readonly t: TestApp,
    private readonly prefix: string,
  ) {}

  /** Logs the super admin and demo_user in; answers the demo tenant's id. */
  async start(): Promise<number> {
    this.admin = await this.t.login('admin');
    this.tok.calc = await this.t.login('demo_user');
    this.ids.calc = (await this.t.call('GET', `${USER}currentUser`, this.tok.calc)).body.data.userId;
    return Number(
      (
        await this.t.database.db
          .selectFrom('sys_tenant')
          .select('id')
          .where('code', '=', 'demo')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }

  async person(key: string, p: Person): Promise<void> {
    const password = `${key}-Pass-1`;
    const r = await this.t.call('POST', USER, this.admin, {
      userName: `${this.prefix}_${key}`,
      name: p.name,
      ...(p.realName !== undefined ? { realName: p.realName } : {}),
      password,
      roleList: p.roleList ?? [],
      tenantId: p.tenantId,
    });
    expect(r.body.code, JSON.stringify(r.body)).toBe(1);
    this.ids[key] = r.body.data.id;
    this.tok[key] = await this.t.login(`${this.prefix}_${key}`, password);
  }

  /** A completed building of demo_user naming the checker, reviewer and approver (and `over`), with one row. */
  async completedBuilding(name: string, over: Record<string, unknown> = {}): Promise<{ id: number; rowId: number }> {
    const { t, tok, ids } = this;
    const b = (
      await t.call(
        'POST',
        `${PROJECT}/`,
        tok.calc,
        buildingBody(this.eng, {
          name,
          code: name,
          menus: 'produce',
          checkerId: ids.checker,
          reviewerId: ids.reviewer,
          approverId: ids.approver,
          ...over,
        }),
      )
    ).body;
    expect(b.code, JSON.stringify(b)).toBe(1);
    const saved = await t.call('POST', `${TPF}/stage/produce/batch`, tok.calc, [steelRow(b.data.id)]);
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(1);
    expect((await t.call('PUT', `${PROJECT}/status`, tok.calc, { id: b.data.id, status: '1' })).body.code).toBe(1);
    const rows = (await t.call('GET', `${TPF}/stage/produce/?projectId=${b.data.id}`, tok.calc)).body.data.dataList;
    return { id: b.data.id, rowId: rows[0].id };
  }

  review = async (id: number, who = this.tok.calc) => (await this.t.call('GET', `${R}/${id}`, who)).body.data;

  /** Submits with a reason for every flag the review page shows (a 0.2 t building is far below the ranges). */
  submit = async (id: number, who = this.tok.calc) => {
    const flags = (await this.review(id, who)).flags as string[];
    return this.t.call('POST', `${R}/submit`, who, {
      projectId: id,
      acknowledgements: flags.map((text) => ({ text, reason: '测试用的示意数据' })),
    });
  };

  approve = (id: number, key: string, note?: string) =>
    this.t.call('POST', `${R}/approve`, this.tok[key], { projectId: id, ...(note ? { note } : {}) });
}
