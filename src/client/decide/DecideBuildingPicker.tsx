// /decide without id (from 应用拓展): the calculated buildings of all three modules the user can read, searched by
// name, each leading to /decide?id=<id>&tab=<tab>; the session's current building offered first.
import { BuildingPickerCard } from '../buildings/BuildingPickerCard';
import type { BuildingRecord } from '../buildings/buildingApi';
import type { ListAnswer } from '../providers/dataProvider';
import { apiFetch, apiUrl } from '../providers/httpClient';
import { hasResult } from '../results/resultModel';
import { decideRoute, type DecideTab } from '../buildings/buildingPages';
import { DECIDE_MSG } from './texts';

const PAGE = 20;

async function listCalculated(name: string, signal?: AbortSignal): Promise<BuildingRecord[]> {
  const page = await apiFetch<ListAnswer<BuildingRecord>>(
    apiUrl('tpf/v1/tpf/tpf3ProjectV/', { pageNum: 1, pageSize: PAGE, name }),
    { signal },
  );
  return (page?.dataList ?? []).filter(hasResult);
}

export const DecideBuildingPicker = ({ tab }: { tab: DecideTab }) => (
  <BuildingPickerCard
    queryKey={`decideBuildings-${tab}`}
    list={listCalculated}
    hint={`${DECIDE_MSG.pickBuilding}。`}
    to={(id) => decideRoute(id, tab)}
    action="决策分析"
    showTotal
  />
);
