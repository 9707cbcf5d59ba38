// A user added as a collaborator on a building (协作者, tpf3Project.userId) is told so, once, by whoever added them.
import { registerHooks } from '../db/hooks';
import { resourceDef } from '../db/registry';
import { notifyUsers, userIdList, userNames } from './send';

registerHooks('tpf3Project', {
  async afterWrite({ trx, caller, op, record, existing }) {
    const before = new Set(op === 'update' ? userIdList(existing?.userId) : []);
    const added = userIdList(record.userId).filter((id) => !before.has(id) && id !== caller.userId);
    if (!added.length) return;
    const who = (await userNames(trx, [caller.userId])).get(caller.userId) ?? '';
    const engineering = await trx
      .selectFrom(resourceDef('tpf3Engineering').table)
      .select('name')
      .where('id', '=', record.engineeringId as number)
      .executeTakeFirst();
    const module = String(record.computeMethod);
    await notifyUsers(
      trx,
      added,
      {
        kind: 'collaborator',
        title: `您已被添加为单体「${record.name}」的协作者`,
        content: `${who || '管理员'}将您添加为${engineering ? `项目「${engineering.name}」中` : ''}单体「${record.name}」的协作者，您现在可以查看和编辑它的计算数据。`,
        link: `/${module}/project/list?engineeringId=${record.engineeringId}`,
      },
      caller.userId,
    );
  },
});
