// src/client/decide/ owns the client of the decision tools (docs/decision-tools.md): this page,
// the API calls and answer shapes (decideApi.ts), the route and texts (texts.ts), one panel per tab — 参考线
// (ReferencePanel), 方案比选 (VariantPanel with VariantTable, VariantCompare, NameDialog), 热点与替代 (HotspotPanel),
// 不确定性 (UncertaintyPanel), 阶段偏差 (PhasePanel with PhaseLinkDialog) — and the Waterfall chart they share.
//
// /decide?id=<building>&tab=<tab>: the building's name and module, the tabs (kept in the URL), the chosen panel.
// A building without a result is sent to its stages first. Without id: the building picker.
import { Alert, Box, Button, Chip, Stack, Tab, Tabs, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Loading, Title, useNotify } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { moduleDef } from '../../../schemas/standards';
import { errorMessage } from '../admin/useConfirmedAction';
import type { BuildingRecord } from '../buildings/buildingApi';
import { hasResult } from '../results/resultModel';
import { useBuildingDetail } from '../stages/stageQueries';
import { DecideBuildingPicker } from './DecideBuildingPicker';
import type { Module } from './decideApi';
import { HotspotPanel } from './HotspotPanel';
import { PhasePanel } from './PhasePanel';
import { ReferencePanel } from './ReferencePanel';
import { decideRoute, type DecideTab } from '../buildings/buildingPages';
import { DECIDE_MSG, DECIDE_TABS, isDecideTab, resultRoute } from './texts';
import { UncertaintyPanel } from './UncertaintyPanel';
import { VariantPanel } from './VariantPanel';

const positiveInt = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null);

const Header = ({ building, tab }: { building: BuildingRecord; tab: DecideTab }) => (
  <Stack
    direction={{ xs: 'column', md: 'row' }}
    spacing={1}
    sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 1 }}
  >
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ wordBreak: 'break-all' }}>
        {DECIDE_MSG.title} - {building.name}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
        <Chip
          size="small"
          color="primary"
          variant="outlined"
          label={moduleDef(building.computeMethod)?.label ?? building.computeMethod}
        />
        {building.engineeringName ? (
          <Typography variant="body2" color="text.secondary">
            所属项目：{String(building.engineeringName)}
          </Typography>
        ) : null}
      </Stack>
    </Box>
    <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
      <Button
        size="small"
        startIcon={<ArrowBackIcon />}
        component={Link}
        to={resultRoute(building.id)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        查看计算结果
      </Button>
      <Button size="small" component={Link} to={decideRoute(null, tab)} sx={{ whiteSpace: 'nowrap' }}>
        更换单体
      </Button>
    </Stack>
  </Stack>
);

const Panel = ({
  tab,
  building,
  onTab,
}: {
  tab: DecideTab;
  building: BuildingRecord;
  onTab: (t: DecideTab) => void;
}) => {
  const id = building.id;
  const notify = useNotify();
  // a variant made from a substitute is shown where it can be compared, the message saying so
  const created = (name: string) => {
    notify(`已生成方案「${name}」，可在方案比选中对比`, { type: 'success' });
    onTab('variants');
  };
  switch (tab) {
    case 'variants':
      return <VariantPanel projectId={id} />;
    case 'hotspots':
      return <HotspotPanel projectId={id} onVariantCreated={(v) => created(v.name)} />;
    case 'uncertainty':
      return <UncertaintyPanel projectId={id} module={building.computeMethod as Module} />;
    case 'phases':
      return <PhasePanel projectId={id} module={String(building.computeMethod)} />;
    default:
      return <ReferencePanel projectId={id} />;
  }
};

const BuildingDecide = ({ id, tab }: { id: number; tab: DecideTab }) => {
  const [, setParams] = useSearchParams();
  const detail = useBuildingDetail(id);
  if (detail.isPending) return <Loading loadingPrimary="正在加载, 请稍候..." loadingSecondary="" />;
  if (detail.isError) return <Alert severity="error">{errorMessage(detail.error)}</Alert>;
  const building = detail.data;
  const onTab = (next: DecideTab) => setParams({ id: String(id), tab: next });
  return (
    <>
      <Title title={`${DECIDE_MSG.title} - ${building.name}`} />
      <Header building={building} tab={tab} />
      {!hasResult(building) ? (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" component={Link} to={resultRoute(id)} sx={{ whiteSpace: 'nowrap' }}>
              计算结果
            </Button>
          }
        >
          {DECIDE_MSG.notCalculated}
        </Alert>
      ) : (
        <>
          <Tabs
            value={tab}
            onChange={(_, v: DecideTab) => onTab(v)}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label="决策分析"
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {DECIDE_TABS.map((t) => (
              <Tab key={t.value} value={t.value} label={t.label} />
            ))}
          </Tabs>
          {/* a tab's wide tables and charts scroll inside its own area; the page and the sidebar keep their widths */}
          <Box data-testid="decide-panel" sx={{ minWidth: 0, overflowX: 'auto' }}>
            <Panel key={`${id}-${tab}`} tab={tab} building={building} onTab={onTab} />
          </Box>
        </>
      )}
    </>
  );
};

export const DecidePage = () => {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = positiveInt(raw);
  const rawTab = params.get('tab');
  const tab: DecideTab = isDecideTab(rawTab) ? rawTab : 'reference';
  return (
    <Box sx={{ py: 2, maxWidth: 1600, minWidth: 0 }} data-testid="decide-page">
      {id !== null ? (
        <BuildingDecide id={id} tab={tab} />
      ) : (
        <>
          <Title title={DECIDE_MSG.title} />
          <Typography variant="h5" component="h1" gutterBottom>
            {DECIDE_MSG.title}
          </Typography>
          {raw !== null && (
            <Alert severity="error" sx={{ mb: 2 }}>
              单体建筑不存在，请重新选择
            </Alert>
          )}
          <DecideBuildingPicker tab={tab} />
        </>
      )}
    </Box>
  );
};

export default DecidePage;
