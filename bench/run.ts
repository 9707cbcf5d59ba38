// npm run bench — the performance measures, each against its floor measured in the same run, interleaved
// (ours, floor, ours, floor …; medians and their ratio), on PGlite and, with DATABASE_URL set, on PostgreSQL.
// The data sets are made here: a 10 000-row building, an 80 000-row workbook from the import template, a zip
// bomb, 100 000 buildings, a 50 000-element IFC model. A benchmark, not a test: CI does not run it. See
// docs/benchmarks.md.
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writeBimModel } from './data/bimModel';
import { createEngineering, libraryFactors, STAGE_PATH } from './data/setup';
import { downloadTemplate, writeImportWorkbook } from './data/workbook';
import { writeZipBomb } from './data/zipBomb';
import { floorApp } from './lib/floor';
import { parseOptions, type MeasureName } from './lib/options';
import { load, machine, notes, table, writeResults, type Result } from './lib/report';
import { RssSampler } from './lib/rss';
import { fmtMs, fmtN } from './lib/stats';
import { BENCH_DIR, openTarget, type Target } from './lib/target';
import type { Ctx } from './measures/context';
import { batchSaveMeasures } from './measures/batchSave';
import { bimMeasures } from './measures/bim';
import { importMeasures } from './measures/importRows';
import { listFilterMeasures, listMeasures } from './measures/list';
import { recalcMeasures } from './measures/recalc';
import { zipBombMeasures } from './measures/zipBomb';
import { uncertaintyListMeasures, uncertaintyMeasures } from './measures/uncertainty';
import { frozenReportMeasures } from './measures/frozenReport';
import { statisticsMeasures } from './measures/statistics';
import { serverStartMeasures } from './measures/serverStart';
import { reportMeasures } from './measures/report';
import { loginJsMeasures } from './measures/loginJs';
import { warmupMeasures } from './measures/warmup';
import { firstStartMeasures } from './measures/firstStart';
import { stagePageMeasures } from './measures/stagePage';
import { budgetMeasures } from './measures/budget';
import { budgetUploadMeasures } from './measures/budgetUpload';
import { scaleMeasures } from './measures/scale';

const MEASURES: Record<MeasureName, (ctx: Ctx) => Promise<Result[]>> = {
  recalc: recalcMeasures,
  import: importMeasures,
  zipbomb: zipBombMeasures,
  'list-filter': listFilterMeasures,
  list: listMeasures,
  bim: bimMeasures,
  uncertainty: uncertaintyMeasures,
  start: serverStartMeasures,
  batch: batchSaveMeasures,
  report: reportMeasures,
  loginjs: loginJsMeasures,
  warmup: warmupMeasures,
  'first-start': firstStartMeasures,
  stagepage: stagePageMeasures,
  budget: budgetMeasures,
  'budget-upload': budgetUploadMeasures,
  'uncertainty-list': uncertaintyListMeasures,
  'frozen-report': frozenReportMeasures,
  statistics: statisticsMeasures,
  scale: scaleMeasures,
};

