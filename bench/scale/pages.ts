// The pages of the scale run and the requests each one sends when it opens, as the client sends them (at once):
// src/client/buildings/BuildingList.tsx (react-admin list of tpf3Project, 10 newest), stages/StagePage.tsx
// (the building, its rows' first page with the 合计 in `sums`, stage/data, its comments), results/ResultPage.tsx
// (the building's result and its reference lines), results/ComparePage.tsx (统计分析 without a module, compare with
// one: the sums, the engineering table or the current building, and — as if every visitor opened 对比建筑, which
// asks for them only then — its 20 newest completed buildings),
// review/WaitingList.tsx (待我校审), notify/NotifyPage.tsx (the inbox's first page and the unread count) and
// review/VerifyPage.tsx (public: no session, a visitor of its own).
import type { ScaleUser } from './users';

export interface PageRequest {
  url: string;
  /** public: sent without the session, from a new visitor's address */
  visitor?: boolean;
}

export interface Page {
  name: string;
  requests: PageRequest[];
}

const TPF = '/api/tpf/v1/tpf';
const qs = (q: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
const LIST = { pageNum: 1, pageSize: 10, sortField: 'createDate', sortOrder: 'descend' };
const PICKER = { status: 1, pageSize: 20, sortField: 'updateDate', sortOrder: 'descend' };

/** The page names in the order a user goes through them (the printed table's order). */
export const PAGE_NAMES = [
  'list',
  'list-filter',
  'stage',
  'result',
  'statistics',
  'compare',
  'waiting',
  'notify',
  'verify',
] as const;

export function userPages(u: ScaleUser, report: () => { no: string; code: string }): Page[] {
  const building = (id: number) => `${TPF}/tpf3ProjectV/${id}`;
  const statistics = `${TPF}/tpf3ProjectV/statistics`;
  return [
    { name: 'list', requests: [{ url: `${TPF}/tpf3Project/?${qs(LIST)}` }] },
    {
      name: 'list-filter',
      requests: [{ url: `${TPF}/tpf3Project/?${qs({ ...LIST, name: u.nameFilter, status: 1 })}` }],
    },
    {
      name: 'stage',
      requests: [
        { url: building(u.big.id) },
        {
          url: `${TPF}/stage/produce/?${qs({ pageNum: 1, pageSize: 10, sortField: 'id', sortOrder: 'ascend', projectId: u.big.id })}`,
        },
        { url: `${TPF}/stage/data?${qs({ tpf3ProjectId: u.big.id })}` },
        { url: `${TPF}/review/${u.big.id}` },
      ],
    },
    { name: 'result', requests: [{ url: building(u.done.id) }, { url: `${TPF}/decide/${u.done.id}/reference` }] },
    {
      name: 'statistics',
      requests: [
        { url: statistics },
        { url: `${TPF}/tpf3Engineering/?${qs(LIST)}` },
        { url: `${TPF}/tpf3ProjectV/?${qs(PICKER)}` },
      ],
    },
    {
      name: 'compare',
      requests: [
        { url: statistics },
        { url: building(u.done.id) },
        { url: `${TPF}/tpf3ProjectV/?${qs({ ...PICKER, computeMethod: u.done.method })}` },
      ],
    },
    { name: 'waiting', requests: [{ url: `${TPF}/review/mine` }] },
    {
      name: 'notify',
      requests: [{ url: `/api/sys/v1/sys/sysNotify/?${qs(LIST)}` }, { url: `/api/sys/v1/sys/sysNotify/count/${u.id}` }],
    },
    {
      name: 'verify',
      requests: [
        (() => {
          const r = report();
          return { url: `${TPF}/verify/${encodeURIComponent(r.no)}?${qs({ c: r.code })}`, visitor: true };
        })(),
      ],
    },
  ];
}
