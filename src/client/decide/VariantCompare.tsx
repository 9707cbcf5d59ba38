// 方案对比: up to three variants chosen against the baseline — the side-by-side table (stages, 合计, 强度; each
// variant's value with its signed difference), then per variant its waterfall and its row changes.
import { useState } from 'react';
import {
  Alert,
  Autocomplete,
  Box,
  Card,
  CardContent,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { formatNumber } from '../../calc/format';
import { NoData } from '../admin/NoData';
import { errorMessage } from '../admin/useConfirmedAction';
import { compareVariants, type CompareAnswer, type Variant, type VariantComparison } from './decideApi';
import { CHANGE_KIND, diffSign, diffText, SIGN_COLOR } from './texts';
import { Waterfall } from './Waterfall';
import { ScrollX } from '../admin/ScrollX';

export const COMPARE_MAX = 3;

export const decideKeys = {
  variants: (projectId: number) => ['decide', 'variants', projectId] as const,
  compare: (projectId: number, ids: number[]) => ['decide', 'compare', projectId, ids.join(',')] as const,
};

export const Diff = ({ diff, pct }: { diff: number; pct: number | null | undefined }) => {
  const sign = diffSign(diff);
  return (
    <Typography
      component="span"
      variant="body2"
      data-sign={sign}
      data-testid="diff"
      sx={{ color: SIGN_COLOR[sign], whiteSpace: { xs: 'normal', sm: 'nowrap' } }}
    >
      {diffText(diff, pct)}
    </Typography>
  );
};

const ValueCell = ({ value, diff, pct }: { value: number | null; diff?: number | null; pct?: number | null }) => (
  <TableCell align="right">
    <Box>{formatNumber(value, 2, '—')}</Box>
    {diff != null && <Diff diff={diff} pct={pct} />}
  </TableCell>
);

const pctOf = (diff: number, base: number | null) => (base ? (diff / Math.abs(base)) * 100 : null);

/** Narrow cells on a phone so a few columns fit without scrolling. */
export const TIGHT = { '& th, & td': { px: { xs: 1, sm: 2 } } } as const;

const baselineTitle = (name: string) => (name === '基准方案' ? name : `基准方案（${name}）`);

const SideBySide = ({ answer }: { answer: CompareAnswer }) => {
  const { baseline, compared } = answer;
  const stages = compared[0]?.stages ?? [];
  return (
    <ScrollX label="方案对比">
      <Table
        size="small"
        aria-label="方案对比"
        sx={{ ...TIGHT, minWidth: { xs: 90 + (compared.length + 1) * 90, sm: 360 + compared.length * 140 } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>阶段(tCO2e)</TableCell>
            <TableCell align="right">{baselineTitle(baseline.name)}</TableCell>
            {compared.map((c) => (
              <TableCell key={c.variant.id} align="right">
                {c.variant.name}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {stages.map((s) => (
            <TableRow key={s.field}>
              <TableCell>{s.title}</TableCell>
              <ValueCell value={s.baseline} />
              {compared.map((c) => {
                const d = c.stages.find((x) => x.field === s.field);
                return <ValueCell key={c.variant.id} value={d?.value ?? null} diff={d?.diff} pct={d?.diffPct} />;
              })}
            </TableRow>
          ))}
          <TableRow sx={{ '& td': { fontWeight: 600 } }}>
            <TableCell>合计</TableCell>
            <ValueCell value={baseline.total} />
            {compared.map((c) => (
              <ValueCell key={c.variant.id} value={c.variant.total} diff={c.totalDiff} pct={c.totalDiffPct} />
            ))}
          </TableRow>
          <TableRow>
            <TableCell>强度(kgCO2e/(m²·a))</TableCell>
            <ValueCell value={baseline.streng3} />
            {compared.map((c) => {
              const diff =
                c.variant.streng3 != null && baseline.streng3 != null ? c.variant.streng3 - baseline.streng3 : null;
              return (
                <ValueCell
                  key={c.variant.id}
                  value={c.variant.streng3}
                  diff={diff}
                  pct={diff == null ? null : pctOf(diff, baseline.streng3)}
                />
              );
            })}
          </TableRow>
        </TableBody>
      </Table>
    </ScrollX>
  );
};

const t = (kg: number) => formatNumber(kg / 1000);

const Changes = ({ c }: { c: VariantComparison }) =>
  c.changes.length ? (
    <ScrollX label={`${c.variant.name} 数据变化`}>
      <Table
        size="small"
        aria-label={`${c.variant.name} 数据变化`}
        sx={{ ...TIGHT, minWidth: { sm: 760 }, '& .wide': { display: { xs: 'none', sm: 'table-cell' } } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>阶段</TableCell>
            <TableCell>名称</TableCell>
            <TableCell className="wide">变化</TableCell>
            <TableCell>详情</TableCell>
            <TableCell className="wide" align="right">
              变化前(tCO2e)
            </TableCell>
            <TableCell className="wide" align="right">
              变化后(tCO2e)
            </TableCell>
            <TableCell align="right">差值(tCO2e)</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {c.changes.map((r, i) => (
            <TableRow key={i}>
              <TableCell>{r.stageTitle}</TableCell>
              <TableCell>{r.label}</TableCell>
              <TableCell className="wide" sx={{ whiteSpace: 'nowrap' }}>
                {CHANGE_KIND[r.kind] ?? r.kind}
              </TableCell>
              <TableCell>{r.detail}</TableCell>
              <TableCell className="wide" align="right">
                {t(r.before)}
              </TableCell>
              <TableCell className="wide" align="right">
                {t(r.after)}
              </TableCell>
              <TableCell align="right">
                <Diff diff={r.diff / 1000} pct={null} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollX>
  ) : (
    <Typography variant="body2" color="text.secondary">
      与基准方案相比没有数据变化
    </Typography>
  );

const VariantDetail = ({ baseline, c }: { baseline: Variant; c: VariantComparison }) => (
  <Card variant="outlined" sx={{ mt: 2 }} data-testid="variant-detail">
    <CardContent>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {baseline.name} → {c.variant.name}：<Diff diff={c.totalDiff} pct={c.totalDiffPct} /> tCO2e
      </Typography>
      <Waterfall steps={c.waterfall} testId={`waterfall-${c.variant.id}`} />
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        数据变化
      </Typography>
      <Changes c={c} />
    </CardContent>
  </Card>
);

export const VariantCompare = ({ projectId, variants }: { projectId: number; variants: Variant[] }) => {
  const others = variants.filter((v) => !v.isBaseline);
  const [picked, setPicked] = useState<number[] | null>(null);
  const ids = (picked ?? others.slice(0, COMPARE_MAX).map((v) => v.id)).filter((id) => others.some((v) => v.id === id));
  const query = useQuery({
    queryKey: decideKeys.compare(projectId, ids),
    queryFn: ({ signal }) => compareVariants(projectId, ids, signal),
    enabled: ids.length > 0,
    retry: false,
  });
  const chosen = others.filter((v) => ids.includes(v.id));
  return (
    <Card variant="outlined" sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          方案对比
        </Typography>
        <Autocomplete
          multiple
          options={others}
          value={chosen}
          getOptionLabel={(v) => v.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          getOptionDisabled={(v) => ids.length >= COMPARE_MAX && !ids.includes(v.id)}
          onChange={(_, next) => setPicked(next.map((v) => v.id))}
          noOptionsText="暂无数据"
          renderInput={(params) => <TextField {...params} label={`与基准方案对比的方案（最多 ${COMPARE_MAX} 个）`} />}
          sx={{ mb: 1, maxWidth: 640 }}
        />
        <Box sx={{ height: 4 }}>{query.isFetching && <LinearProgress />}</Box>
        {query.error ? (
          <Alert severity="error">{errorMessage(query.error)}</Alert>
        ) : !ids.length || (query.data && !query.data.compared.length) ? (
          <NoData />
        ) : query.data ? (
          <>
            <SideBySide answer={query.data} />
            {query.data.compared.map((c) => (
              <VariantDetail key={c.variant.id} baseline={query.data.baseline} c={c} />
            ))}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
};
