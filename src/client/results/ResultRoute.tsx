// /{module}/result: the selected building's result page — or, with no building of this module selected, the
// warning 请先选择或新建项目 and the module's building list, as on the stage routes.
import type { ModuleCode } from '../../../schemas/standards';
import { WarnAndGo } from '../admin/WarnAndGo';
import { BUILDING_MSG } from '../buildings/messages';
import { useModuleBuilding } from '../buildings/useCurrentBuilding';
import { buildingStages, listRoute } from '../buildings/wizard';
import { ResultPage } from './ResultPage';

export default function ResultRoute({ module }: { module: ModuleCode }) {
  const building = useModuleBuilding(module);
  if (!building) return <WarnAndGo message={BUILDING_MSG.selectFirst} to={listRoute(module)} />;
  return <ResultPage module={module} building={building} stages={buildingStages(module, building.menus)} />;
}
