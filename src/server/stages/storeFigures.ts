// A calculation's figures kept: the new rows of a save or an import get their ids before the calculation and are
// inserted once with their emission and trace; the stored rows whose figures changed are updated in one statement.
import { sql } from 'kysely';
import type { RowResult } from '../../calc/stage';
import type { Tx } from '../db/database';
import { jsonRows, type BulkColumn } from '../db/bulkInsert';
import { newIds } from '../db/createMany';
import { columnName } from '../db/naming';
import { insertedRecords, setStoredValue, type ApiRecord, type Row } from '../db/record';
import { resourceDef, type ResourceDef } from '../db/registry';

/** New rows of stage tables by resource name, checked (Repo.prepareMany) and not yet written. */
export type NewRows = Map<string, Row[]>;

/** A row's emission as stored: a number, or null (not counted, or no finite figure). */
const storedEmission = (r: RowResult) => (r.emission == null || !Number.isFinite(r.emission) ? null : r.emission);

/** The new rows with their ids and times (createMany.ts newIds), and the records they read back as. */
export async function withNewIds(trx: Tx, adding: NewRows | undefined) {
  const out = new Map<string, { def: ResourceDef; rows: Row[]; records: ApiRecord[]; byId: Map<number, Row> }>();
  const sets = [...(adding ?? [])]
    .filter(([, rows]) => rows.length)
    .map(([name, rows]) => ({ def: resourceDef(name), rows }));
  if (!sets.length) return out;
  const { ids, at } = await newIds(
    trx,
    sets.map(({ def, rows }) => ({ table: def.table, n: rows.length })),
  );
  sets.forEach(({ def, rows }, k) => {
    rows.forEach((row, i) => (row.id = ids[k][i]));
    out.set(def.name, {
      def,
      rows,
      records: insertedRecords(def.schema, rows, at),
      byId: new Map(rows.map((row) => [row.id as number, row])),
    });
  });
  return out;
}

/**
 * A stage's figures kept: each new row (`fresh`, by id) gets its emission and trace before its insert; the stored
 * rows whose figures changed are updated in ONE statement (set-based writes) — rows already holding the
 * same values are left alone, so a recalculation that changes nothing writes nothing. Answers the stage's records
 * as now stored. (calculateStage answers one result per row, in the rows' order.)
 */
export async function storeEmissions(
  trx: Tx,
  def: ResourceDef,
  records: ApiRecord[],
  results: RowResult[],
  fresh?: Map<number, Row>,
): Promise<ApiRecord[]> {
  const withTrace = 'trace' in def.schema.properties;
  const [emissionColumn, traceColumn] = [columnName('emission'), columnName('trace')];
  const changed: RowResult[] = [];
  records.forEach((rec, i) => {
    const r = results[i];
    const emission = storedEmission(r);
    const row = fresh?.get(rec.id);
    if (row) {
      row[emissionColumn] = emission;
      if (withTrace) row[traceColumn] = r.trace ? JSON.stringify(r.trace) : null;
    } else if (
      (rec.emission ?? null) !== emission ||
      (withTrace && JSON.stringify(rec.trace ?? null) !== JSON.stringify(r.trace))
    )
      changed.push(r);
    setStoredValue(def.schema, rec, 'emission', emission);
    if (withTrace) setStoredValue(def.schema, rec, 'trace', r.trace);
  });
  if (changed.length) await updateEmissions(trx, def.table, changed, withTrace);
  return records;
}

/** The changed rows' emission (and trace) in ONE statement. */
async function updateEmissions(trx: Tx, table: string, rows: RowResult[], withTrace: boolean): Promise<void> {
  const columns: BulkColumn[] = [
    { column: 'id', kind: 'integer' },
    { column: 'emission', kind: 'double precision' },
    ...(withTrace ? [{ column: 'trace', kind: 'jsonb' as const }] : []),
  ];
  const { from, value } = jsonRows(
    rows.map((r) => ({ id: r.id, emission: storedEmission(r), trace: r.trace ? JSON.stringify(r.trace) : null })),
    columns,
  );
  const [id, emission, trace] = columns.map(value);
  // (a trace read back from jsonb may order its keys differently than JS wrote them: the database compares them)
  if (!withTrace) {
    await sql`update ${sql.table(table)} as t set emission = ${emission} from ${from}
      where t.id = ${id} and t.emission is distinct from ${emission}`.execute(trx);
    return;
  }
  await sql`update ${sql.table(table)} as t set emission = ${emission}, trace = ${trace} from ${from}
    where t.id = ${id} and (t.emission is distinct from ${emission} or t.trace is distinct from ${trace})`.execute(trx);
}
