// /{module}/result: the selected building's result — a donut of the stage shares (the
// carbon sink apart, as 减碳), total indicators (碳排放总量, 年均碳排放) and intensity indicators (单位面积碳排放,
// 单位面积年均碳排放 = streng3), a per-stage bar chart chosen by radio buttons (建筑运行 shows its parts), and
// 上一步 / 建筑对比 / 导出报告. The 计算结果 panel folds; its state is kept in local storage. Also the result's
// warnings above the figures, every stage figure opening its trace (StageTraceDialog), the EN 15978 模块 table,
// 数据质量 and 合理性检查.
import { useState } from 'react';
import { Alert, AlertTitle, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import InsightsIcon from '@mui/icons-material/Insights';
import { useQuery } from '@tanstack/react-query';
import { Loading } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { ModuleCode } from '../../../schemas/standards';
import { NoData } from '../admin/NoData';
import { ReferenceCard } from './ReferenceCard';
import { decideRoute } from '../buildings/buildingPages';
import { errorMessage } from '../admin/useConfirmedAction';
import type { CurrentBuilding } from '../session/currentBuilding';
import { StageHeader } from '../stages/StageHeader';
import { hasEmission, stageDef } from '../stages/stageDefs';
import { infoRoute, moduleStages, stageRoute } from '../buildings/wizard';
import { ExportDialog } from './ExportDialog';
import { PlausibilityCard } from './PlausibilityCard';
import { QualityShare } from './QualityShare';
import { getBuildingResult } from './resultApi';
import { figureStages, hasResult, stageLabel, type BuildingResult } from './resultModel';
import { ResultSummary } from './ResultSummary';
import { StageBars } from './StageBars';
import { ModulesCard } from './ModulesCard';
import { StageTraceDialog } from './StageTraceDialog';

export const FOLD_KEY = 'tansuan.resultPanelExpanded';

function readFold(): boolean {
  try {
    return localStorage.getItem(FOLD_KEY) !== '0';
  } catch {
    return true;
  }
}

/** The fold state of the 计算结果 panel, persisted locally ('1' open, '0' folded). */
export function usePersistedFold(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(readFold);
  return [
    open,
    (next: boolean) => {
      setOpen(next);
      try {
        localStorage.setItem(FOLD_KEY, next ? '1' : '0');
      } catch {
        /* storage unavailable: the state lives for this page only */
      }
    },
  ];
}

/** The figures of a result: warnings first, the folding panel, the bar chart, 数据质量; figures open traces. */
const ResultBody = ({
  module,
  data,
  stages,
  projectId,
}: {
  module: string;
  data: BuildingResult;
  stages: string[];
  projectId: number;
}) => {
  const [open, setOpen] = usePersistedFold();
  const [trace, setTrace] = useState<string | null>(null);
  const withFigure = figureStages(stages.length ? stages : moduleStages(module));
  const traceOf = (code: string | undefined) => {
    const def = code ? stageDef(code) : undefined;
    return code && def && hasEmission(def) ? () => setTrace(code) : undefined;
  };
  const warnings = data.resultDetail?.warnings ?? [];
  return (
    <>
      {warnings.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="result-warnings">
          <AlertTitle>计算提示</AlertTitle>
          {warnings.map((w) => (
            <Typography key={w} variant="body2">
              {w}
            </Typography>
          ))}
        </Alert>
      )}
      <ResultSummary module={module} data={data} stages={withFigure} open={open} onFold={setOpen} traceOf={traceOf} />
      <ReferenceCard projectId={projectId} />
      <StageBars module={module} data={data} stages={withFigure} traceOf={traceOf} />
      <ModulesCard module={module} data={data} />
      <Card variant="outlined" sx={{ mt: 2 }}>
        <CardContent>
          <QualityShare detail={data.resultDetail} />
        </CardContent>
      </Card>
      <PlausibilityCard detail={data.resultDetail} />
      {trace && (
        <StageTraceDialog
          code={trace}
          label={stageLabel(module, trace)}
          projectId={projectId}
          onClose={() => setTrace(null)}
        />
      )}
    </>
  );
};

export const ResultPage = ({
  module,
  building,
  stages,
}: {
  module: ModuleCode;
  building: CurrentBuilding;
  stages: string[];
}) => {
  const navigate = useNavigate();
  const [exporting, setExporting] = useState(false);
  const { data, isPending, error } = useQuery({
    queryKey: ['tpf3ProjectV', building.id],
    queryFn: ({ signal }) => getBuildingResult(building.id, signal),
    retry: false,
  });

  let body;
  if (isPending) body = <Loading loadingPrimary="正在加载, 请稍候..." loadingSecondary="" />;
  else if (error) body = <Alert severity="error">{errorMessage(error)}</Alert>;
  else if (!data || !hasResult(data)) body = <NoData />;
  // (drawn anew for each calculation: the charts keep the figures they were first drawn with)
  else
    body = (
      <ResultBody
        key={String((data.resultDetail as { calculatedAt?: string } | undefined)?.calculatedAt)}
        module={module}
        data={data}
        stages={stages}
        projectId={building.id}
      />
    );

  const last = stages[stages.length - 1];
  return (
    <Box sx={{ p: 2, minWidth: 0 }} data-testid="result-page">
      <StageHeader title="计算结果" building={building} />
      {body}
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', mt: 2, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}
      >
        <Button
          variant="outlined"
          startIcon={<ArrowBackIcon />}
          onClick={() => navigate(last ? stageRoute(module, last) : infoRoute(module, building.id))}
        >
          上一步
        </Button>
        <Button
          variant="outlined"
          startIcon={<CompareArrowsIcon />}
          onClick={() => navigate(stageRoute(module, 'compare'))}
        >
          建筑对比
        </Button>
        <Button variant="outlined" startIcon={<InsightsIcon />} onClick={() => navigate(decideRoute(building.id))}>
          决策分析
        </Button>
        <Button variant="contained" startIcon={<FileDownloadIcon />} onClick={() => setExporting(true)}>
          导出报告
        </Button>
      </Stack>
      <ExportDialog
        open={exporting}
        onClose={() => setExporting(false)}
        module={module}
        projectId={building.id}
        status={data?.status ?? building.status}
      />
    </Box>
  );
};

export default ResultPage;
