// tpf3Project/copy: the building with its results and every row that belongs to it (stage rows, extended
// data), in one transaction. The copy belongs to the caller (its creator, no collaborators) in the same tenant.
import type { Caller } from '../db/caller';
import type { Db, Tx } from '../db/database';
import { columnName } from '../db/naming';
import type { BuildingRecord } from '../../../schemas/records';
import { recordColumns, toRecord, type Row } from '../db/record';
import { repo } from '../db/repo';
import { assertWrite } from '../db/scope';
import { projectOwned } from './buildingHooks';
import { markCurrent } from './stale';

const SUFFIX = '-副本';
/** A copy starts its own sign-off: the first revision, 编制中, no report. */
const UNSIGNED = { reviewState: 'draft', revision: 'A', revisionOf: null, reportNo: null };
const NAME_MAX = 20;

/** "<name>-副本", shortened so it stays within the 20-character rule. */
export function copyName(name: string): string {
  return `${[...name].slice(0, NAME_MAX - SUFFIX.length).join('')}${SUFFIX}`;
}

/** `over`: fields the copy takes instead of the source's; `after` runs in the copy's transaction with the new id. */
export async function copyBuilding(
  db: Db,
  caller: Caller,
  projectId: number,
  over: Record<string, unknown> = {},
  after?: (trx: Tx, id: number) => Promise<void>,
): Promise<BuildingRecord> {
  const buildings = repo(db, 'tpf3Project');
  assertWrite(buildings.def.meta, caller);
  const source = await buildings.get(caller, projectId);
  const id = await db.transaction().execute(async (trx) => {
    const row = (await trx
      .insertInto(buildings.def.table)
      .values({
        ...recordColumns(buildings.schema, {
          ...source,
          name: copyName(source.name),
          userId: '',
          phaseGroup: null,
          ...UNSIGNED,
          ...over,
        }),
        tenant_id: source.tenantId,
        create_by: caller.userId || null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: number };
    for (const owned of projectOwned()) {
      const rows = (await trx
        .selectFrom(owned.table)
        .selectAll()
        .where(columnName('projectId'), '=', projectId)
        .orderBy('id')
        .execute()) as Row[];
      if (!rows.length) continue;
      const copies = rows.map((r) => ({
        ...recordColumns(owned.schema, { ...toRecord(owned.schema, r), projectId: row.id }),
        tenant_id: r.tenant_id,
        create_by: caller.userId || null,
      }));
      await trx.insertInto(owned.table).values(copies).execute();
    }
    // the copied result is as current as the source's: it was calculated from the very rows just copied
    if (source.resultDetail != null && !source.resultStale) await markCurrent(trx, Number(row.id));
    await after?.(trx, Number(row.id));
    return Number(row.id);
  });
  return buildings.get(caller, id);
}
