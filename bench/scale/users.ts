// The users of the scale run and what each one opens: the super admin (every tenant's buildings, the platform's
// 统计分析), the big tenant's group admin and calculators (whose buildings carry tens of thousands of rows), and
// group admins and calculators of other tenants taken in turn. Each opens the largest building they may read on its
// 建材生产 page, a completed one on the result and compare pages, and a report of their tenant on the verify page.
import type { Raw } from '../lib/raw';
import { PASSWORDS } from '../lib/target';
import { SCALE, userId, userName } from './generate';

export interface ScaleUser {
  name: string;
  password: string;
  /** the sys_user id (the unread count's path names it) */
  id: number;
  /** tenant number k (0: the super admin) */
  k: number;
  role: 'admin' | 'groupAdmin' | 'user';
  /** the largest building the user may read (its 建材生产 page) and its rows */
  big: { id: number; rows: number };
  /** a completed building of theirs (result and compare pages) and its compute method */
  done: { id: number; method: string };
  /** the name fragment of the filtered list */
  nameFilter: string;
  /** the address the user's requests come from (X-Forwarded-For: each user at their own machine) */
  address: string;
  token?: string;
}

/** Who is who among `n` users: the super admin, a fifth from the big tenant, the rest from tenants 2, 3 … */
export function pickUsers(n: number): { k: number; j: number }[] {
  const out: { k: number; j: number }[] = [{ k: 0, j: 0 }];
  const big = Math.max(2, Math.round(n / 5));
  for (let j = 0; j < big && out.length < n; j++) out.push({ k: 1, j });
  // other tenants: their group admin, then calculators 1 and 2 (tenants 2–4 have a building of 20 000–40 000 rows)
  for (let k = 2; out.length < n; k++) for (const j of [0, 1, 2]) if (out.length < n) out.push({ k, j });
  return out;
}

/** The picked users with the buildings they open (read from the plan generate.ts kept). */
export async function scaleUsers(raw: Raw, n: number): Promise<ScaleUser[]> {
  const out: ScaleUser[] = [];
  for (const [index, { k, j }] of pickUsers(n).entries()) {
    const role = k === 0 ? 'admin' : j === 0 ? 'groupAdmin' : 'user';
    const id =
      k === 0
        ? Number((await raw.query<{ id: number }>(`select id from sys_user where user_name = 'admin'`))[0].id)
        : userId(k, j);
    // what the user may read: everything (super admin), the tenant (group admin), what they made or sign (user)
    const mine =
      role === 'admin'
        ? 'true'
        : role === 'groupAdmin'
          ? `b.k = ${k}`
          : `(b.creator = ${id} or ${id} in (b.checker, b.reviewer, b.approver))`;
    const [big] = await raw.query<{ id: number; rows: number }>(
      `select b.id, b.rows from bench_scale_building b where ${mine} order by b.rows desc, b.id limit 1`,
    );
    const [done] = await raw.query<{ id: number; method: string }>(
      `select p.id, p.compute_method as method from bench_scale_building b join tpf3_project p on p.id = b.id where ${mine} and b.m between 10 and 59 order by b.id limit 1`,
    );
    out.push({
      name: k === 0 ? 'admin' : userName(k, j),
      password: k === 0 ? PASSWORDS.admin : SCALE.password,
      id,
      k,
      role,
      big: { id: Number(big.id), rows: Number(big.rows) },
      done: { id: Number(done.id), method: done.method },
      nameFilter: `规模楼${Math.max(k, 1)}-1`,
      address: `10.${20 + (index >> 8)}.${index & 255}.1`,
    });
  }
  return out;
}

/** Signed reports to look up on the verify page (number and check code), newest first. */
export async function verifyTargets(raw: Raw): Promise<{ no: string; code: string }[]> {
  const rows = await raw.query<{ no: string; code: string }>(
    `select report_no as no, check_code as code from tpf3_review_report order by approved_at desc`,
  );
  return rows.map((r) => ({ no: String(r.no), code: String(r.code) }));
}
