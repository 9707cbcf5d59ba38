// 阶段偏差: the building's linked phases in order 估算 → 概预算 → 核算 (one card each), 关联阶段 /
// 解除关联, the waterfall from the first phase's total to the last, and per step its stage differences and the
// largest changes named; the server's notes as captions.
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Link as MuiLink,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading, useNotify } from 'react-admin';
import { ConfirmDialog } from '../admin/ConfirmDialog';
import { Link } from 'react-router-dom';
import { formatNumber } from '../../calc/format';
import { MSG } from '../constants';
import { errorMessage } from '../admin/useConfirmedAction';
import { getPhases, unlinkPhase, type Phase, type PhaseAnswer, type PhaseStep } from './decideApi';
import { PhaseCopyButton } from './PhaseCopyButton';
import { PhaseLinkDialog } from './PhaseLinkDialog';
import { DECIDE_MSG, MODULE_ORDER, resultRoute, signed } from './texts';
import { Diff, TIGHT } from './VariantCompare';
import { Waterfall } from './Waterfall';
import { ScrollX } from '../admin/ScrollX';

const phaseKey = (projectId: number) => ['decide', 'phases', projectId] as const;

const ordered = (phases: Phase[]) =>
  [...phases].sort((a, b) => MODULE_ORDER.indexOf(a.module) - MODULE_ORDER.indexOf(b.module));

const PhaseCard = ({ p, self }: { p: Phase; self: boolean }) => (
  <Card variant="outlined" sx={{ flex: { md: '1 1 0' }, minWidth: 0 }} data-testid="phase-card">
    <CardContent>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Chip size="small" color="primary" label={p.moduleLabel} />
        {self && <Chip size="small" variant="outlined" label="本单体" />}
      </Stack>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
        {p.readable ? (
          <MuiLink component={Link} to={resultRoute(p.id)} underline="hover">
            {p.name}
          </MuiLink>
        ) : (
          p.name
        )}
      </Typography>
      <Typography variant="body2">
        碳排放总量：{p.total == null ? DECIDE_MSG.uncalculated : `${formatNumber(p.total)} tCO2e`}
      </Typography>
      <Typography variant="body2">
        碳排放强度：{p.streng3 == null ? DECIDE_MSG.uncalculated : `${formatNumber(p.streng3)} kgCO2e/(m²·a)`}
      </Typography>
    </CardContent>
  </Card>
);

