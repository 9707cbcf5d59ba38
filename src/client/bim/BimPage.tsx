// src/client/bim/ owns the client of BIM import (docs/bim.md): the page below, its API calls
// (bimApi.ts), the client's mirror of the upload limits (bimFile.ts), the mapping rules (mapping.ts), the route
// and texts (texts.ts) and one component per step (the import kit's BuildingHeader and UploadCard in imports/, then
// PreflightSummary, ProblemsTable, MappingStep with MappingTable and FactorChoice, ImportCard). The server
// (src/server/bim/) decides; the client shows and asks.
//
// /bim?id=<building id>: the BIM import page of one 概预算/核算 building — its name and
// module with links back to its stage pages, the upload card, and once a model is parsed (?job=<job id>, kept in
// the URL so a reload keeps the report) its pre-flight report, the mapping and the import. Without id: the
// building picker.
import { Alert } from '@mui/material';
import { Loading } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../admin/useConfirmedAction';
import { bimRoute } from '../buildings/buildingPages';
import { BuildingHeader } from '../imports/BuildingHeader';
import { BuildingPicker, importAllowed } from '../imports/BuildingPicker';
import { BuildingToolPage } from '../imports/ToolPage';
import { UploadCard, type UploadKind } from '../imports/UploadCard';
import { useBuildingDetail } from '../stages/stageQueries';
import { uploadModel } from './bimApi';
import { BIM_ACCEPT, BIM_FILE_MSG, checkModelFile } from './bimFile';
import { ModelReport } from './ModelReport';
import { BIM_MSG } from './texts';

export const BIM_UPLOAD: UploadKind = {
  title: '上传模型',
  drop: '将 IFC 模型文件拖到此处，或',
  limit: BIM_FILE_MSG.limit,
  inputLabel: '选择IFC模型文件',
  accept: BIM_ACCEPT,
  check: checkModelFile,
  upload: uploadModel,
  reading: BIM_MSG.parsing,
  testId: 'bim-drop',
};

const BuildingBim = ({ id, jobId }: { id: number; jobId: number | null }) => {
  const [, setParams] = useSearchParams();
  const detail = useBuildingDetail(id);
  if (detail.isPending) return <Loading loadingPrimary="正在加载, 请稍候..." loadingSecondary="" />;
  if (detail.isError) return <Alert severity="error">{errorMessage(detail.error)}</Alert>;
  const building = detail.data;
  if (!importAllowed(building.computeMethod))
    return (
      <>
        <BuildingHeader building={building} title={BIM_MSG.title} testId="bim-building" />
        <Alert severity="warning">{BIM_MSG.estimate}</Alert>
      </>
    );
  return (
    <>
      <BuildingHeader building={building} title={BIM_MSG.title} testId="bim-building" />
      <UploadCard
        kind={BIM_UPLOAD}
        projectId={building.id}
        onParsed={(job) => setParams({ id: String(id), job: String(job) })}
      />
      {jobId !== null && <ModelReport key={jobId} jobId={jobId} building={building} />}
    </>
  );
};

export const BimPage = () => (
  <BuildingToolPage
    title={BIM_MSG.title}
    picker={
      <BuildingPicker
        queryKey="bimBuildings"
        hint={`${BIM_MSG.pickBuilding}；${BIM_MSG.estimate}。`}
        to={bimRoute}
        action="导入模型"
      />
    }
  >
    {(id, jobId) => <BuildingBim id={id} jobId={jobId} />}
  </BuildingToolPage>
);

export default BimPage;