const DB_NAMES = { pglite: 'PGlite', postgres: 'PostgreSQL' } as const;

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2), process.env);
  const started = performance.now();
  const log = (line: string) => console.log(line);
  if (!(globalThis as { gc?: unknown }).gc) log('(no --expose-gc: run through `npm run bench` for steadier figures)');
  const loadAtStart = load();
  const m = machine();
  log(
    `npm run bench — ${opts.only.join(', ')} on ${opts.dbs.map((d) => DB_NAMES[d]).join(' and ')}; rounds ${opts.rounds} (lists ${opts.listRounds})`,
  );
  log(
    `${m.os}, ${m.cpus.count} × ${m.cpus.model}, ${m.memoryGiB} GiB, Node ${m.node}; load average ${loadAtStart}${loadAtStart > m.cpus.count ? ' — the machine is busy: figures will be noisy' : ''}`,
  );

  const filesDir = join(BENCH_DIR, `files-${process.pid}`);
  mkdirSync(filesDir, { recursive: true });
  const files: Ctx['files'] = {};
  const rss = new RssSampler();
  const results: Result[] = [];
  const databases: object[] = [];
  const noDbDone = new Set<string>();

  try {
    for (const kind of opts.dbs) {
      const db = DB_NAMES[kind];
      log(`\n${db}: setting up`);
      let t: Target;
      try {
        t = await openTarget(kind, { databaseUrl: process.env.DATABASE_URL, keep: opts.keep, log });
      } catch (e) {
        log(`  FAILED: ${(e as Error).message}`);
        databases.push({ kind, error: (e as Error).message });
        results.push({
          id: 'setup',
          measure: 'setup',
          database: db,
          unit: 'ms',
          ours: null,
          floor: null,
          ratio: null,
          goal: '—',
          within: false,
          note: `not measured: ${(e as Error).message}`,
        });
        continue;
      }
      databases.push({ kind, version: t.label, setupS: Math.round(t.setupMs / 100) / 10 });
      log(`  ${t.label}, ready in ${fmtMs(t.setupMs)} ms`);
      try {
        const factors = await libraryFactors(t.raw);
        const template = await downloadTemplate(t, STAGE_PATH);
        const titles: Record<
          string,
          'material_name' | 'spec' | 'unit' | 'quantity' | 'factor_name' | 'density' | 'remarks'
        > = {
          材料名称: 'material_name',
          规格型号: 'spec',
          单位: 'unit',
          用量: 'quantity',
          排放因子名称: 'factor_name',
          '密度(t/单位)': 'density',
          备注: 'remarks',
        };
        const adminId = Number(
          (await t.raw.query<{ id: number }>(`select id from sys_user where user_name = 'admin'`))[0].id,
        );
        const floor = floorApp(t.raw, { stageTable: 'stage_produce', titles, factorType: '建材', userId: adminId });
        await floor.ready();
        const ctx: Ctx = {
          t,
          floor,
          opts,
          rss,
          log,
          db,
          engineeringId: await createEngineering(t),
          factors,
          template,
          files,
          wait: {},
        };

        if (opts.only.includes('import') && !files.workbook) {
          const t0 = performance.now();
          const path = join(filesDir, `import-${opts.importRows}.xlsx`);
          const size = await writeImportWorkbook(path, template, opts.importRows, factors);
          files.workbook = { path, size, amount: opts.importRows };
          const probe = join(filesDir, 'import-probe.xlsx');
          files.probe = { path: probe, size: await writeImportWorkbook(probe, template, 100, factors), amount: 100 };
          log(
            `  workbook: ${fmtN(opts.importRows)} rows, ${(size / 1e6).toFixed(2)} MB (${size < 6 * 2 ** 20 ? 'under' : 'OVER'} the 6 MB limit), made in ${fmtMs(performance.now() - t0)} ms`,
          );
        }
        if (opts.only.includes('zipbomb') && !files.bomb) {
          const t0 = performance.now();
          const path = join(filesDir, 'bomb.xlsx');
          const b = writeZipBomb(path, template);
          files.bomb = { path, size: b.size, amount: b.inflated };
          log(
            `  zip bomb: ${(b.size / 1e3).toFixed(0)} KB inflating to ${(b.inflated / 1e6).toFixed(0)} MB, made in ${fmtMs(performance.now() - t0)} ms`,
          );
        }

        if (opts.only.includes('bim') && !files.bim) {
          const t0 = performance.now();
          const path = join(filesDir, `bim-${opts.bimElements}.ifc`);
          const b = writeBimModel(path, opts.bimElements);
          files.bim = { path, size: b.bytes, amount: b.elements };
          log(
            `  IFC model: ${fmtN(b.elements)} elements, ${(b.bytes / 1e6).toFixed(1)} MB, made in ${fmtMs(performance.now() - t0)} ms`,
          );
        }

        for (const name of opts.only) {
          // bim, uncertainty and loginjs use no database of the run: measured once, with the first one that opens
          if ((name === 'bim' || name === 'uncertainty' || name === 'loginjs') && noDbDone.has(name)) continue;
          noDbDone.add(name);
          const t0 = performance.now();
          log(`\n${db}: ${name}`);
          try {
            results.push(...(await MEASURES[name](ctx)));
          } catch (e) {
            log(`  FAILED: ${(e as Error).stack ?? e}`);
            results.push({
              id: name,
              measure: name,
              database: db,
              unit: 'ms',
              ours: null,
              floor: null,
              ratio: null,
              goal: '—',
              within: false,
              note: `failed: ${(e as Error).message}`,
            });
          }
          log(`  (${name}: ${fmtMs((performance.now() - t0) / 1000)} s)`);
        }
        await floor.close();
      } finally {
        await t.close();
      }
    }
  } finally {
    await rss.close();
    if (!opts.keep) rmSync(filesDir, { recursive: true, force: true });
  }

  const elapsedS = (performance.now() - started) / 1000;
  log('\n' + table(results));
  const n = notes(results);
  if (n.length) log('\nNotes:\n' + n.join('\n'));
  const out = resolve(import.meta.dirname, '..', opts.out);
  writeResults(out, {
    options: {
      only: opts.only,
      recalcRows: opts.recalcRows,
      scale: opts.scale,
      importRows: opts.importRows,
      buildings: opts.buildings,
      bimElements: opts.bimElements,
      batchRows: opts.batchRows,
      rounds: opts.rounds,
      listRounds: opts.listRounds,
    },
    databases,
    results,
    elapsedS,
    loadAtStart,
  });
  log(
    `\n${results.filter((r) => r.within === true).length} of ${results.filter((r) => r.within !== null).length} within goal; ${elapsedS.toFixed(0)} s; load average ${loadAtStart} → ${load()}; results in ${out}`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
