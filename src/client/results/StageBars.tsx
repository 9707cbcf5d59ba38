// 各阶段碳排放: one stage's bar chart, chosen by radio buttons (建筑运行 shows its parts with dictionary labels).
// A bar — or the button under the chart, for the keyboard — opens the stage's trace.
import { useState } from 'react';
import { Button, Card, CardContent, FormControlLabel, Radio, RadioGroup, Typography } from '@mui/material';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useDict } from '../admin/useDicts';
import { baseOptions, Chart } from './Chart';
import { fixed2, stageBars, stageLabel, type BuildingResult } from './resultModel';

export interface StageBarsProps {
  module: string;
  data: BuildingResult;
  stages: string[];
  traceOf: (code: string) => (() => void) | undefined;
}

export const StageBars = ({ module, data, stages, traceOf }: StageBarsProps) => {
  const partLabels = useDict('runtimePart');
  const [barStage, setBarStage] = useState<string>(stages[0] ?? '');
  const bars = stageBars(data, module, barStage, partLabels);
  const openTrace = traceOf(barStage);
  return (
    <Card variant="outlined" sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          各阶段碳排放
        </Typography>
        <RadioGroup row aria-label="计算阶段" value={barStage} onChange={(e) => setBarStage(e.target.value)}>
          {stages.map((code) => (
            <FormControlLabel key={code} value={code} control={<Radio />} label={stageLabel(module, code)} />
          ))}
        </RadioGroup>
        <Chart
          type="bar"
          testId="chart-stage"
          series={[{ name: '碳排放(tCO2e)', data: bars.data }]}
          options={baseOptions({
            chart: { events: { dataPointSelection: () => openTrace?.() } },
            xaxis: { categories: bars.categories },
            yaxis: { labels: { formatter: (v: number) => fixed2(v) }, title: { text: 'tCO2e' } },
            // the stage's colour (its parts too), as on the donut and in the report
            colors: [bars.color],
            plotOptions: { bar: { columnWidth: '45%' } },
            legend: { show: false },
          })}
        />
        {openTrace && (
          <Button size="small" startIcon={<ReceiptLongIcon />} onClick={openTrace}>
            查看{stageLabel(module, barStage)}计算过程
          </Button>
        )}
      </CardContent>
    </Card>
  );
};
