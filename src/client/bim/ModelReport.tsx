// What /bim?id=&job= shows for a parsed model: GET bim/{jobId} (the problems paged by the server), the parse job
// followed when it still runs (a reload during parsing), its Chinese message when it failed, else the pre-flight
// summary, the problem list and the mapping step.
import { useEffect, useState } from 'react';
import { Alert, Box, Card, CardContent } from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading } from 'react-admin';
import { errorMessage } from '../admin/useConfirmedAction';
import type { BuildingRecord } from '../buildings/buildingApi';
import { JobProgress } from '../jobs/JobProgress';
import { useJob } from '../jobs/useJob';
import { getPreflight } from './bimApi';
import { MappingStep } from './MappingStep';
import { PreflightSummary } from './PreflightSummary';
import { ProblemsTable, PROBLEM_PAGE_SIZES } from './ProblemsTable';
import { BIM_MSG } from './texts';

export const bimKeys = {
  preflight: (jobId: number, page: number, size: number) => ['bimPreflight', jobId, page, size] as const,
};

export const ModelReport = ({ jobId, building }: { jobId: number; building: BuildingRecord }) => {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PROBLEM_PAGE_SIZES[0]);
  const { job: followed, follow } = useJob();
  const query = useQuery({
    queryKey: bimKeys.preflight(jobId, page, pageSize),
    queryFn: ({ signal }) => getPreflight(jobId, page + 1, pageSize, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const answer = query.data;
  const running = answer?.job?.state === 'running' && !answer.model ? answer.job : null;

  useEffect(() => {
    if (!running) return;
    void follow(running)
      .then((ended) => {
        if (ended) void queryClient.invalidateQueries({ queryKey: ['bimPreflight', jobId] });
      })
      .catch(() => void queryClient.invalidateQueries({ queryKey: ['bimPreflight', jobId] }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one follow per running job, not per poll of it
  }, [running?.id]);

  if (query.isPending) return <Loading loadingPrimary="正在加载, 请稍候..." loadingSecondary="" />;
  if (query.isError) return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  const model = answer?.model;
  if (!model) {
    if (running)
      return (
        <Card variant="outlined" sx={{ mb: 2 }}>
          <CardContent>
            <JobProgress job={followed ?? running} prefix={BIM_MSG.parsing} />
          </CardContent>
        </Card>
      );
    return <Alert severity="error">{answer?.job?.message || '模型解析失败，请重新选择文件'}</Alert>;
  }
  if (model.projectId && Number(model.projectId) !== Number(building.id))
    return <Alert severity="error">该模型不属于当前单体建筑，请重新上传</Alert>;

  return (
    <Box>
      <PreflightSummary model={model} />
      <ProblemsTable
        problems={model.problems}
        page={page}
        pageSize={pageSize}
        loading={query.isFetching}
        onPage={(p, size) => {
          setPage(p);
          setPageSize(size);
        }}
      />
      <MappingStep key={jobId} jobId={jobId} building={building} materials={model.materials} />
    </Box>
  );
};
