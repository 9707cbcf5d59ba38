// A tenant's sign-off rules as its own setting: how many levels its buildings are signed at, whether one
// person may sign two levels, its report numbers' prefix. Every user of the tenant reads them; its group admin
// changes them (the super admin sets any tenant's in 集团租户, the same columns of sys_tenant).
import { SETTINGS_TEXTS, type SignoffSettings, type SignoffSettingsAnswer } from '../../../schemas/review';
import type { Caller } from '../db/caller';
import type { Db } from '../db/database';
import { ApiError, badRequest } from '../errors';

const canEdit = (caller: Caller) => caller.roles.includes('groupAdmin');

async function tenantOf(db: Db, caller: Caller) {
  const t = caller.tenantId
    ? await db
        .selectFrom('sys_tenant')
        .select(['name', 'code', 'signoff_levels', 'signoff_same_person', 'report_prefix'])
        .where('id', '=', caller.tenantId)
        .executeTakeFirst()
    : undefined;
  if (!t) throw badRequest(SETTINGS_TEXTS.noTenant);
  return t;
}

export async function signoffSettings(db: Db, caller: Caller): Promise<SignoffSettingsAnswer> {
  const t = await tenantOf(db, caller);
  return {
    tenantName: String(t.name),
    signoffLevels: Number(t.signoff_levels ?? 4),
    signoffSamePerson: Number(t.signoff_same_person ?? 0) === 1 ? 1 : 0,
    reportPrefix: String(t.report_prefix ?? ''),
    defaultPrefix: String(t.code),
    canEdit: canEdit(caller),
  };
}

export async function saveSignoffSettings(
  db: Db,
  caller: Caller,
  body: SignoffSettings,
): Promise<SignoffSettingsAnswer> {
  await tenantOf(db, caller);
  if (!canEdit(caller)) throw new ApiError(403, 0, SETTINGS_TEXTS.forbidden);
  await db
    .updateTable('sys_tenant')
    .set({
      signoff_levels: body.signoffLevels,
      signoff_same_person: body.signoffSamePerson,
      report_prefix: body.reportPrefix?.trim() || null,
    })
    .where('id', '=', caller.tenantId!)
    .execute();
  return signoffSettings(db, caller);
}
