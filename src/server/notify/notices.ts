// 通知公告 (/sys/notify): a super admin's notice goes to every user, or to one tenant when it names one; a group
// admin's to their own tenant (the repository places the row in the caller's tenant). Creating it sends it in
// the same transaction; a sent notice is not rewritten (x-resource.immutable).
import { registerHooks } from '../db/hooks';
import { invalid } from '../errors';
import { resourceDef } from '../db/registry';
import { notifyTenant } from './send';

export const ALL_USERS = '全部用户';

registerHooks('sysNotice', {
  async validate({ trx, caller, op, body }) {
    if (op !== 'create') return;
    const target = body.tenantId;
    if (caller.isAdmin && target != null) {
      const found =
        typeof target === 'number' &&
        (await trx.selectFrom('sys_tenant').select('id').where('id', '=', target).executeTakeFirst());
      if (!found) throw invalid([{ field: 'tenantId', errorMsg: '集团租户不存在' }]);
    }
  },

  async afterWrite({ trx, caller, op, record }) {
    if (op !== 'create') return;
    const n = await notifyTenant(
      trx,
      record.tenantId as number | null,
      { title: String(record.title), content: String(record.content), kind: 'notice', link: '/notify' },
      caller.userId,
    );
    await trx.updateTable(resourceDef('sysNotice').table).set({ sent_count: n }).where('id', '=', record.id).execute();
    record.sentCount = n;
  },

  async decorate({ ex, records }) {
    const ids = [...new Set(records.map((r) => r.tenantId).filter((t): t is number => typeof t === 'number'))];
    const names = ids.length
      ? new Map(
          (await ex.selectFrom('sys_tenant').select(['id', 'name']).where('id', 'in', ids).execute()).map((t) => [
            Number(t.id),
            String(t.name),
          ]),
        )
      : new Map();
    for (const r of records) r.scopeName = r.tenantId == null ? ALL_USERS : (names.get(r.tenantId as number) ?? '');
  },
});
