// Who holds which level of a building's sign-off: 计算 is its creator and collaborators; 校对, 审核,
// 审定 the users named in the building's fields, as many levels as its tenant signs at (sys_tenant.signoff_levels,
// 2–4, default 4). One person holds one level of a revision unless the tenant allows more (signoff_same_person).
import { sql } from 'kysely';
import { CALC_ROLE, DEFAULT_LEVELS, levelsOf, signerLabel, type LevelDef } from '../../../schemas/review';
import type { FieldError } from '../../../schemas/validation';
import type { Executor } from '../db/database';
import type { ApiRecord } from '../db/record';
import { userIdList } from '../notify/send';

export interface Policy {
  levels: number;
  samePerson: boolean;
  prefix: string;
}

/** The tenant's sign-off rules (a building without a tenant: the defaults). */
export async function policyOf(ex: Executor, tenantId: unknown): Promise<Policy> {
  const t =
    typeof tenantId === 'number'
      ? await ex
          .selectFrom('sys_tenant')
          .select(['code', 'signoff_levels', 'signoff_same_person', 'report_prefix'])
          .where('id', '=', tenantId)
          .executeTakeFirst()
      : undefined;
  const levels = Number(t?.signoff_levels);
  return {
    levels: Number.isInteger(levels) && levels >= 2 && levels <= 4 ? levels : DEFAULT_LEVELS,
    samePerson: Number(t?.signoff_same_person) === 1,
    prefix: String(t?.report_prefix || t?.code || 'TS'),
  };
}

/**
 * The rules a revision is signed under: while it is under review or signed, those stored at its submission (the
 * tenant may change its settings meanwhile: a revision submitted at 4 levels is signed at 4); being edited, the
 * tenant's own. The prefix of its report number stays the tenant's.
 */
export async function revisionPolicy(ex: Executor, b: ApiRecord): Promise<Policy> {
  const tenant = await policyOf(ex, b.tenantId);
  const levels = Number(b.reviewLevels);
  if (String(b.reviewState || 'draft') === 'draft' || !(Number.isInteger(levels) && levels >= 2 && levels <= 4))
    return tenant;
  return { ...tenant, levels, samePerson: b.reviewSamePerson === true };
}

/** A signer as fixed in a signature: the account and the 实名 of that moment. */
export interface Identity {
  id: number;
  account: string;
  realName: string | null;
}

export async function identities(ex: Executor, ids: number[]): Promise<Map<number, Identity>> {
  const list = [...new Set(ids)];
  if (!list.length) return new Map();
  const rows = await ex
    .selectFrom('sys_user')
    .select(['id', 'user_name', 'real_name'])
    .where('id', 'in', list)
    .execute();
  return new Map(
    rows.map((r) => [
      Number(r.id),
      { id: Number(r.id), account: String(r.user_name), realName: (r.real_name as string | null) || null },
    ]),
  );
}

export const identityLabel = (i: Pick<Identity, 'account' | 'realName'>) => signerLabel(i.account, i.realName);

/** The building's own fields the sign-off itself writes (its state, number, signers): writing them edits no data. */
const SIGNOFF_COLUMNS = ['review_state', 'report_no', 'checker_id', 'reviewer_id', 'approver_id'];

/**
 * Which of `ids` wrote to the revision: any change of it recorded in its audit trail (its rows, its variants, its
 * own fields) but the sign-off's own steps. An author does not sign his own work unless the tenant allows one person
 * on two levels.
 */
export async function editorsAmong(ex: Executor, projectId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await ex
    .selectFrom('tpf3_audit')
    .select('user_id')
    .distinct()
    .where('project_id', '=', projectId)
    .where('user_id', 'in', ids)
    .where(
      sql<boolean>`not (resource = 'tpf3_project' and action = 'update' and coalesce(after, '{}'::jsonb) - ${sql.raw(`array[${SIGNOFF_COLUMNS.map((c) => `'${c}'`).join(', ')}]`)} = '{}'::jsonb)`,
    )
    .execute();
  return new Set(rows.map((r) => Number(r.user_id)));
}

export const EDITED_REVISION = '编辑过本修订版';

/** 计算人: the creator and the collaborators. */
export const calcPeople = (b: ApiRecord): number[] => [
  ...new Set([Number(b.createBy), ...userIdList(b.userId)].filter((n) => Number.isSafeInteger(n) && n > 0)),
];

export const signerOf = (b: ApiRecord, level: LevelDef): number | null =>
  typeof b[level.field] === 'number' ? (b[level.field] as number) : null;

/**
 * What is wrong with a building's signers under `policy`: a signer who is no user of its tenant, and (unless the
 * tenant allows it) one person on two levels. `complete`: every level the tenant signs at must have its person (a
 * submission); a building being edited may leave them empty.
 */
export async function signerProblems(
  ex: Executor,
  b: ApiRecord,
  policy: Policy,
  complete: boolean,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const levels = levelsOf(policy.levels);
  const named = levels.flatMap((l) => (signerOf(b, l) === null ? [] : [signerOf(b, l)!]));
  if (named.length) {
    const found = new Set(
      (
        await ex
          .selectFrom('sys_user')
          .select('id')
          .where('id', 'in', named)
          .where('tenant_id', '=', b.tenantId as number)
          .execute()
      ).map((r) => Number(r.id)),
    );
    for (const l of levels) {
      const id = signerOf(b, l);
      if (id !== null && !found.has(id)) errors.push({ field: l.field, errorMsg: `${l.role}不是本单位的用户` });
    }
  }
  if (complete)
    for (const l of levels)
      if (signerOf(b, l) === null) errors.push({ field: l.field, errorMsg: `请先在单体信息中选择${l.role}` });
  if (!policy.samePerson) {
    // (a submission: a signer who wrote to the revision is one of its authors)
    const editors = complete ? await editorsAmong(ex, b.id, named) : new Set<number>();
    const calc = new Set(calcPeople(b));
    const held = new Map<number, string>();
    for (const l of levels) {
      const id = signerOf(b, l);
      if (id === null) continue;
      const other = calc.has(id) ? CALC_ROLE : held.get(id);
      if (other) errors.push({ field: l.field, errorMsg: `${l.role}不能同时是${other}（本单位未允许一人兼任多级）` });
      else if (editors.has(id))
        errors.push({ field: l.field, errorMsg: `${l.role}${EDITED_REVISION}，不能签署（本单位未允许一人兼任多级）` });
      else held.set(id, l.role);
    }
  }
  return errors;
}
