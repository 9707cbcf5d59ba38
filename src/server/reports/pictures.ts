// The report's pictures, drawn in the drawing thread (drawTask.ts) from the model's data: the stage share donut,
// the stage bars and each decision section's chart (waterfall, tornado), all PNG.
import { withChartFonts } from './chartFonts';
import { shareDonutSvg, stageBarSvg, toPng } from './charts';
import { decisionChartSvg, type DecisionChart } from './decisionCharts';
import type { ReportModel } from './model';

export interface ReportPictures {
  donut: Buffer;
  bar: Buffer;
  /** each decision image block's chart, by the block's chart object */
  decision: Map<DecisionChart, Buffer>;
  /** a frozen report's QR code (signoff.ts) */
  qr?: Buffer;
}

export function reportPictures(m: ReportModel): ReportPictures {
  const charts = m.decision.flatMap((s) => s.blocks.flatMap((b) => (b.kind === 'image' ? [b.chart] : [])));
  const svgs = [shareDonutSvg(m.chart), stageBarSvg(m.chart), ...charts.map(decisionChartSvg)];
  const [donut, bar, ...decision] = withChartFonts(svgs, (fonts) => svgs.map((svg) => toPng(svg, undefined, fonts)));
  return { donut, bar, decision: new Map(charts.map((c, i) => [c, decision[i]])) };
}
