// Two results side by side, pure: per result field the difference in tCO2e and %, the waterfall
// from one total to the other through each stage's change, and the rows that changed, matched by row id.
import { roundTo } from '../format';

export interface StageDiff {
  field: string;
  title: string;
  baseline: number;
  value: number;
  diff: number;
  diffPct: number | null;
}

export interface WaterfallStep {
  label: string;
  value: number;
  kind: 'start' | 'delta' | 'end';
}

const t = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
export const pct = (diff: number, base: number): number | null =>
  base === 0 ? null : roundTo((diff / Math.abs(base)) * 100, 2);

/** Every field with a value on either side; tCO2e rounded to 4 decimals as stored. */
export function stageDiffs(
  base: Record<string, unknown>,
  other: Record<string, unknown>,
  titles: Record<string, string>,
): StageDiff[] {
  return Object.keys(titles)
    .filter((field) => t(base[field]) !== 0 || t(other[field]) !== 0)
    .map((field) => {
      const baseline = t(base[field]);
      const value = t(other[field]);
      const diff = roundTo(value - baseline, 4);
      return { field, title: titles[field], baseline, value, diff, diffPct: pct(diff, baseline) };
    });
}

/** start → one delta per changed stage → end (the deltas add up to end − start). */
export function waterfall(
  startLabel: string,
  start: number,
  diffs: { label: string; diff: number }[],
  endLabel: string,
  end: number,
): WaterfallStep[] {
  return [
    { label: startLabel, value: roundTo(start, 4), kind: 'start' },
    ...diffs
      .filter((d) => d.diff !== 0)
      .map((d) => ({ label: d.label, value: roundTo(d.diff, 4), kind: 'delta' as const })),
    { label: endLabel, value: roundTo(end, 4), kind: 'end' },
  ];
}

export interface ComparedRow {
  id: number;
  stageTitle: string;
  label: string;
  /** what identifies the row's content: factor name, quantity … (compared to say what changed) */
  facts: Record<string, string>;
  /** kg */
  emission: number;
}

export interface RowChange {
  stageTitle: string;
  label: string;
  kind: 'changed' | 'added' | 'removed';
  detail: string;
  before: number;
  after: number;
  diff: number;
}

/** Rows present in both (same id) whose emission or facts differ, and rows only on one side; |diff| descending. */
export function rowChanges(base: ComparedRow[], other: ComparedRow[], limit = 20): RowChange[] {
  const before = new Map(base.map((r) => [`${r.stageTitle}#${r.id}`, r]));
  const out: RowChange[] = [];
  for (const r of other) {
    const key = `${r.stageTitle}#${r.id}`;
    const b = before.get(key);
    before.delete(key);
    if (!b) {
      out.push({
        stageTitle: r.stageTitle,
        label: r.label,
        kind: 'added',
        detail: '新增',
        before: 0,
        after: r.emission,
        diff: r.emission,
      });
      continue;
    }
    const changed = Object.keys({ ...b.facts, ...r.facts }).filter((k) => (b.facts[k] ?? '') !== (r.facts[k] ?? ''));
    if (!changed.length && roundTo(b.emission - r.emission, 6) === 0) continue;
    const detail = changed.length
      ? changed.map((k) => `${k} ${b.facts[k] || '—'} → ${r.facts[k] || '—'}`).join('；')
      : '计算结果变化';
    out.push({
      stageTitle: r.stageTitle,
      label: r.label,
      kind: 'changed',
      detail,
      before: b.emission,
      after: r.emission,
      diff: r.emission - b.emission,
    });
  }
  for (const b of before.values())
    out.push({
      stageTitle: b.stageTitle,
      label: b.label,
      kind: 'removed',
      detail: '删除',
      before: b.emission,
      after: 0,
      diff: -b.emission,
    });
  return out
    .map((c) => ({ ...c, before: roundTo(c.before, 4), after: roundTo(c.after, 4), diff: roundTo(c.diff, 4) }))
    .sort((a, b) => Math.abs(b.diff) - Math.abs(a.diff))
    .slice(0, limit);
}
