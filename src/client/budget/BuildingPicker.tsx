// /bill without id (from 应用拓展): the 概预算 and 核算 buildings the user can open, searched by name, each leading
// to /bill?id=<id>; estimate buildings are not offered (估算模块不支持预算文件导入). The modules are the BIM
// import's: the server refuses an estimate building for both.
import { BuildingPickerCard } from '../buildings/BuildingPickerCard';
import type { BuildingRecord } from '../buildings/buildingApi';
import { billRoute } from '../buildings/buildingPages';
import type { ListAnswer } from '../providers/dataProvider';
import { apiFetch, apiUrl } from '../providers/httpClient';
import { BIM_MODULES, bimAllowed } from '../bim/BuildingPicker';
import { BILL_MSG } from './texts';

/** Whether a building of this module takes a budget file. */
export const billAllowed = bimAllowed;

const PAGE = 20;

async function listBuildings(name: string, signal?: AbortSignal): Promise<BuildingRecord[]> {
  const lists = await Promise.all(
    BIM_MODULES.map((computeMethod) => apiFetch<ListAnswer<BuildingRecord>>(apiUrl('tpf/v1/tpf/tpf3ProjectV/', { pageNum: 1, pageSize: PAGE, computeMethod, name }), { signal })),
  );
  return lists.flatMap((l) => l?.dataList ?? []);
}

export const BuildingPicker = () => (
  <BuildingPickerCard queryKey="billBuildings" list={listBuildings} hint={`${BILL_MSG.pickBuilding}；${BILL_MSG.estimate}。`} takes={billAllowed} to={billRoute} action="导入预算文件" />
);
