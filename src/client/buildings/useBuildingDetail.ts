// The building as the API answers it now (tpf3ProjectV/{id}): its fields, stored totals and whether the result is
// stale or the building frozen. One query per building shared by every page that shows it (its key: buildingKey).
import { useQuery } from '@tanstack/react-query';
import { buildingKey, getBuildingDetail } from './buildingApi';

export function useBuildingDetail(projectId: number, enabled = true) {
  return useQuery({
    queryKey: buildingKey(projectId),
    queryFn: ({ signal }) => getBuildingDetail(projectId, signal),
    enabled,
    retry: false,
  });
}
