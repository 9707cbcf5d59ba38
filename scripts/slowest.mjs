// The slowest test files and tests of an `npm test` run, read from the reports it writes (vitest's and
// Playwright's JSON), so a slow file is named where everyone looks: at the end of the run.
import { relative } from 'node:path';

/** Vitest's report → files { name, seconds } and tests { name, seconds }. */
function fromVitest(report, root) {
  const files = [];
  const tests = [];
  for (const f of report?.testResults ?? []) {
    const file = relative(root, f.name);
    files.push({ name: file, seconds: (f.endTime - f.startTime) / 1000 });
    for (const t of f.assertionResults ?? [])
      tests.push({ name: `${file} › ${t.fullName}`, seconds: (t.duration ?? 0) / 1000 });
  }
  return { files, tests };
}

/** Playwright's report: a file's time is the sum of its tests' (they run one after another in one worker). */
function fromPlaywright(report) {
  const files = [];
  const tests = [];
  const walk = (suite, file, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const seconds = (t.results ?? []).reduce((s, r) => s + (r.duration ?? 0), 0) / 1000;
        tests.push({ name: `e2e/${file} › ${[...titles, spec.title].join(' › ')}`, seconds });
      }
    }
    for (const s of suite.suites ?? []) walk(s, file, [...titles, s.title]);
  };
  for (const suite of report?.suites ?? []) {
    const before = tests.length;
    walk(suite, suite.file, []);
    files.push({ name: `e2e/${suite.file}`, seconds: tests.slice(before).reduce((s, t) => s + t.seconds, 0) });
  }
  return { files, tests };
}

const top = (rows, n) => [...rows].sort((a, b) => b.seconds - a.seconds).slice(0, n);
const line = (r) => `  ${r.seconds.toFixed(1).padStart(7)} s  ${r.name}`;

/** The lines to print: the 10 slowest files and the 5 slowest tests of both runners; none without a report. */
export function slowestLines(vitestReport, playwrightReport, root) {
  const v = fromVitest(vitestReport, root);
  const p = fromPlaywright(playwrightReport);
  const files = [...v.files, ...p.files];
  if (files.length === 0) return [];
  return [
    '',
    '[test] slowest test files:',
    ...top(files, 10).map(line),
    '[test] slowest tests:',
    ...top([...v.tests, ...p.tests], 5).map(line),
  ];
}