const StepTable = ({ step }: { step: PhaseStep }) => (
  <Box sx={{ mt: 2 }} data-testid="phase-step">
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
      {step.from} → {step.to}：<Diff diff={step.diff} pct={step.diffPct} /> tCO2e
    </Typography>
    {step.largest.length > 0 && (
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', my: 1, alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          主要变化：
        </Typography>
        {step.largest.map((l) => (
          <Chip
            key={l.label}
            size="small"
            variant="outlined"
            color={l.diff < 0 ? 'success' : 'error'}
            label={`${l.label} ${signed(l.diff)} t`}
          />
        ))}
      </Stack>
    )}
    <ScrollX label={`${step.from}至${step.to}各阶段变化`}>
      <Table size="small" aria-label={`${step.from}至${step.to}各阶段变化`} sx={TIGHT}>
        <TableHead>
          <TableRow>
            <TableCell>阶段</TableCell>
            <TableCell align="right">{step.from}(tCO2e)</TableCell>
            <TableCell align="right">{step.to}(tCO2e)</TableCell>
            <TableCell align="right">差值(tCO2e)</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {step.stages.map((s) => (
            <TableRow key={s.field}>
              <TableCell>{s.title}</TableCell>
              <TableCell align="right">{formatNumber(s.baseline)}</TableCell>
              <TableCell align="right">{formatNumber(s.value)}</TableCell>
              <TableCell align="right">
                <Diff diff={s.diff} pct={s.diffPct} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollX>
  </Box>
);

export const PhasePanel = ({ projectId, module }: { projectId: number; module?: string }) => {
  const notify = useNotify();
  const client = useQueryClient();
  const [linking, setLinking] = useState(false);
  const [unlinking, setUnlinking] = useState(false);
  const [busy, setBusy] = useState(false);
  const query = useQuery({
    queryKey: phaseKey(projectId),
    queryFn: ({ signal }) => getPhases(projectId, signal),
    retry: false,
  });
  const took = (answer: PhaseAnswer, done: string) => {
    client.setQueryData(phaseKey(projectId), answer);
    void client.invalidateQueries({ queryKey: ['decide', 'phaseCandidates', projectId] });
    if (done) notify(done, { type: 'success' });
  };
  const unlink = async () => {
    setBusy(true);
    try {
      took(await unlinkPhase(projectId), '已解除关联');
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setBusy(false);
      setUnlinking(false);
    }
  };

  if (query.isPending) return <Loading loadingPrimary="正在加载, 请稍候..." loadingSecondary="" />;
  if (query.error) return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  const answer = query.data;
  const phases = ordered(answer.phases);
  const guard = answer.canEdit ? '' : DECIDE_MSG.noEdit;

  return (
    <Box data-testid="phase-panel">
      <Card variant="outlined">
        <CardContent>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1.5 }}
          >
            <Typography variant="h6" component="h2">
              关联阶段
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Tooltip title={guard}>
                <span>
                  <Button
                    variant="contained"
                    startIcon={<LinkIcon />}
                    disabled={!answer.canEdit || busy}
                    onClick={() => setLinking(true)}
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    关联阶段
                  </Button>
                </span>
              </Tooltip>
              {module && (
                <PhaseCopyButton
                  projectId={projectId}
                  module={module}
                  taken={phases.map((p) => p.module)}
                  disabledReason={guard}
                  onCopied={(a) => took(a, '')}
                />
              )}
              {phases.length > 1 && (
                <Tooltip title={guard}>
                  <span>
                    <Button
                      variant="outlined"
                      color="warning"
                      startIcon={<LinkOffIcon />}
                      disabled={!answer.canEdit || busy}
                      onClick={() => setUnlinking(true)}
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      解除关联
                    </Button>
                  </span>
                </Tooltip>
              )}
            </Stack>
          </Stack>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap>
            {phases.map((p) => (
              <PhaseCard key={p.id} p={p} self={p.id === projectId} />
            ))}
          </Stack>
        </CardContent>
      </Card>
      <Card variant="outlined" sx={{ mt: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            阶段间碳排放变化
          </Typography>
          {phases.length < 2 ? (
            <Box sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
              <Typography>{MSG.noData}</Typography>
              <Typography variant="body2" sx={{ mt: 1 }}>
                {DECIDE_MSG.phasesHint}
              </Typography>
            </Box>
          ) : (
            <>
              <Waterfall steps={answer.waterfall} testId="phase-waterfall" />
              {answer.steps.map((s) => (
                <StepTable key={`${s.from}-${s.to}`} step={s} />
              ))}
            </>
          )}
          {answer.notes.map((n) => (
            <Typography key={n} variant="caption" component="p" color="text.secondary" sx={{ mt: 1 }}>
              {n}
            </Typography>
          ))}
        </CardContent>
      </Card>
      {linking && (
        <PhaseLinkDialog
          projectId={projectId}
          onClose={() => setLinking(false)}
          onLinked={(a) => {
            setLinking(false);
            took(a, '关联成功');
          }}
        />
      )}
      <ConfirmDialog
        isOpen={unlinking}
        loading={busy}
        title="解除关联"
        content="确定让本单体退出阶段关联吗？其他单体之间的关联保持不变。"
        onConfirm={() => void unlink()}
        onClose={() => {
          setUnlinking(false);
          notify(MSG.canceled, { type: 'info' });
        }}
      />
    </Box>
  );
};
