// react-admin DataProvider over our API: react-admin params ↔ our list params (docs/api.md). The resource
// name is the registry name; its API path comes from the schema's x-resource.path.
import type { DataProvider, GetListParams, Identifier } from 'ra-core';

// react-admin's DataProvider methods are generic in the record type; records are plain JSON here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RaRecord = any;
import { DEFAULT_PAGE_SIZE } from '../constants';
import { clientResource } from '../registry';
import { apiFetch, apiUrl } from './httpClient';

export interface ListAnswer<T = Record<string, unknown>> {
  dataList: T[];
  total: number;
  /** the x-sum columns summed over every record of the filter, not only the page */
  sums?: Record<string, number>;
}

export interface DictItem {
  value: string;
  label: string;
  children?: DictItem[];
  [extra: string]: unknown;
}

export interface AppDataProvider extends DataProvider {
  /** DELETE <path>/deleteBatch — clears every row of the resource the caller may see. */
  clearAll(resource: string): Promise<{ data: null }>;
  /** GET sys/v1/sys/sysDict/dropDown/{dictCode} → { value: label }. */
  getDictDropDown(dictCode: string): Promise<Record<string, string>>;
  /** GET sys/v1/sys/sysDict/items/{dictCode} → the items tree. */
  getDictItems(dictCode: string): Promise<DictItem[]>;
}

const pathOf = (resource: string) => clientResource(resource).path;
const sortOrder = (order?: string) => (order ? (order.toUpperCase() === 'ASC' ? 'ascend' : 'descend') : undefined);

/** react-admin list params → our query: pageNum, pageSize, sortField, sortOrder and the filters as they are. */
export function listQuery(
  params: Partial<GetListParams>,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const { page = 1, perPage = DEFAULT_PAGE_SIZE } = params.pagination ?? {};
  const { field, order } = params.sort ?? { field: undefined, order: undefined };
  return {
    pageNum: page,
    pageSize: perPage,
    sortField: field || undefined,
    sortOrder: field ? sortOrder(order) : undefined,
    ...(params.filter ?? {}),
    ...extra,
  };
}

const json = (body: unknown) => JSON.stringify(body);

export function createDataProvider(): AppDataProvider {
  const list = async (resource: string, params: Partial<GetListParams>, extra?: Record<string, unknown>) => {
    const answer = await apiFetch<ListAnswer<RaRecord>>(apiUrl(`${pathOf(resource)}/`, listQuery(params, extra)), {
      signal: params.signal,
    });
    // (the sums reach a list page as its context's `meta`)
    return {
      data: answer?.dataList ?? [],
      total: answer?.total ?? 0,
      ...(answer?.sums ? { meta: { sums: answer.sums } } : {}),
    };
  };
  const one = (resource: string, id: Identifier, signal?: AbortSignal) =>
    apiFetch<RaRecord>(apiUrl(`${pathOf(resource)}/${encodeURIComponent(String(id))}`), { signal });

  return {
    getList: (resource, params) => list(resource, params),
    getManyReference: (resource, params) => list(resource, params, { [params.target]: params.id }),
    // No "by ids" filter in the API: one GET per id (react-admin batches reference look-ups per page).
    getMany: async (resource, params) => ({
      data: await Promise.all(params.ids.map((id) => one(resource, id, params.signal))),
    }),
    getOne: async (resource, params) => ({ data: await one(resource, params.id, params.signal) }),
    create: async (resource, params) => {
      const data = await apiFetch<RaRecord>(apiUrl(`${pathOf(resource)}/`), {
        method: 'POST',
        body: json(params.data),
      });
      return { data: { ...params.data, ...(data ?? {}) } };
    },
    update: async (resource, params) => {
      // the record's own id (a number) rather than the route's string param
      const body = { ...params.data, id: params.previousData?.id ?? params.id };
      const data = await apiFetch<RaRecord>(apiUrl(`${pathOf(resource)}/`), { method: 'PUT', body: json(body) });
      // under the id asked for: a versioned record (a factor) answers its new version's id, and react-admin's edit
      // page, which caches the answer under the asked id, throws on a record of another id
      return { data: { ...body, ...(data ?? {}), id: body.id } };
    },
    updateMany: async (resource, params) => {
      for (const id of params.ids) {
        await apiFetch(apiUrl(`${pathOf(resource)}/`), { method: 'PUT', body: json({ ...params.data, id }) });
      }
      return { data: params.ids };
    },
    delete: async (resource, params) => {
      await apiFetch(apiUrl(`${pathOf(resource)}/${encodeURIComponent(String(params.id))}`), { method: 'DELETE' });
      return { data: (params.previousData ?? { id: params.id }) as RaRecord };
    },
    deleteMany: async (resource, params) => {
      await apiFetch(apiUrl(`${pathOf(resource)}/`, { ids: params.ids }), { method: 'DELETE' });
      return { data: params.ids };
    },
    clearAll: async (resource) => {
      await apiFetch(apiUrl(`${pathOf(resource)}/deleteBatch`), { method: 'DELETE' });
      return { data: null };
    },
    getDictDropDown: async (dictCode) =>
      (await apiFetch<Record<string, string>>(apiUrl(`sys/v1/sys/sysDict/dropDown/${encodeURIComponent(dictCode)}`))) ??
      {},
    getDictItems: async (dictCode) => {
      const items = await apiFetch<DictItem[]>(apiUrl(`sys/v1/sys/sysDict/items/${encodeURIComponent(dictCode)}`));
      return Array.isArray(items) ? items : []; // a tree or nothing: pickers never see another shape
    },
  };
}
