// Command line of `npm run bench -- …`.
import { parseArgs } from 'node:util';

export const MEASURES = [
  'recalc',
  'import',
  'zipbomb',
  'list-filter',
  'list',
  'bim',
  'uncertainty',
  'batch',
  'start',
  'report',
  'loginjs',
  'warmup',
  'stagepage',
  'budget',
  'budget-upload',
  'uncertainty-list',
  'frozen-report',
  'statistics',
  'first-start',
  'scale',
] as const;
export type MeasureName = (typeof MEASURES)[number];
/** Measures that run only when --only names them: each takes minutes of its own. */
export const OPT_IN: readonly MeasureName[] = ['scale'];

export interface Options {
  only: MeasureName[];
  dbs: ('pglite' | 'postgres')[];
  recalcRows: number;
  /** the route's time at these sizes (time per row) */
  scale: number[];
  importRows: number;
  buildings: number;
  /** elements of the generated IFC model (bim) */
  bimElements: number;
  /** new rows of one batch save (batch; the route takes at most 5 000) */
  batchRows: number;
  rounds: number;
  listRounds: number;
  bombRounds: number;
  bimRounds: number;
  /** seconds of each load of the scale run (10 users, then 50) */
  loadSeconds: number;
  keep: boolean;
  out: string;
  /** any option that makes the run smaller or partial: results go to .tmp/bench unless --out is given */
  partial: boolean;
}

export const USAGE = `npm run bench -- [options]
  --only recalc,import,zipbomb,list-filter,list,bim,uncertainty,batch,start,report,loginjs,warmup,
         stagepage,budget,budget-upload,uncertainty-list,frozen-report,statistics,first-start,scale
                              measures to run (default: all but scale, which runs only when named: the
                              100× data set on PostgreSQL, two replicas, 10 and 50 users — ~4 min, and
                              ~1 min more to generate the data unless kept from a run with --keep)
  --db pglite|postgres|all    databases (default: PGlite, and PostgreSQL too when DATABASE_URL is set)
  --rows N                    one size for every data set (quick runs): recalc N rows, import N rows,
                              N buildings, N BIM elements, time per row at N/10 and N
  --recalc-rows N             rows of the recalculated building (default 10000)
  --import-rows N             rows of the import workbook (default 80000)
  --buildings N               buildings for the list measures (default 100000)
  --bim-elements N            elements of the generated IFC model (default 50000)
  --batch-rows N              new rows of one batch save (default and most 5000)
  --scale N,N,…               sizes the recalculation is timed at, time per row (default 1000,10000,100000;
                              with --rows N: N/10,N)
  --rounds N                  measured rounds of the slow measures (default 5; the zip bomb and bim at most 3)
  --list-rounds N             measured rounds of the list measures (default 21)
  --load-seconds N            seconds of each load of the scale run (default 60)
  --keep                      keep the PGlite data dir / the tansuan_bench database and the generated files
                              (and the scale run's tansuan_bench_scale, reused by the next run)
  --out FILE                  where the results go (default bench/results.json for a full run,
                              .tmp/bench/results.json for a partial one)`;

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: 'string' },
      db: { type: 'string' },
      rows: { type: 'string' },
      'recalc-rows': { type: 'string' },
      'import-rows': { type: 'string' },
      buildings: { type: 'string' },
      'bim-elements': { type: 'string' },
      'batch-rows': { type: 'string' },
      scale: { type: 'string' },
      rounds: { type: 'string' },
      'list-rounds': { type: 'string' },
      'load-seconds': { type: 'string' },
      keep: { type: 'boolean', default: false },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const int = (name: string, v: string | undefined, dflt: number) => {
    if (v === undefined) return dflt;
    const n = Number(v.replace(/_/g, ''));
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} needs a positive integer, not ${v}`);
    return n;
  };
  const only = values.only
    ? (values.only
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean) as MeasureName[])
    : MEASURES.filter((m) => !OPT_IN.includes(m));
  for (const m of only)
    if (!MEASURES.includes(m)) throw new Error(`--only: unknown measure ${m} (${MEASURES.join(', ')})`);
  const db = values.db ?? (env.DATABASE_URL ? 'all' : 'pglite');
  if (!['pglite', 'postgres', 'all'].includes(db)) throw new Error(`--db: pglite, postgres or all, not ${db}`);
  const dbs: Options['dbs'] = db === 'all' ? ['pglite', 'postgres'] : [db as 'pglite' | 'postgres'];
  if (dbs.includes('postgres') && !env.DATABASE_URL) throw new Error('--db postgres needs DATABASE_URL');
  const rows = values.rows === undefined ? undefined : int('rows', values.rows, 0);
  const recalcRows = int('recalc-rows', values['recalc-rows'], rows ?? 10_000);
  const scale = values.scale
    ? values.scale.split(',').map((v) => int('scale', v.trim(), 0))
    : rows !== undefined
      ? [Math.max(10, Math.round(rows / 10)), recalcRows]
      : [1_000, recalcRows, 100_000];
  const rounds = int('rounds', values.rounds, 5);
  const listRounds = int('list-rounds', values['list-rounds'], 21);
  const partial =
    values.only !== undefined ||
    values.rows !== undefined ||
    values['recalc-rows'] !== undefined ||
    values['import-rows'] !== undefined ||
    values.scale !== undefined ||
    values.buildings !== undefined ||
    values['bim-elements'] !== undefined ||
    values['batch-rows'] !== undefined ||
    rounds < 5 ||
    listRounds < 21;
  return {
    only,
    dbs,
    recalcRows,
    scale: [...new Set(scale)].sort((a, b) => a - b),
    importRows: int('import-rows', values['import-rows'], rows ?? 80_000),
    buildings: int('buildings', values.buildings, rows ?? 100_000),
    bimElements: int('bim-elements', values['bim-elements'], rows ?? 50_000),
    batchRows: Math.min(5_000, int('batch-rows', values['batch-rows'], rows ?? 5_000)),
    rounds,
    listRounds,
    bombRounds: Math.min(3, rounds),
    bimRounds: Math.min(3, rounds),
    loadSeconds: int('load-seconds', values['load-seconds'], 60),
    keep: values.keep ?? false,
    out: values.out ?? (partial ? '.tmp/bench/results.json' : 'bench/results.json'),
    partial,
  };
}
