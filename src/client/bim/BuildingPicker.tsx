// /bim without id (from 应用拓展): the buildings of 概预算 and 核算 the user can open, searched by name, each
// leading to /bim?id=<id>; the session's current building first when it is one of them. Estimate buildings are
// not offered (估算模块不支持BIM模型导入).
import { BuildingPickerCard } from '../buildings/BuildingPickerCard';
import type { BuildingRecord } from '../buildings/buildingApi';
import type { ListAnswer } from '../providers/dataProvider';
import { apiFetch, apiUrl } from '../providers/httpClient';
import { bimRoute } from '../buildings/buildingPages';
import { BIM_MSG } from './texts';

/** The modules whose buildings take a model. */
export const BIM_MODULES = ['budget', 'accounting'] as const;

export const bimAllowed = (module: string | null | undefined) => (BIM_MODULES as readonly string[]).includes(String(module ?? ''));

const PAGE = 20;

async function listBuildings(name: string, signal?: AbortSignal): Promise<BuildingRecord[]> {
  const lists = await Promise.all(
    BIM_MODULES.map((computeMethod) => apiFetch<ListAnswer<BuildingRecord>>(apiUrl('tpf/v1/tpf/tpf3ProjectV/', { pageNum: 1, pageSize: PAGE, computeMethod, name }), { signal })),
  );
  return lists.flatMap((l) => l?.dataList ?? []);
}

export const BuildingPicker = () => (
  <BuildingPickerCard queryKey="bimBuildings" list={listBuildings} hint={`${BIM_MSG.pickBuilding}；${BIM_MSG.estimate}。`} takes={bimAllowed} to={bimRoute} action="导入模型" />
);
