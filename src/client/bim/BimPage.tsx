// src/client/bim/ owns the client of BIM import (issue 12, spec 000 §2): the page below, its API calls
// (bimApi.ts), the client's mirror of the upload limits (bimFile.ts), the mapping rules (mapping.ts), the route
// and texts (texts.ts) and one component per step (UploadCard, PreflightSummary, ProblemsTable, MappingStep with
// MappingTable and FactorChoice, ImportCard). The server (src/server/bim/) decides; the client shows and asks.
//
// /bim?id=<building id>: the BIM import page of one 概预算/核算 building — its name and
// module with links back to its stage pages, the upload card, and once a model is parsed (?job=<job id>, kept in
// the URL so a reload keeps the report) its pre-flight report, the mapping and the import. Without id: the
// building picker.
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { stageOfRole } from '../../../schemas/stageMeta';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Loading, Title } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { moduleDef } from '../../../schemas/standards';
import { errorMessage } from '../admin/useConfirmedAction';
import type { BuildingRecord } from '../buildings/buildingApi';
import { setCurrentBuilding, type CurrentBuilding } from '../session/currentBuilding';
import { useBuildingDetail } from '../stages/stageQueries';
import { buildingStages, listRoute, stageRoute } from '../buildings/wizard';
import { BuildingPicker, bimAllowed } from './BuildingPicker';
import { ModelReport } from './ModelReport';
import { BIM_MSG } from './texts';
import { UploadCard } from './UploadCard';

const positiveInt = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null);

/** The stage page the header links back to: the bill of materials (建材生产) when the building uses it, else its first stage. */
function backStage(b: BuildingRecord): string {
  const stages = buildingStages(b.computeMethod, b.menus);
  const materials = stageOfRole('materials');
  return materials && stages.includes(materials) ? materials : (stages[0] ?? '');
}

const Header = ({ building }: { building: BuildingRecord }) => {
  const module = moduleDef(building.computeMethod);
  const select = () => setCurrentBuilding(building as CurrentBuilding & Record<string, unknown>);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 2 }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h5" component="h1">
          {BIM_MSG.title}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
          <Typography variant="body1" data-testid="bim-building">
            单体建筑：{building.name}
          </Typography>
          {module && <Chip size="small" color="primary" variant="outlined" label={module.label} />}
          {building.engineeringName ? (
            <Typography variant="body2" color="text.secondary">
              所属项目：{String(building.engineeringName)}
            </Typography>
          ) : null}
        </Stack>
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
        <Button size="small" startIcon={<ArrowBackIcon />} component={Link} to={stageRoute(building.computeMethod, backStage(building))} onClick={select}>
          返回计算阶段
        </Button>
        <Button size="small" component={Link} to={listRoute(building.computeMethod)}>
          单体建筑列表
        </Button>
      </Stack>
    </Stack>
  );
};

const BuildingBim = ({ id, jobId }: { id: number; jobId: number | null }) => {
  const [, setParams] = useSearchParams();
  const detail = useBuildingDetail(id);
  if (detail.isPending) return <Loading loadingPrimary="正在加载, 请稍候..." loadingSecondary="" />;
  if (detail.isError) return <Alert severity="error">{errorMessage(detail.error)}</Alert>;
  const building = detail.data;
  if (!bimAllowed(building.computeMethod))
    return (
      <>
        <Header building={building} />
        <Alert severity="warning">{BIM_MSG.estimate}</Alert>
      </>
    );
  return (
    <>
      <Header building={building} />
      <UploadCard projectId={building.id} onParsed={(job) => setParams({ id: String(id), job: String(job) })} />
      {jobId !== null && <ModelReport key={jobId} jobId={jobId} building={building} />}
    </>
  );
};

export const BimPage = () => {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = positiveInt(raw);
  const jobId = positiveInt(params.get('job'));
  return (
    <Box sx={{ py: 2, maxWidth: 1600, minWidth: 0 }}>
      <Title title={BIM_MSG.title} />
      {id !== null ? (
        <BuildingBim id={id} jobId={jobId} />
      ) : (
        <>
          <Typography variant="h5" component="h1" gutterBottom>
            {BIM_MSG.title}
          </Typography>
          {raw !== null && <Alert severity="error" sx={{ mb: 2 }}>单体建筑不存在，请重新选择</Alert>}
          <BuildingPicker />
        </>
      )}
    </Box>
  );
};

export default BimPage;
