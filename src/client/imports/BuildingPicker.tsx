// An import page without id (from 应用拓展: /bim, /bill): the 概预算 and 核算 buildings the user can open, searched
// by name, each leading to the source's page of the building; the session's current building first when it is one of
// them. Estimate buildings are not offered: the server refuses them for every source.
import { BuildingPickerCard } from '../buildings/BuildingPickerCard';
import type { BuildingRecord } from '../buildings/buildingApi';
import type { ListAnswer } from '../providers/dataProvider';
import { apiFetch, apiUrl } from '../providers/httpClient';

/** The modules whose buildings take an import. */
export const IMPORT_MODULES = ['budget', 'accounting'] as const;

export const importAllowed = (module: string | null | undefined) =>
  (IMPORT_MODULES as readonly string[]).includes(String(module ?? ''));

const PAGE = 20;

async function listBuildings(name: string, signal?: AbortSignal): Promise<BuildingRecord[]> {
  const lists = await Promise.all(
    IMPORT_MODULES.map((computeMethod) =>
      apiFetch<ListAnswer<BuildingRecord>>(
        apiUrl('tpf/v1/tpf/tpf3ProjectV/', { pageNum: 1, pageSize: PAGE, computeMethod, name }),
        { signal },
      ),
    ),
  );
  return lists.flatMap((l) => l?.dataList ?? []);
}

export interface ImportPickerProps {
  /** the react-query key of the list: bimBuildings, billBuildings */
  queryKey: string;
  /** what the source does with a building, and why estimate buildings are not offered */
  hint: string;
  /** the source's page of a building */
  to: (id: number) => string;
  /** the button's text: 导入模型, 导入预算文件 */
  action: string;
}

export const BuildingPicker = ({ queryKey, hint, to, action }: ImportPickerProps) => (
  <BuildingPickerCard
    queryKey={queryKey}
    list={listBuildings}
    hint={hint}
    takes={importAllowed}
    to={to}
    action={action}
  />
);
