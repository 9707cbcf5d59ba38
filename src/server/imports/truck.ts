// The transport factor an import gives the 建材运输 rows it makes: the one the building's own transport rows use
// most, else a heavy diesel truck — a row's distance is the user's to check, the vehicle a starting point.
import { stageOfRole } from '../../../schemas/stageMeta';
import type { Tx } from '../db/database';
import { columnName } from '../db/naming';
import { resourceDef } from '../db/registry';
import { stageDef } from '../stages/calculate';

export const DEFAULT_TRUCK = { name: '重型柴油货车运输', spec: '30t' };

/** The transport factor for generated rows: the one the building's transport rows use most, else DEFAULT_TRUCK. */
export async function truckFactor(trx: Tx, projectId: number): Promise<{ id: number; name: string } | undefined> {
  const trans = stageDef(stageOfRole('transport')!)!;
  const used = await trx
    .selectFrom(trans.table)
    .select([columnName('factorId'), (eb) => eb.fn.countAll<number>().as('n')])
    .where(columnName('projectId'), '=', projectId)
    .where(columnName('factorId'), 'is not', null)
    .groupBy(columnName('factorId'))
    .orderBy('n', 'desc')
    .executeTakeFirst();
  const table = resourceDef('tpf3BuildMaterial').table;
  const q = trx.selectFrom(table).select(['id', 'name', 'spec']);
  const row = used
    ? await q.where('id', '=', Number(used[columnName('factorId')])).executeTakeFirst()
    : await q
        .where('type', '=', '运输')
        .where('name', '=', DEFAULT_TRUCK.name)
        .where('spec', '=', DEFAULT_TRUCK.spec)
        .where('tenant_id', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirst();
  return row ? { id: Number(row.id), name: `${row.name}${row.spec ? `（${row.spec}）` : ''}` } : undefined;
}
