// What /bill?id=&job= shows for an uploaded bill: GET budgetBill/{jobId}, the read job followed when it still runs
// (a reload while reading), its Chinese message when it failed, else the pre-flight, its 待确认问题, the problems and
// the mapping.
import { useEffect } from 'react';
import { Alert, Box, Card, CardContent } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading } from 'react-admin';
import { errorMessage } from '../admin/useConfirmedAction';
import type { BuildingRecord } from '../buildings/buildingApi';
import { JobProgress } from '../jobs/JobProgress';
import { useJob } from '../jobs/useJob';
import { getBill } from './budgetApi';
import { MappingStep } from './MappingStep';
import { PreflightCard } from './PreflightCard';
import { ProblemsTable } from './ProblemsTable';
import { ReviewCard } from './ReviewCard';
import { BILL_MSG } from './texts';

export const billKeys = { bill: (jobId: number) => ['budgetBill', jobId] as const };

export const BillReport = ({ jobId, building }: { jobId: number; building: BuildingRecord }) => {
  const queryClient = useQueryClient();
  const { job: followed, follow } = useJob();
  const query = useQuery({
    queryKey: billKeys.bill(jobId),
    queryFn: ({ signal }) => getBill(jobId, signal),
    retry: false,
    staleTime: Infinity,
  });
  const answer = query.data;
  const running = answer?.job?.state === 'running' && !answer.bill ? answer.job : null;

  useEffect(() => {
    if (!running) return;
    const again = () => void queryClient.invalidateQueries({ queryKey: billKeys.bill(jobId) });
    void follow(running)
      .then((ended) => ended && again())
      .catch(again);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one follow per running job, not per poll of it
  }, [running?.id]);

  if (query.isPending) return <Loading loadingPrimary="正在加载, 请稍候..." loadingSecondary="" />;
  if (query.isError) return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  const bill = answer?.bill;
  if (!bill) {
    if (running)
      return (
        <Card variant="outlined" sx={{ mb: 2 }}>
          <CardContent>
            <JobProgress job={followed ?? running} prefix={BILL_MSG.reading} />
          </CardContent>
        </Card>
      );
    return <Alert severity="error">{answer?.job?.message || BILL_MSG.readFailed}</Alert>;
  }
  if (Number(bill.projectId) !== Number(building.id)) return <Alert severity="error">{BILL_MSG.otherBuilding}</Alert>;

  return (
    <Box>
      <PreflightCard bill={bill} />
      <ReviewCard review={bill.review ?? []} />
      <ProblemsTable problems={bill.problems} />
      <MappingStep
        key={jobId}
        jobId={jobId}
        building={building}
        items={bill.items}
        review={bill.review ?? []}
        machines={bill.machines}
        buildMethod={bill.buildMethod}
      />
    </Box>
  );
};
