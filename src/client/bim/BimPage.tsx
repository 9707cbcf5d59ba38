// src/client/bim/ owns the client of BIM import (docs/bim.md): the page below, its API calls
// (bimApi.ts), the client's mirror of the upload limits (bimFile.ts), the mapping rules (mapping.ts), the route
// and texts (texts.ts) and one component per step (BuildingHeader, UploadCard, PreflightSummary, ProblemsTable, MappingStep with
// MappingTable and FactorChoice, ImportCard). The server (src/server/bim/) decides; the client shows and asks.
//
// /bim?id=<building id>: the BIM import page of one 概预算/核算 building — its name and
// module with links back to its stage pages, the upload card, and once a model is parsed (?job=<job id>, kept in
// the URL so a reload keeps the report) its pre-flight report, the mapping and the import. Without id: the
// building picker.
import { Alert } from '@mui/material';
import { Loading } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../admin/useConfirmedAction';
import { useBuildingDetail } from '../stages/stageQueries';
import { BuildingHeader } from './BuildingHeader';
import { BuildingPicker, bimAllowed } from './BuildingPicker';
import { ModelReport } from './ModelReport';
import { BuildingToolPage } from './ToolPage';
import { BIM_MSG } from './texts';
import { UploadCard } from './UploadCard';


const BuildingBim = ({ id, jobId }: { id: number; jobId: number | null }) => {
  const [, setParams] = useSearchParams();
  const detail = useBuildingDetail(id);
  if (detail.isPending) return <Loading loadingPrimary="正在加载, 请稍候..." loadingSecondary="" />;
  if (detail.isError) return <Alert severity="error">{errorMessage(detail.error)}</Alert>;
  const building = detail.data;
  if (!bimAllowed(building.computeMethod))
    return (
      <>
        <BuildingHeader building={building} title={BIM_MSG.title} />
        <Alert severity="warning">{BIM_MSG.estimate}</Alert>
      </>
    );
  return (
    <>
      <BuildingHeader building={building} title={BIM_MSG.title} />
      <UploadCard projectId={building.id} onParsed={(job) => setParams({ id: String(id), job: String(job) })} />
      {jobId !== null && <ModelReport key={jobId} jobId={jobId} building={building} />}
    </>
  );
};

export const BimPage = () => (
  <BuildingToolPage title={BIM_MSG.title} picker={<BuildingPicker />}>
    {(id, jobId) => <BuildingBim id={id} jobId={jobId} />}
  </BuildingToolPage>
);

export default BimPage;
