// The report's pictures, drawn in the drawing thread (drawTask.ts) from the model's data: the stage share donut,
// the stage bars and each decision section's chart (waterfall, tornado), all PNG.
import { shareDonutSvg, stageBarSvg, toPng } from './charts';
import { decisionChartPng, type DecisionChart } from './decisionCharts';
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
  const decision = new Map<DecisionChart, Buffer>();
  for (const section of m.decision) for (const b of section.blocks) if (b.kind === 'image') decision.set(b.chart, decisionChartPng(b.chart));
  return { donut: toPng(shareDonutSvg(m.chart)), bar: toPng(stageBarSvg(m.chart)), decision };
}
