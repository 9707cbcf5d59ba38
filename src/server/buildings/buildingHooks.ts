// Building rules beyond the schema: the module's standards, project stages and stage menus
// from schemas/standards.ts with the menu rules applied on save; compileOrg defaulting to the company name;
// collaborators changed only by the creator; the module fixed after creation; deleting a building deletes
// the rows that belong to it. Records carry the engineering's name, code and area and the creator's name.
import { choicesFor, menusForSave, moduleDef, splitMenus, standardDef } from '../../../schemas/standards';
import type { FieldError } from '../../../schemas/validation';
import { registerHooks } from '../db/hooks';
import { isPlainUser } from '../db/scope';
import { columnName } from '../db/naming';
import { forbidden, invalid } from '../errors';
import { resources, resourceDef } from '../db/registry';
import { defaultGridFactorId } from './gridFactor';
import { currentRevisionFor, supersededIds } from './revisions';
import { staleIds } from './stale';

export const DEFAULT_COMPILE_ORG = '默认集团';
export const MSG_NO_MENU = '请至少选择一个计算阶段!';

/** Resources whose rows belong to a building (stage rows, extended data): deleted and copied with it. */
export const projectOwned = () => resources.filter((r) => r.meta.ownedByProject);

const ids = (text: unknown) =>
  [
    ...new Set(
      String(text ?? '')
        .split(';')
        .filter(Boolean)
        .map(Number),
    ),
  ].sort((a, b) => a - b);

registerHooks('tpf3Project', {
  // a list offers each building once, by its current revision; the older ones are read through its chain
  listWhere: currentRevisionFor,
  async validate({ trx, caller, body, existing }) {
    const errors: FieldError[] = [];
    const module = String(body.computeMethod);
    const standard = String(body.standard);
    const stage = String(body.stage);
    if (existing && existing.computeMethod !== module)
      errors.push({ field: 'computeMethod', errorMsg: '计算方式创建后不能修改' });
    const std = standardDef(module, standard);
    if (!moduleDef(module) || !std) errors.push({ field: 'standard', errorMsg: '请选择计算标准' });
    else {
      const choice = choicesFor(module, standard);
      if (!choice.stages.some((s) => s.name === stage && !s.disabled))
        errors.push({ field: 'stage', errorMsg: '请选择项目阶段' });
      const fixed = [moduleDef(module)!.fixedMenus?.first?.code, moduleDef(module)!.fixedMenus?.last?.code];
      const chosen = splitMenus(body.menus as string).filter((c) => !fixed.includes(c));
      const offered = choice.menus.filter((m) => !m.disabled).map((m) => m.code);
      const unknown = chosen.filter((c) => !offered.includes(c));
      const menus = menusForSave(module, standard, stage, chosen, splitMenus(existing?.menus as string | undefined));
      if (unknown.length) errors.push({ field: 'menus', errorMsg: `计算阶段不可选: ${unknown.join(',')}` });
      else if (!menus.some((c) => !fixed.includes(c))) errors.push({ field: 'menus', errorMsg: MSG_NO_MENU });
      else body.menus = menus.join(',');
    }
    const collaborators = ids(body.userId);
    if (existing && ids(existing.userId).join(';') !== collaborators.join(';') && existing.createBy !== caller.userId)
      throw forbidden();
    if (collaborators.length) {
      const tenantId = existing ? existing.tenantId : caller.tenantId;
      const found = await trx
        .selectFrom('sys_user')
        .select('id')
        .where('id', 'in', collaborators)
        .where('tenant_id', '=', tenantId as number)
        .execute();
      if (found.length !== collaborators.length) errors.push({ field: 'userId', errorMsg: '协作人不存在' });
    }
    body.userId = collaborators.join(';');
    if (errors.length) throw invalid(errors);
    if (typeof body.gridFactorId !== 'number') {
      const id = await defaultGridFactorId(trx, String(body.site));
      if (id) body.gridFactorId = id;
    }
    if (!String(body.compileOrg ?? '').trim()) {
      const user = await trx
        .selectFrom('sys_user')
        .select('company_name')
        .where('id', '=', caller.userId)
        .executeTakeFirst();
      body.compileOrg = (user?.company_name as string | null)?.trim() || DEFAULT_COMPILE_ORG;
    }
  },
  async beforeDelete({ trx, caller, ids: deleting }) {
    // a collaborator edits a building but only its creator (or a group admin) deletes it
    if (!isPlainUser(caller)) return;
    const others = await trx
      .selectFrom('tpf3_project')
      .select('id')
      .where('id', 'in', deleting)
      .where('create_by', '<>', caller.userId)
      .limit(1)
      .executeTakeFirst();
    if (others) throw forbidden();
  },
  async afterDelete({ trx, ids: deleted }) {
    for (const r of projectOwned())
      await trx.deleteFrom(r.table).where(columnName('projectId'), 'in', deleted).execute();
  },
  async decorate({ ex, records }) {
    const engIds = [...new Set(records.map((r) => r.engineeringId as number).filter(Boolean))];
    const userIds = [...new Set(records.map((r) => r.createBy as number).filter(Boolean))];
    // the lookups at once (a list's last round trip on PostgreSQL; a transaction's connection queues them)
    const [engs, users, stale, superseded] = await Promise.all([
      engIds.length
        ? ex
            .selectFrom(resourceDef('tpf3Engineering').table)
            .select(['id', 'name', 'code', 'build_area'])
            .where('id', 'in', engIds)
            .execute()
        : [],
      userIds.length ? ex.selectFrom('sys_user').select(['id', 'name']).where('id', 'in', userIds).execute() : [],
      // (a list leaves resultDetail out: staleSql itself skips buildings without a result)
      staleIds(
        ex,
        records.map((r) => r.id),
      ),
      supersededIds(
        ex,
        records.filter((r) => r.reviewState === 'approved').map((r) => r.id),
      ),
    ]);
    const eng = new Map(engs.map((e) => [Number(e.id), e]));
    const user = new Map(users.map((u) => [Number(u.id), u.name as string]));
    for (const r of records) {
      const e = eng.get(r.engineeringId as number);
      r.engineeringName = (e?.name as string) ?? '';
      r.engineeringCode = (e?.code as string) ?? '';
      r.engineeringBuildArea = e?.build_area == null ? null : Number(e.build_area);
      r.createByName = user.get(r.createBy as number) ?? '';
      r.resultStale = stale.has(r.id);
      r.superseded = superseded.has(r.id);
    }
  },
});
