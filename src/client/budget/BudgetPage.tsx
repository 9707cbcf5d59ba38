// src/client/budget/ owns the client of the budget-file import (docs/budget.md): the page below, its API
// calls (budgetApi.ts), the client's mirror of the upload limits (budgetFile.ts), the mapping rules (selection.ts),
// the texts (texts.ts) and one component per step — the import kit's UploadCard and BuildingHeader (imports/), then
// PreflightCard, ProblemsTable, MappingStep (MappingTable / MappingCards with ProposalChoice), ImportCard and
// ImportResult. The route is in buildings/buildingPages.ts (billRoute) and domainRoutes.tsx. The server decides.
//
// /bill?id=<building id>: the budget-file import of one 概预算/核算 building — its header, the upload card, and once
// a file is read (?job=<job id>, kept in the URL so a reload keeps it) its pre-flight, the mapping and the import.
// Without id: the building picker.
import { Alert } from '@mui/material';
import { Loading } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../admin/useConfirmedAction';
import { billRoute } from '../buildings/buildingPages';
import { BuildingHeader } from '../imports/BuildingHeader';
import { BuildingPicker, importAllowed } from '../imports/BuildingPicker';
import { BuildingToolPage } from '../imports/ToolPage';
import { UploadCard, type UploadKind } from '../imports/UploadCard';
import { useBuildingDetail } from '../stages/stageQueries';
import { uploadBill } from './budgetApi';
import { BILL_ACCEPT, BILL_FILE_MSG, checkBillFile } from './budgetFile';
import { BillReport } from './BillReport';
import { BILL_MSG } from './texts';

export const BILL_UPLOAD: UploadKind = {
  title: '上传预算文件',
  drop: '将预算文件（Excel）拖到此处，或',
  limit: BILL_FILE_MSG.limit,
  inputLabel: '选择预算文件',
  accept: BILL_ACCEPT,
  check: checkBillFile,
  upload: uploadBill,
  reading: BILL_MSG.reading,
  testId: 'bill-drop',
};

const BuildingBill = ({ id, jobId }: { id: number; jobId: number | null }) => {
  const [, setParams] = useSearchParams();
  const detail = useBuildingDetail(id);
  if (detail.isPending) return <Loading loadingPrimary="正在加载, 请稍候..." loadingSecondary="" />;
  if (detail.isError) return <Alert severity="error">{errorMessage(detail.error)}</Alert>;
  const building = detail.data;
  const header = <BuildingHeader building={building} title={BILL_MSG.title} testId="bill-building" />;
  if (!importAllowed(building.computeMethod))
    return (
      <>
        {header}
        <Alert severity="warning">{BILL_MSG.estimate}</Alert>
      </>
    );
  return (
    <>
      {header}
      <UploadCard
        kind={BILL_UPLOAD}
        projectId={building.id}
        onParsed={(job) => setParams({ id: String(id), job: String(job) })}
      />
      {jobId !== null && <BillReport key={jobId} jobId={jobId} building={building} />}
    </>
  );
};

export const BudgetPage = () => (
  <BuildingToolPage
    title={BILL_MSG.title}
    picker={
      <BuildingPicker
        queryKey="billBuildings"
        hint={`${BILL_MSG.pickBuilding}；${BILL_MSG.estimate}。`}
        to={billRoute}
        action="导入预算文件"
      />
    }
  >
    {(id, jobId) => <BuildingBill id={id} jobId={jobId} />}
  </BuildingToolPage>
);

export default BudgetPage;
