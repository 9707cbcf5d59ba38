// The report's pictures, drawn in the drawing thread (drawTask.ts) from the picture blocks' data: the stage share
// donut and bars, the decision tools' charts (waterfall, tornado) and a frozen report's QR code, all PNG.
import QRCode from 'qrcode';
import { picturesOf, type ReportPicture } from './blocks';
import { withChartFonts } from './chartFonts';
import { shareDonutSvg, stageBarSvg, toPng } from './charts';
import { decisionChartSvg } from './decisionCharts';
import type { ReportModel } from './model';

/** Each picture block's PNG, by the block's picture object. */
export type ReportPictures = Map<ReportPicture, Buffer>;

type Chart = Exclude<ReportPicture, { kind: 'qr' }>;

const chartSvg = (p: Chart): string =>
  p.kind === 'donut' ? shareDonutSvg(p.points) : p.kind === 'bars' ? stageBarSvg(p.points) : decisionChartSvg(p);

/** A QR code as a PNG (error correction M: a printed copy survives a crease). */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
}

export async function reportPictures(m: ReportModel): Promise<ReportPictures> {
  const all = picturesOf(m.sections);
  const charts = all.filter((p): p is Chart => p.kind !== 'qr');
  const svgs = charts.map(chartSvg);
  // (one reduced copy of the fonts for all the charts: chartFonts.ts)
  const pngs = svgs.length ? withChartFonts(svgs, (fonts) => svgs.map((svg) => toPng(svg, undefined, fonts))) : [];
  const out: ReportPictures = new Map(charts.map((c, i) => [c, pngs[i]]));
  for (const p of all) if (p.kind === 'qr') out.set(p, await qrPng(p.text));
  return out;
}
