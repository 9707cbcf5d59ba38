// The scale data set's 校审: each signed revision's steps (提交, 校对, 审核, 审定 — a revised building its 新建修订版
// first), its frozen report (a PDF of ~190 KB and a Word file of ~50 KB of incompressible bytes, as a drawn report
// takes on disk; the verify page reads only the figures beside them) with its check code, the buildings waiting at
// 校对, 审核 or 审定 with the steps so far, the report numbers issued so far, and every user's inbox: the
// notifications the sign-off sends and the platform's notices, most of them read.
import type { Query, Raw } from '../lib/raw';
import { step } from './generate';

/** The steps after a submission, with the signer column and the state each leads from. */
const LEVELS = [
  { from: 'check', to: 'review', signer: 'checker_id' },
  { from: 'review', to: 'approve', signer: 'reviewer_id' },
  { from: 'approve', to: 'approved', signer: 'approver_id' },
];

/** Steps of the buildings `where` selects (over p, the building), the last signed level given by `upTo` (0–3). */
async function events(q: Query, where: string, upTo: string): Promise<void> {
  const person = (col: string) =>
    `(select jsonb_build_object('id', u.id, 'account', u.user_name, 'realName', u.real_name) from sys_user u where u.id = p.${col})`;
  await q.query(`
    insert into tpf3_review_event (tenant_id, project_id, revision, action, from_state, to_state, user_id, create_date, signer_account, signer_name, signer_team, acknowledgements)
    select p.tenant_id, p.id, p.revision, 'submit', 'draft', 'check', p.create_by, p.update_date - interval '10 days',
           ${person('create_by')}->>'account', ${person('create_by')}->>'realName', jsonb_build_array(${person('create_by')}), '[]'::jsonb
      from tpf3_project p where ${where}`);
  for (const [n, l] of LEVELS.entries()) {
    await q.query(`
      insert into tpf3_review_event (tenant_id, project_id, revision, action, from_state, to_state, user_id, create_date, signer_account, signer_name, note)
      select p.tenant_id, p.id, p.revision, 'approve', '${l.from}', '${l.to}', p.${l.signer}, p.update_date - make_interval(days => ${7 - 3 * n}),
             ${person(l.signer)}->>'account', ${person(l.signer)}->>'realName', '同意'
        from tpf3_project p where ${where} and ${upTo} > ${n}`);
  }
}

export async function generateReview(raw: Raw, log: (s: string) => void): Promise<void> {
  await step(raw, log, 'sign-off steps', async (q) => {
    await q.query(`
      insert into tpf3_review_event (tenant_id, project_id, revision, action, from_state, to_state, user_id, create_date, note)
      select p.tenant_id, p.id, 'B', 'revise', 'approved', 'draft', p.create_by, p.create_date, '由修订版 A（报告 ' || a.report_no || '）新建'
        from tpf3_project p join tpf3_project a on a.id = p.revision_of`);
    await events(q, `p.review_state = 'approved'`, '3');
    await events(
      q,
      `p.review_state in ('check', 'review', 'approve')`,
      `(case p.review_state when 'check' then 0 when 'review' then 1 else 2 end)`,
    );
  });
  await step(raw, log, '2 000 frozen reports', async (q) => {
    // incompressible bytes (hex of md5s), so the files take on disk what real ones do
    await q.query(`
      insert into tpf3_review_report (report_no, tenant_id, project_id, revision, building_name, total, intensity, signatures, approved_at, pdf, docx, pdf_sha256, check_code, sign_cert_sha256)
      select p.report_no, p.tenant_id, p.id, p.revision, p.name, p.total, p.streng3,
             jsonb_build_array(jsonb_build_object('title', '计算', 'names', c.real_name, 'date', to_char(p.update_date, 'YYYY-MM-DD')),
                               jsonb_build_object('title', '审定', 'names', ap.real_name, 'date', to_char(p.update_date, 'YYYY-MM-DD'))),
             p.update_date,
             decode((select string_agg(md5(p.id::text || '-' || g), '') from generate_series(1, 6000) g), 'hex'),
             decode((select string_agg(md5(g || '-' || p.id::text), '') from generate_series(1, 1600) g), 'hex'),
             md5(p.report_no) || md5(p.report_no || 'x'), substr(md5(p.report_no || 'code'), 1, 16), null
        from tpf3_project p join sys_user c on c.id = p.create_by join sys_user ap on ap.id = p.approver_id
       where p.review_state = 'approved'`);
    await q.query(`
      insert into tpf3_report_no_seq (prefix, year, last)
      select substring(report_no from '^(.*)-[0-9]{4}-[0-9]+$'), substring(report_no from '-([0-9]{4})-[0-9]+$')::int, max(substring(report_no from '-([0-9]+)$')::int)
        from tpf3_project where report_no is not null group by 1, 2
      on conflict (prefix, year) do update set last = greatest(tpf3_report_no_seq.last, excluded.last)`);
  });
  await step(raw, log, 'notifications', async (q) => {
    // the sign-off's: one per step each signer was asked for, to the calculator at 已审定; unread while waiting
    await q.query(`
      insert into sys_notify (create_date, tenant_id, title, content, kind, link, user_id, read_flag, create_by)
      select e.create_date, e.tenant_id, '请签署单体「' || p.name || '」', '单体「' || p.name || '」已提交校审，请您签署或退回。', 'review',
             '/review?id=' || p.id, case e.to_state when 'check' then p.checker_id when 'review' then p.reviewer_id when 'approve' then p.approver_id else p.create_by end,
             case when e.to_state = p.review_state then 0 else 1 end, e.user_id
        from tpf3_review_event e join tpf3_project p on p.id = e.project_id where e.action in ('submit', 'approve')`);
    // the platform's notices and imports' messages: 60 a user, the last 5 unread
    await q.query(`
      insert into sys_notify (create_date, tenant_id, title, content, kind, link, user_id, read_flag)
      select now() - make_interval(days => g * 5), u.tenant_id, '平台通知 ' || g, '因子库已更新，请检查受影响的单体。', 'notice', null, u.id,
             case when g <= 5 then 0 else 1 end
        from sys_user u cross join generate_series(1, 60) g where u.id >= 1000`);
  });
}
