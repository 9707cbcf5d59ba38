// The compare page's reference rows: per compared building its GB 55015-2021 status (满足 / 未满足 /
// 待输入 with the reduction), its operation intensity (sink included, GB/T 51366 clause 4.1) and its life-cycle
// intensity, with their definitions, and the published life-cycle typical lines (known values only) as a small
// 参考线 table — the compare page's chart is in tCO2e, so the lines cannot be drawn on it.
import {
  Box,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQueries } from '@tanstack/react-query';
import type { PublishedLine, ReferenceAnswer } from './referenceApi';
import {
  DASH,
  GbChip,
  lineValueText,
  OPERATION_UNIT,
  referenceQuery,
  valueText,
  VerificationChip,
} from './referenceParts';
import { LIFECYCLE_NOTE, OPERATION_NOTE } from '../../calc/intensity';

export const GB_ROW = 'GB 55015 降碳核对';

/** The life-cycle lines with a known value or range, each once, across the buildings' answers. */
export function lifecycleLines(answers: (ReferenceAnswer | undefined)[]): PublishedLine[] {
  const seen = new Map<number, PublishedLine>();
  for (const a of answers)
    for (const l of a?.published ?? [])
      if (l.metric === 'lifecycle' && (l.value != null || (l.low != null && l.high != null)) && !seen.has(l.id))
        seen.set(l.id, l);
  return [...seen.values()];
}

const GbCell = ({ answer }: { answer: ReferenceAnswer | undefined }) => {
  if (!answer) return <>{DASH}</>;
  const gb = answer.gb55015;
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' }}
    >
      <GbChip pass={gb.pass} />
      {gb.reduction != null && (
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          降低 {valueText(gb.reduction)} {OPERATION_UNIT}
        </Typography>
      )}
    </Stack>
  );
};

export const CompareReference = ({ buildings }: { buildings: { id: number; name: string }[] }) => {
  const results = useQueries({
    queries: buildings.map((b) => referenceQuery(b.id)),
  });
  if (!buildings.length) return null;
  const answers = results.map((r) => r.data);
  const lines = lifecycleLines(answers);
  return (
    <Box sx={{ mt: 2 }} data-testid="compare-reference">
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="参考线核对" sx={{ minWidth: 480 }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ minWidth: 140 }}>项目</TableCell>
              {buildings.map((b) => (
                <TableCell key={b.id} align="right">
                  {b.name}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            <TableRow data-testid="compare-gb55015">
              <TableCell>{GB_ROW}</TableCell>
              {buildings.map((b, i) => (
                <TableCell key={b.id} align="right">
                  <GbCell answer={answers[i]} />
                </TableCell>
              ))}
            </TableRow>
            <TableRow data-testid="compare-operation">
              <TableCell>运行碳排放强度（含碳汇）({OPERATION_UNIT})</TableCell>
              {buildings.map((b, i) => (
                <TableCell key={b.id} align="right">
                  {valueText(answers[i]?.building.operation)}
                </TableCell>
              ))}
            </TableRow>
            <TableRow>
              <TableCell>全生命周期碳排放强度(kgCO2e/(m²·a))</TableCell>
              {buildings.map((b, i) => (
                <TableCell key={b.id} align="right">
                  {valueText(answers[i]?.building.lifecycle)}
                </TableCell>
              ))}
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ mt: 1 }} data-testid="compare-intensity-notes">
        {[LIFECYCLE_NOTE, OPERATION_NOTE].map((n) => (
          <Typography key={n} variant="caption" component="p" color="text.secondary">
            {n}
          </Typography>
        ))}
      </Box>
      {lines.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 2, mb: 1 }}>
            参考线
          </Typography>
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="参考线" sx={{ minWidth: 600 }}>
              <TableHead>
                <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
                  <TableCell>名称</TableCell>
                  <TableCell>适用建筑类型</TableCell>
                  <TableCell align="right">参考值</TableCell>
                  <TableCell>单位</TableCell>
                  <TableCell>核实标记</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {lines.map((l) => (
                  <TableRow key={l.id}>
                    <TableCell sx={{ minWidth: 180 }}>{l.name}</TableCell>
                    <TableCell>{l.buildType}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {lineValueText(l)}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{l.unit}</TableCell>
                    <TableCell>
                      <VerificationChip code={l.verification} label={l.verificationLabel} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </Box>
  );
};
