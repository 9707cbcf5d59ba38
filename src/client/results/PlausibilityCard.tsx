// 合理性检查 on the result page: the review stored with the result (resultDetail.plausibility,
// src/calc/plausibility.ts) — its flags (a figure outside a published range of 参考值库), or 未发现超出参考范围的数值;
// every check (the building's figure, the range, its source and mark, the verdict); the figures not checked and
// why; the metrics without a published range (暂无公开范围). Nothing is computed here; no figure is changed.
// PlausibilityTrace is the same flags inside a stage's 计算过程 (StageTraceDialog).
import {
  Alert,
  AlertTitle,
  Box,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatNumber } from '../../calc/format';
import {
  checkRangeText,
  checkVerdict,
  metricLabel,
  metricUnit,
  MISSING_NOTE,
  missingText,
  NO_FLAGS,
  NOT_REVIEWED,
  NO_RANGE,
  PLAUSIBILITY_INTRO,
  PLAUSIBILITY_TITLE,
  type PlausibilityReview,
} from '../../calc/plausibility';
import { VERIFICATION_LABELS } from '../../../schemas/factors/verification';
import { NoData } from '../admin/NoData';
import { usePhone } from '../admin/RecordCards';
import { Words } from '../admin/Words';

const Flags = ({ flags }: { flags: string[] }) =>
  flags.length ? (
    <Alert severity="warning" sx={{ mb: 1 }} data-testid="plausibility-flags">
      <AlertTitle>{`超出参考范围的数值（${flags.length} 条提示）`}</AlertTitle>
      {flags.map((f) => (
        <Typography key={f} variant="body2">
          {f}
        </Typography>
      ))}
    </Alert>
  ) : (
    <Alert severity="success" sx={{ mb: 1 }} data-testid="plausibility-ok">
      {NO_FLAGS}
    </Alert>
  );

const markText = (code: string) => {
  const label = (VERIFICATION_LABELS as Record<string, string>)[code];
  return label ? `${label}（${code}）` : code || '—';
};

const HEAD = ['指标', '本单体', '单位', '参考范围', '结论', '参考值库', '核实标记', '来源'];

/** On a phone: each check as a block of lines, instead of an eight-column table scrolled inside its card. */
const CheckItems = ({ review }: { review: PlausibilityReview }) => (
  <Box component="ul" aria-label="合理性检查明细" sx={{ listStyle: 'none', p: 0, m: 0 }}>
    {review.checks.map((c, i) => (
      <Box
        component="li"
        key={`${c.metric}-${c.lineId ?? i}`}
        data-testid={`plausibility-check-${c.metric}`}
        sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography variant="subtitle2" component="p">
          {metricLabel(c.metric)}：{formatNumber(c.value)} {metricUnit(c.metric)}
          <Box component="span" sx={{ ml: 1, color: c.direction ? 'warning.main' : 'success.main' }}>
            {checkVerdict(c)}
          </Box>
        </Typography>
        <Typography variant="body2" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
          参考范围：{checkRangeText(c)}
          <br />
          参考值库：{c.lineName}（{markText(c.verification)}）
          <br />
          来源：{c.source || '—'}
        </Typography>
      </Box>
    ))}
  </Box>
);

const Checks = ({ review }: { review: PlausibilityReview }) => (
  <TableContainer sx={{ overflowX: 'auto' }}>
    <Table size="small" aria-label="合理性检查明细" sx={{ minWidth: 860 }}>
      <TableHead>
        <TableRow>
          {HEAD.map((h) => (
            <TableCell key={h} align={h === '本单体' ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
              {h}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {review.checks.map((c, i) => (
          <TableRow key={`${c.metric}-${c.lineId ?? i}`} data-testid={`plausibility-check-${c.metric}`}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{metricLabel(c.metric)}</TableCell>
            <TableCell align="right">{formatNumber(c.value)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{metricUnit(c.metric)}</TableCell>
            <TableCell sx={{ minWidth: 220 }}>{checkRangeText(c)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap', color: c.direction ? 'warning.main' : 'success.main' }}>
              {checkVerdict(c)}
            </TableCell>
            <TableCell sx={{ minWidth: 160 }}>
              <Words text={c.lineName} />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{markText(c.verification)}</TableCell>
            <TableCell sx={{ minWidth: 200 }}>
              <Words text={c.source || '—'} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </TableContainer>
);

export const PlausibilityBody = ({ review }: { review: PlausibilityReview | null | undefined }) => {
  const phone = usePhone();
  if (!review) {
    return (
      <>
        <NoData />
        <Typography variant="body2" color="text.secondary" align="center">
          {NOT_REVIEWED}
        </Typography>
      </>
    );
  }
  const unchecked = review.figures.filter((f) => f.unchecked);
  const workings = review.figures.filter((f) => f.working);
  return (
    <>
      <Flags flags={review.flags.map((f) => f.text)} />
      {!review.checks.length && <NoData />}
      {review.checks.length > 0 && (phone ? <CheckItems review={review} /> : <Checks review={review} />)}
      <Box sx={{ mt: 1 }}>
        {workings.map((f) => (
          <Typography key={f.metric} variant="body2" color="text.secondary">
            {f.working}
          </Typography>
        ))}
        {unchecked.map((f) => (
          <Typography key={f.metric} variant="body2" color="text.secondary" data-testid="plausibility-unchecked">
            {`${f.label}：${f.unchecked}`}
          </Typography>
        ))}
        {review.missing.length > 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="plausibility-missing">
            {`${NO_RANGE}：${missingText(review.missing)}（${MISSING_NOTE}）`}
          </Typography>
        )}
        {review.notes.map((n) => (
          <Typography key={n} variant="body2" color="text.secondary">
            {n}
          </Typography>
        ))}
      </Box>
    </>
  );
};

export const PlausibilityCard = ({
  detail,
}: {
  detail: { plausibility?: PlausibilityReview | null } | null | undefined;
}) => (
  <Card variant="outlined" sx={{ mt: 2 }} data-testid="plausibility-card">
    <CardContent>
      <Typography variant="h6" component="h2" gutterBottom>
        {PLAUSIBILITY_TITLE}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {PLAUSIBILITY_INTRO}
      </Typography>
      <PlausibilityBody review={detail?.plausibility} />
    </CardContent>
  </Card>
);

/** The flags and material workings inside a stage's 计算过程. */
export const PlausibilityTrace = ({ flags, workings }: { flags: string[]; workings: string[] }) =>
  flags.length || workings.length ? (
    <Box data-testid="trace-plausibility">
      {flags.map((f) => (
        <Alert key={f} severity="warning" sx={{ mb: 0.5 }}>
          {`${PLAUSIBILITY_TITLE}：${f}`}
        </Alert>
      ))}
      {workings.map((w) => (
        <Typography key={w} variant="body2" color="text.secondary">
          {`${PLAUSIBILITY_TITLE}：${w}`}
        </Typography>
      ))}
    </Box>
  ) : null;
