// What a report is made of after its cover: sections of format-neutral blocks. The section builders
// (sections/index.ts) write them; the PDF (pdfBlocks.ts) and the Word file (wordBlocks.ts) each draw every block kind
// one way, so a section has no drawing code of its own. Texts arrive written: figures already formatted with
// src/calc/format.ts (f2), from the stored result.
import type { ChartPoint } from './charts';
import type { DecisionChart } from './decisionCharts';
import type { ReportTable } from './stageTable';

/**
 * A picture by its data, drawn with the file in the drawing thread (pictures.ts); its kind sets its size.
 * donut: the stages' shares; bars: the stage totals; waterfall, tornado: the decision tools' charts; qr: a QR code
 * of `text`.
 */
export type ReportPicture =
  | DecisionChart
  | { kind: 'donut'; points: ChartPoint[] }
  | { kind: 'bars'; points: ChartPoint[] }
  | { kind: 'qr'; text: string };

/**
 * How a pairs block shares its width. figures: a narrow right-aligned value column; text: a label column for
 * labels of a few words; long text: a shorter label column, leaving room for values such as a URL or a hash.
 */
export type PairColumns = 'figures' | 'text' | 'long text';

/** strong: bold; note: small and grey; warning: small and red (what the reviewer must look at) */
export type TextTone = 'strong' | 'note' | 'warning';

export type ReportBlock =
  /** a sub-heading, numbered N.k under its section's N */
  | { kind: 'heading'; text: string }
  /** a paragraph */
  | { kind: 'text'; text: string; tone?: TextTone }
  /** a bullet list, or numbered 1. 2. … */
  | { kind: 'list'; items: string[]; numbered?: boolean }
  /** label → value rows (default columns: figures) */
  | { kind: 'pairs'; rows: [string, string][]; columns?: PairColumns }
  /** a table ('暂无数据' without rows); widths: relative column weights (a trace table has its own) */
  | { kind: 'table'; table: ReportTable; widths?: number[] }
  /** a picture, `alt` saying what it shows; a note is drawn beside it (PDF) or under it (Word) */
  | { kind: 'picture'; picture: ReportPicture; alt: string; note?: string };

export interface ReportSection {
  /** the title, numbered N. in report order */
  title: string;
  /** false: the title without a number (the 签署页) */
  numbered?: boolean;
  /** before: the section starts a page; after: the section after it does */
  pageBreak?: 'before' | 'after';
  /** its texts sit close to its tables, as captions (the stages: a long run of tables) */
  tight?: boolean;
  blocks: ReportBlock[];
}

/** Every picture of the sections, in report order (how the drawing threads hand pictures on). */
export const picturesOf = (sections: ReportSection[]): ReportPicture[] =>
  sections.flatMap((s) => s.blocks.flatMap((b) => (b.kind === 'picture' ? [b.picture] : [])));
