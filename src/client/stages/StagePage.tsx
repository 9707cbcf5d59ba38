// /{module}/:stage — the stage-route guard and the wizard frame (spec 000 §4), plus the result and compare pages
// that the same route pattern matches.
// - a code that is not a stage of the module (schemas/standards.ts) → /404;
// - no building of this module selected → warning 请先选择或新建项目 and back to the module's building list;
// - a stage the building's menus do not include → the building's first stage (no stages at all → 获取计算阶段出错);
// - otherwise the stage header, the wizard's steps and 上一步 / 下一步.
import { useEffect, useRef } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useNotify } from 'react-admin';
import type { ModuleCode } from '../../../schemas/standards';
import type { CurrentBuilding } from '../session/currentBuilding';
import { useModuleBuilding } from '../buildings/useCurrentBuilding';
import { BUILDING_MSG } from '../buildings/messages';
import { MSG } from '../constants';
import { ResultPage } from './ResultPage';
import { StageHeader } from './StageHeader';
import { buildingStages, isModuleStage, listRoute, nextRoute, previousRoute, stageRoute, stageTitle } from './wizard';

/** No building selected: warn once and go to the module's building list. */
const NoBuilding = ({ module }: { module: string }) => {
  const notify = useNotify();
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    notify(BUILDING_MSG.selectFirst, { type: 'warning' });
    navigate(listRoute(module), { replace: true });
  }, [module, notify, navigate]);
  return null;
};

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

const WizardFrame = ({ module, stage, stages, building }: { module: ModuleCode; stage: string; stages: string[]; building: CurrentBuilding }) => {
  const navigate = useNavigate();
  const active = stages.indexOf(stage);
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
      {/* TODO(stage data): the stage's own data table or form (schemas/stages/<stage>.ts — rows, import, batch
          save + calculate) goes here; 下一步 will then save, calculate and, from the last stage, mark the building
          complete (status '1') before going to the result, as spec 000 §4 says. */}
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
        <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={() => navigate(previousRoute(module, stages, stage, building.id))}>
          上一步
        </Button>
        <Button variant="contained" endIcon={<ArrowForwardIcon />} onClick={() => navigate(nextRoute(module, stages, stage))}>
          下一步
        </Button>
      </Stack>
    </Box>
  );
};

const ComparePage = () => (
  <Box sx={{ p: 2 }}>
    <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
      建筑对比
    </Typography>
    <Alert severity="info">{MSG.comingSoon}</Alert>
  </Box>
);

export default function StagePage({ module }: { module: ModuleCode }) {
  const { stage = '' } = useParams();
  const building = useModuleBuilding(module);
  if (stage === 'compare') return <ComparePage />;
  if (stage !== 'result' && !isModuleStage(module, stage)) return <Navigate to="/404" replace />;
  if (!building) return <NoBuilding module={module} />;
  const stages = buildingStages(module, building.menus);
  if (stage === 'result') return <ResultPage module={module} building={building} stages={stages} />;
  if (stages.length === 0) return <NoStages />;
  if (!stages.includes(stage)) return <Navigate to={stageRoute(module, stages[0])} replace />;
  return <WizardFrame module={module} stage={stage} stages={stages} building={building} />;
}
