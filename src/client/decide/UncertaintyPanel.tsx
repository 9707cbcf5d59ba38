// The 不确定性 tab of /decide: the Monte Carlo band of the total and the intensity, the histogram with
// P10/P50/P90 and the nominal value, the tornado of the inputs, the inputs' distributions, the draws/seed/time
// caption and 重新抽样 with other draws (2000–20000) or another seed. A refusal (核算, not calculated) is an info.
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Loading } from 'react-admin';
import { formatNumber } from '../../calc/format';
import { NoData } from '../admin/NoData';
import { errorMessage } from '../admin/useConfirmedAction';
import { getUncertainty, type UncertaintyAnswer } from './decideApi';
import { Block } from './panelParts';
import { Tornado } from './Tornado';
import { BandCards, Histogram } from './UncertaintyCharts';

export const ACCOUNTING_REFUSAL = '核算模块基于实际发生数据，不做不确定性分析';
export const DRAWS = { min: 2000, max: 20000, initial: 2000 } as const;

export const samplingCaption = (a: Pick<UncertaintyAnswer, 'draws' | 'seed' | 'elapsedMs'>) =>
  `${a.draws} 次抽样，随机种子 ${a.seed}，用时 ${formatNumber(a.elapsedMs)} ms`;

/** The entered draws and seed checked: the numbers, or the message of the first wrong one. */
export function checkSampling(
  draws: string,
  seed: string,
): { draws: number; seed: number } | { field: 'draws' | 'seed'; message: string } {
  const d = Number(draws);
  if (!draws.trim() || !Number.isInteger(d) || d < DRAWS.min || d > DRAWS.max)
    return { field: 'draws', message: `抽样次数应为 ${DRAWS.min}–${DRAWS.max} 的整数` };
  const s = Number(seed);
  if (!seed.trim() || !Number.isInteger(s) || s < 0) return { field: 'seed', message: '随机种子应为非负整数' };
  return { draws: d, seed: s };
}

const Resample = ({ onApply, busy }: { onApply: (p: { draws: number; seed: number }) => void; busy: boolean }) => {
  const [draws, setDraws] = useState(String(DRAWS.initial));
  const [seed, setSeed] = useState('1');
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const submit = () => {
    const checked = checkSampling(draws, seed);
    if ('field' in checked) setError(checked);
    else {
      setError(null);
      onApply(checked);
    }
  };
  const err = (field: string) => (error?.field === field ? error.message : ' ');
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      useFlexGap
      sx={{ alignItems: { sm: 'flex-start' }, mb: 1 }}
    >
      <TextField
        size="small"
        type="number"
        label="抽样次数"
        value={draws}
        onChange={(e) => setDraws(e.target.value)}
        error={error?.field === 'draws'}
        helperText={err('draws')}
        sx={{ width: { sm: 200 } }}
        slotProps={{ htmlInput: { min: DRAWS.min, max: DRAWS.max, step: 1000 } }}
      />
      <TextField
        size="small"
        type="number"
        label="随机种子"
        value={seed}
        onChange={(e) => setSeed(e.target.value)}
        error={error?.field === 'seed'}
        helperText={err('seed')}
        sx={{ width: { sm: 200 } }}
        slotProps={{ htmlInput: { min: 0, step: 1 } }}
      />
      <Button variant="outlined" onClick={submit} disabled={busy} sx={{ whiteSpace: 'nowrap' }}>
        重新抽样
      </Button>
    </Stack>
  );
};

const Result = ({ data }: { data: UncertaintyAnswer }) => (
  <>
    <Block title="碳排放总量与强度的区间">
      <BandCards title="碳排放总量" band={data.total} unit="tCO2e" testId="band-total" />
      {data.intensity && (
        <BandCards title="单位面积年均碳排放" band={data.intensity} unit="kgCO2e/(m²·a)" testId="band-intensity" />
      )}
    </Block>
    <Block title="碳排放总量分布">
      <Histogram answer={data} />
    </Block>
    <Block title="各输入项的影响（龙卷风图）">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        每一项取其 P10 与 P90 时的碳排放总量(tCO2e)，其他输入项取名义值；按波动由大到小排列。
      </Typography>
      <Tornado bars={data.tornado} nominal={data.total.nominal} />
    </Block>
    <Block title="输入项与分布">
      {data.inputs.length ? (
        <Table size="small" aria-label="输入项与分布">
          <TableHead>
            <TableRow>
              <TableCell>输入项</TableCell>
              <TableCell>分布</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.inputs.map((i) => (
              <TableRow key={`${i.label}-${i.distribution}`}>
                <TableCell sx={{ minWidth: 100 }}>{i.label}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{i.distribution}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <NoData />
      )}
    </Block>
  </>
);

export const UncertaintyPanel = ({ projectId, module }: { projectId: number; module?: string }) => {
  const refused = module === 'accounting';
  const [params, setParams] = useState<{ draws: number; seed: number }>({ draws: DRAWS.initial, seed: 1 });
  const { data, isPending, isFetching, error } = useQuery({
    queryKey: ['decide', 'uncertainty', projectId, params.draws, params.seed],
    queryFn: ({ signal }) => getUncertainty(projectId, params, signal),
    enabled: !refused,
    retry: false,
    // react-query: the last band stays on screen while 重新抽样 runs (not a placeholder value)
    placeholderData: keepPreviousData,
  });

  if (refused) return <Alert severity="info">{ACCOUNTING_REFUSAL}</Alert>;
  if (isPending) return <Loading loadingPrimary="正在抽样计算, 请稍候..." loadingSecondary="" />;
  if (error && !data) {
    const status = (error as { status?: number }).status;
    return <Alert severity={status === 400 ? 'info' : 'error'}>{errorMessage(error)}</Alert>;
  }
  return (
    <Box data-testid="uncertainty-panel" sx={{ minWidth: 0 }}>
      <Resample onApply={setParams} busy={isFetching} />
      {isFetching && <LinearProgress sx={{ mb: 1 }} aria-label="正在抽样计算" />}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(error)}
        </Alert>
      )}
      {data && (
        <>
          <Typography
            variant="caption"
            color="text.secondary"
            component="p"
            sx={{ mb: 1 }}
            data-testid="sampling-caption"
          >
            {samplingCaption(data)}
          </Typography>
          <Result data={data} />
          {data.notes.map((n) => (
            <Typography key={n} variant="caption" color="text.secondary" component="p">
              {n}
            </Typography>
          ))}
        </>
      )}
    </Box>
  );
};
