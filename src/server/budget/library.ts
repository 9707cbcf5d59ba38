// What a budget file's items are matched against, for one caller: the library's 建材 and 能源 factors (current
// versions the caller may read), the 表C.0.1 machine rows of 参数表管理, and the tenant's confirmed choices.
import type { Caller } from '../db/caller';
import type { Executor } from '../db/database';
import { readScope } from '../db/scope';
import { resourceDef } from '../db/registry';
import { ENERGY_TYPE, libraryMaterials } from '../imports/library';
import { savedMappings } from '../imports/mappings';
import type { MachineRow } from './machines';
import type { Library } from './suggest';

export const MACHINE_TABLE = 'constructionMachine';

export async function machineRows(ex: Executor, caller: Caller): Promise<MachineRow[]> {
  const def = resourceDef('tpf3Lookup');
  let q = ex.selectFrom(def.table).select(['id', 'name', 'spec', 'value', 'unit']).where('table', '=', MACHINE_TABLE);
  const scope = readScope(def.meta, caller);
  if (scope) q = q.where(scope);
  const rows = await q.orderBy('id').execute();
  return rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    spec: String(r.spec ?? ''),
    value: r.value == null ? null : Number(r.value),
    unit: String(r.unit ?? ''),
  }));
}

/** `ids`: only those factors (an import reads the factors it was given, not the whole library to suggest from). */
export async function loadLibrary(ex: Executor, caller: Caller, ids?: number[]): Promise<Library> {
  const [materials, energies, machines, saved] = await Promise.all([
    libraryMaterials(ex, caller, ids),
    libraryMaterials(ex, caller, ids, ENERGY_TYPE),
    machineRows(ex, caller),
    ids ? new Map() : savedMappings(ex, caller),
  ]);
  return { materials, energies, machines, saved };
}
