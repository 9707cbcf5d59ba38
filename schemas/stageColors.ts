// One colour per stage for every chart of stages — the result and compare pages (apexcharts in the browser) and
// the report's donut and bars (ECharts on the server) alike, so a PDF and the page it was printed from agree.
// Keyed by stage: a sink is always green, the other stages with a result take the palette in registry
// order, so a stage added to the registry takes the next colour and never turns 碳汇 another one.
import { stageMetas } from './stageMeta';

export const SINK_COLOR = '#43a047';
export const STAGE_PALETTE = [
  '#1e88e5',
  '#00acc1',
  '#fb8c00',
  '#e53935',
  '#8e24aa',
  '#6d4c41',
  '#fdd835',
  '#546e7a',
  '#d81b60',
] as const;

/** The colour of a stage's figure ('produce' → '#1e88e5'); the palette's last colour for a code no stage has. */
export function stageColor(code: string | undefined): string {
  const metas = stageMetas();
  if (metas.find((m) => m.code === code)?.phase === 'sink') return SINK_COLOR;
  const place = metas.filter((m) => m.result && m.phase !== 'sink').findIndex((m) => m.code === code);
  return place < 0 ? STAGE_PALETTE[STAGE_PALETTE.length - 1] : STAGE_PALETTE[place % STAGE_PALETTE.length];
}

/** A result field's colour: its first stage's (建筑拆除 for the field 建筑拆除 and 建筑改造拆除 add to). */
export const resultFieldColor = (f: { stages: readonly string[]; sink?: boolean }): string =>
  f.sink ? SINK_COLOR : stageColor(f.stages[0]);
