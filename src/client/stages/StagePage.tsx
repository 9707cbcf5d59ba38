// /{module}/:stage — the stage-route guard and the wizard frame. /{module}/result and
// /{module}/compare are routes of their own (results/, mounted in domainRoutes.tsx).
// - a code that is not a stage of the module (schemas/standards.ts) → /404;
// - no building of this module selected → warning 请先选择或新建项目 and back to the module's building list;
// - a stage the building's menus do not include → warning 该单体未启用此计算阶段 and the building's first stage
//   (no stages at all → 获取计算阶段出错);
// - otherwise the stage header, the wizard's steps, the stage's data (StageTable or StageRecordForm, generated
//   from the stage schema), its total, and 计算 / 上一步 / 下一步 (save then calculate).
import { lazy, useEffect, useRef, useState, type Ref, type RefObject } from 'react';
import {
  Alert,
  Backdrop,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CalculateIcon from '@mui/icons-material/Calculate';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useNotify } from 'react-admin';
import type { ModuleCode } from '../../../schemas/standards';
import { setCurrentBuilding, type CurrentBuilding } from '../session/currentBuilding';
import { errorMessage } from '../admin/useConfirmedAction';
import { WarnAndGo } from '../admin/WarnAndGo';
import { lazyPage } from '../admin/lazyPage';
import { useModuleBuilding } from '../buildings/useCurrentBuilding';
import { BUILDING_MSG } from '../buildings/messages';
import { StageHeader } from './StageHeader';
import { StageSummary } from './StageSummary';
import { StageTable } from './StageTable';
import type { StageFormHandle } from './StageRecordForm';
import { jobOf, jobOutcome } from '../jobs/jobApi';
import { JobDialog } from '../jobs/JobDialog';
import { CALCULATING } from '../jobs/JobProgress';
import { useJob } from '../jobs/useJob';
import { calculateStage, completeBuilding, getStageData, type CalculateAnswer } from './stageApi';
import { limitWarnings, stageDef, type StageDef } from './stageDefs';
import { stageKeys, useFrozen } from './stageQueries';

const StageRecordForm = lazy(() => import('./StageRecordForm'));

export const SAVING_TEXT = '正在保存, 请稍候...';
export const CALCULATED = '计算成功!';
export const CALC_BACKGROUND = '计算已转入后台运行，稍后刷新即可查看结果';
import {
  buildingStages,
  isModuleStage,
  listRoute,
  nextRoute,
  previousRoute,
  stageRoute,
  stageTitle,
} from '../buildings/wizard';

/** The building has no stages to show (menus empty or unknown). */
const NoStages = () => {
  const notify = useNotify();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    notify(BUILDING_MSG.noStages, { type: 'error' });
  }, [notify]);
  return (
    <Alert severity="error" sx={{ m: 2 }}>
      {BUILDING_MSG.noStages}
    </Alert>
  );
};

/** The stage's own data: its table or its single-record form, then its total, notes and warnings. */
const StageBody = ({
  def,
  projectId,
  formHandle,
}: {
  def: StageDef;
  projectId: number;
  formHandle: Ref<StageFormHandle>;
}) => (
  <Card variant="outlined" sx={{ mb: 2 }}>
    <CardContent>
      {def.meta.mode === 'form' ? (
        lazyPage(<StageRecordForm ref={formHandle} def={def} projectId={projectId} />)
      ) : (
        <StageTable def={def} projectId={projectId} />
      )}
      <StageSummary def={def} projectId={projectId} />
    </CardContent>
  </Card>
);

/**
 * 计算 / 下一步: a changed single-record form is saved first (table rows are
 * saved by their dialog), then the stage is calculated (GET <path>/calculate) under the mask 正在保存, 请稍候...,
 * 计算成功! and any limit warning (transport > 6 % of production) are shown. 下一步 then goes to the next stage;
 * from the last one the building is marked complete (status '1') and the result page opens.
 * A long calculation answers `{ job }`: a dialog shows 正在计算… 已处理 {done} / {total} 行 until it
 * ends, then its result is taken as the direct answer. 后台运行 closes it and stops polling; the calculation goes
 * on in the server and the user keeps working (下一步 still goes on, without 计算成功!).
 */
