// The results: one row per figure, the printed table and bench/results.json.
import { arch, cpus, loadavg, release, totalmem, type as osType } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fmtMs, median, round1, round3 } from './stats';

export interface Result {
  /** stable key, e.g. 'recalc', 'import.rss' */
  id: string;
  measure: string;
  database: string;
  unit: 'ms' | 'MiB' | 'KB' | 'chunks';
  ours: number | null;
  floor: number | null;
  /** ours / floor (or what the goal compares) */
  ratio: number | null;
  goal: string;
  within: boolean | null;
  /** samples (ms, MiB, or a page's JS chunks in KB) in the order measured */
  samples?: { ours: number[]; floor?: number[] };
  note?: string;
}

/** A comparison of two sample sets with a ratio goal. */
export function compare(
  id: string,
  measure: string,
  database: string,
  s: { ours: number[]; floor: number[] },
  maxRatio: number,
  note?: string,
): Result {
  const ours = median(s.ours);
  const floor = median(s.floor);
  const ratio = ours / floor;
  return {
    id,
    measure,
    database,
    unit: 'ms',
    ours,
    floor,
    ratio,
    goal: `≤ ${maxRatio}×`,
    within: ratio <= maxRatio,
    samples: { ours: s.ours.map(round1), floor: s.floor.map(round1) },
    note,
  };
}

/** Display width: CJK and full-width characters take two columns. */
const width = (s: string) =>
  [...s].reduce(
    (n, ch) =>
      n +
      (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch)
        ? 2
        : 1),
    0,
  );
const pad = (s: string, w: number, right = false) =>
  right ? ' '.repeat(Math.max(0, w - width(s))) + s : s + ' '.repeat(Math.max(0, w - width(s)));

const value = (r: Result, v: number | null) =>
  v === null || !Number.isFinite(v)
    ? '—'
    : r.unit === 'ms'
      ? fmtMs(v)
      : `${v.toFixed(r.unit === 'KB' ? 1 : 0)} ${r.unit}`;

export function table(results: Result[]): string {
  const head = ['measure', 'database', 'ours (median ms)', 'floor (median ms)', 'ratio', 'goal', 'within goal'];
  const rows = results.map((r) => [
    r.measure,
    r.database,
    value(r, r.ours),
    value(r, r.floor),
    r.ratio === null || !Number.isFinite(r.ratio) ? '—' : `${r.ratio.toFixed(2)}×`,
    r.goal,
    r.within === null ? '—' : r.within ? '是' : '否',
  ]);
  const w = head.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i]))));
  const line = (cells: string[]) => '| ' + cells.map((c, i) => pad(c, w[i], i >= 2 && i <= 4)).join(' | ') + ' |';
  const sep = '|' + w.map((n, i) => (i >= 2 && i <= 4 ? '-'.repeat(n + 1) + ':' : '-'.repeat(n + 2))).join('|') + '|';
  return [line(head), sep, ...rows.map(line)].join('\n');
}

export function notes(results: Result[]): string[] {
  return results.filter((r) => r.note).map((r) => `- ${r.measure} (${r.database}): ${r.note}`);
}

export function machine() {
  const c = cpus();
  return {
    os: `${osType()} ${release()} ${arch()}`,
    cpus: { model: c[0]?.model ?? '?', count: c.length, mhz: c[0]?.speed ?? null },
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
}

/** The 1-minute load average: other work on the machine shows in every figure. */
export const load = () => Math.round(loadavg()[0] * 100) / 100;

export function writeResults(
  file: string,
  doc: { options: object; databases: object[]; results: Result[]; elapsedS: number; loadAtStart: number },
): void {
  const out = {
    date: new Date().toISOString(),
    machine: { ...machine(), loadAverage1m: { start: doc.loadAtStart, end: load() } },
    command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
    options: doc.options,
    databases: doc.databases,
    elapsedS: Math.round(doc.elapsedS),
    results: doc.results.map((r) => ({
      ...r,
      ours: r.ours === null ? null : round1(r.ours),
      floor: r.floor === null ? null : round1(r.floor),
      ratio: r.ratio === null || !Number.isFinite(r.ratio) ? null : round3(r.ratio),
    })),
  };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, resultsJson(out));
}

/**
 * Indented JSON with every array of numbers (the samples) on one line: a full run's file stays ~200 lines, not 5 000.
 */
export const resultsJson = (value: unknown) =>
  JSON.stringify(value, null, 2).replace(
    /\[\s*(-?[\d.e+-]+(?:,\s*-?[\d.e+-]+)*)\s*\]/g,
    (_, items: string) => `[${items.split(/,\s*/).join(', ')}]`,
  ) + '\n';
