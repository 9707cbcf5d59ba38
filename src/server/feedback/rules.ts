// 问题反馈: what this folder owns — the rules of sysFeedback on top of the generic routes (any user
// sends; only the super admin sets the status and replies; a reply reaches the sender's inbox) and the
// screenshot upload. Listing one's own is x-resource.personal (db/scope.ts).
import type { Executor } from '../db/database';
import { registerHooks } from '../db/hooks';
import { ApiError, invalid } from '../errors';
import { deleteFile, fileIdOf } from '../files/store';
import { resourceDef } from '../db/registry';
import { notifyUsers, userNames } from '../notify/send';

export const ONLY_ADMIN_REPLIES = '只有超级管理员可以处理反馈';
export const BAD_SCREENSHOT = '截图无效，请重新上传';

/** The screenshot must be a file this user uploaded (a link of ours, not any URL). */
async function checkScreenshot(ex: Executor, userId: number, link: unknown): Promise<void> {
  if (link == null || link === '') return;
  const id = fileIdOf(String(link));
  const file =
    id &&
    (await ex
      .selectFrom('sys_file')
      .select('id')
      .where('id', '=', id)
      .where('create_by', '=', userId)
      .executeTakeFirst());
  if (!file) throw invalid([{ field: 'screenshot', errorMsg: BAD_SCREENSHOT }]);
}

registerHooks('sysFeedback', {
  async validate({ trx, caller, op, body, existing }) {
    if (op === 'create') {
      body.status = '0';
      body.reply = null;
      await checkScreenshot(trx, caller.userId, body.screenshot);
      return;
    }
    if (!caller.isAdmin) throw new ApiError(403, 0, ONLY_ADMIN_REPLIES);
    // the sender's words stay theirs
    for (const k of ['feedbackType', 'content', 'contact', 'screenshot'] as const) body[k] = existing?.[k] ?? null;
  },

  async afterWrite({ trx, caller, op, record, existing }) {
    const reply = typeof record.reply === 'string' ? record.reply.trim() : '';
    if (op !== 'update' || !reply || reply === (existing?.reply ?? '')) return;
    const now = new Date().toISOString();
    await trx
      .updateTable(resourceDef('sysFeedback').table)
      .set({ reply_date: now })
      .where('id', '=', record.id)
      .execute();
    record.replyDate = now;
    const sender = Number(record.createBy);
    await notifyUsers(
      trx,
      [sender],
      {
        kind: 'feedback',
        title: '您的反馈已回复',
        content: `您于 ${String(record.createDate).slice(0, 10)} 提交的反馈已回复：${reply}`,
        link: '/feedback',
      },
      caller.userId,
    );
  },

  async beforeDelete({ trx, ids }) {
    const rows = await trx
      .selectFrom(resourceDef('sysFeedback').table)
      .select('screenshot')
      .where('id', 'in', ids)
      .execute();
    for (const r of rows) {
      const id = fileIdOf(r.screenshot as string | null);
      if (id) await deleteFile(trx, id);
    }
  },

  async decorate({ ex, records }) {
    const names = await userNames(ex, records.map((r) => Number(r.createBy)).filter(Boolean));
    for (const r of records) r.createByName = names.get(Number(r.createBy)) ?? '';
  },
});