function useCalculation(
  module: ModuleCode,
  stage: string,
  stages: string[],
  building: CurrentBuilding,
  def: StageDef | undefined,
  formHandle: RefObject<StageFormHandle | null>,
  frozen: boolean,
) {
  const notify = useNotify();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const { job, follow, stop } = useJob();

  const toBackground = () => {
    stop();
    notify(CALC_BACKGROUND, { type: 'info' });
  };

  const calculate = async (): Promise<boolean> => {
    if (formHandle.current && !(await formHandle.current.saveIfChanged())) return false;
    setBusy(true);
    try {
      if (def) {
        const answer = await calculateStage(def.path, building.id);
        const started = jobOf(answer);
        let done = answer as CalculateAnswer;
        if (started) {
          const ended = await follow(started);
          if (!ended) return true; // 后台运行: the calculation goes on; so does the user
          done = jobOutcome<CalculateAnswer>(ended); // a failed job throws as the direct failure would
        }
        // a stage that counted rows as 0 or needs an empty stage says so instead of 计算成功!
        const warnings = done.warnings ?? [];
        if (warnings.length)
          notify(`计算完成，有 ${warnings.length} 条提示：${warnings.join('；')}`, {
            type: 'warning',
            multiLine: true,
            autoHideDuration: 10_000,
          });
        else notify(CALCULATED, { type: 'success' });
        const data = await client.fetchQuery({
          queryKey: stageKeys.data(building.id),
          queryFn: ({ signal }) => getStageData(building.id, signal),
        });
        for (const w of limitWarnings(def.code, data)) notify(w, { type: 'warning' });
        await Promise.all([
          client.invalidateQueries({ queryKey: stageKeys.rows(def) }),
          client.invalidateQueries({ queryKey: stageKeys.building(building.id) }),
        ]);
      }
      return true;
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const next = async () => {
    // a frozen building's figures are signed: 下一步 only moves on
    if (frozen) return navigate(nextRoute(module, stages, stage));
    if (!(await calculate())) return;
    if (stages.indexOf(stage) === stages.length - 1) {
      setBusy(true);
      try {
        await completeBuilding(building.id);
        setCurrentBuilding({ ...building, status: '1' });
        await client.invalidateQueries({ queryKey: stageKeys.building(building.id) });
      } catch (err) {
        notify(errorMessage(err), { type: 'error' });
        return;
      } finally {
        setBusy(false);
      }
    }
    navigate(nextRoute(module, stages, stage));
  };

  const progress = <JobDialog job={job} fallbackTitle="计算" prefix={CALCULATING} onBackground={toBackground} />;
  return { busy, calculating: !!job, progress, calculate, next };
}

const WizardFrame = ({
  module,
  stage,
  stages,
  building,
}: {
  module: ModuleCode;
  stage: string;
  stages: string[];
  building: CurrentBuilding;
}) => {
  const navigate = useNavigate();
  const active = stages.indexOf(stage);
  const def = stageDef(stage);
  const formHandle = useRef<StageFormHandle>(null);
  const frozen = useFrozen(building.id);
  const { busy, calculating, progress, calculate, next } = useCalculation(
    module,
    stage,
    stages,
    building,
    def,
    formHandle,
    frozen,
  );
  return (
    <Box sx={{ p: 2, minWidth: 0 }} data-testid="stage-page">
      <StageHeader title={stageTitle(module, stage)} building={building} />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent sx={{ overflowX: 'auto' }}>
          <Stepper activeStep={active} alternativeLabel aria-label="计算阶段">
            {stages.map((code) => (
              <Step key={code} completed={false}>
                <StepLabel>{stageTitle(module, code)}</StepLabel>
              </Step>
            ))}
          </Stepper>
        </CardContent>
      </Card>
      {def && <StageBody key={`${stage}:${building.id}`} def={def} projectId={building.id} formHandle={formHandle} />}
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
        {def?.meta.result && !frozen && (
          <Button variant="outlined" startIcon={<CalculateIcon />} onClick={() => void calculate()} disabled={busy}>
            计算
          </Button>
        )}
        <Button
          variant="outlined"
          startIcon={<ArrowBackIcon />}
          onClick={() => navigate(previousRoute(module, stages, stage, building.id))}
          disabled={busy}
        >
          上一步
        </Button>
        <Button variant="contained" endIcon={<ArrowForwardIcon />} onClick={() => void next()} disabled={busy}>
          下一步
        </Button>
      </Stack>
      {progress}
      <Backdrop
        open={busy && !calculating}
        sx={{ zIndex: (t) => t.zIndex.modal + 1, color: '#fff', flexDirection: 'column', gap: 2 }}
      >
        <CircularProgress color="inherit" />
        <Typography>{SAVING_TEXT}</Typography>
      </Backdrop>
    </Box>
  );
};

export default function StagePage({ module }: { module: ModuleCode }) {
  const { stage = '' } = useParams();
  const building = useModuleBuilding(module);
  if (!isModuleStage(module, stage)) return <Navigate to="/404" replace />;
  if (!building) return <WarnAndGo message={BUILDING_MSG.selectFirst} to={listRoute(module)} />;
  const stages = buildingStages(module, building.menus);
  if (stages.length === 0) return <NoStages />;
  if (!stages.includes(stage))
    return <WarnAndGo message={BUILDING_MSG.stageNotUsed} to={stageRoute(module, stages[0])} />;
  return <WizardFrame module={module} stage={stage} stages={stages} building={building} />;
}
