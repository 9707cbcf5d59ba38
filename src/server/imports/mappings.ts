// The tenant's confirmed mappings, shared by every import source: a material's name as the source writes it (an
// IFC material, a bill's line) → the library factor the user confirmed, by the name's normal form, proposed first on
// the next import of any source — with the density the user confirmed for a volume-only material, offered again.
import { sql } from 'kysely';
import type { Caller } from '../db/caller';
import type { Executor } from '../db/database';
import { normaliseName } from './match/names';
import type { Density } from './units';

const tenantKey = (caller: Caller) => caller.tenantId ?? 0;
export const mappingKey = (ifcMaterial: string) => normaliseName(ifcMaterial) || ifcMaterial.trim();

/** A confirmed mapping: its factor and the density (t/m³) the user confirmed for the material, with its source. */
export interface SavedChoice {
  factorId: number;
  density: Density | null;
}

/**
 * The tenant's confirmed mappings by normalised source name (or only those of `keys`), with the density confirmed for
 * each (if any).
 */
export async function savedChoices(
  ex: Executor,
  caller: Caller,
  keys?: string | string[],
): Promise<Map<string, SavedChoice>> {
  let q = ex
    .selectFrom('tpf3_bim_mapping')
    .select(['ifc_key', 'factor_id', 'density', 'density_source'])
    .where('tenant_key', '=', tenantKey(caller));
  if (keys !== undefined) {
    if (![keys].flat().length) return new Map();
    q = q.where('ifc_key', 'in', [keys].flat());
  }
  const rows = await q.execute();
  return new Map(
    rows.map((r) => [
      r.ifc_key as string,
      {
        factorId: Number(r.factor_id),
        density: r.density == null ? null : { value: Number(r.density), source: r.density_source ?? '' },
      },
    ]),
  );
}

/** The tenant's confirmed mappings: normalised source name → factor id. */
export async function savedMappings(ex: Executor, caller: Caller): Promise<Map<string, number>> {
  return new Map([...(await savedChoices(ex, caller))].map(([key, c]) => [key, c.factorId]));
}

/**
 * Remembers the mappings of an import for the tenant (one statement; the latest choice wins). A density is the
 * material's, not the factor's: a mapping saved without one (its factor needed none, or the budget file's) keeps
 * the density confirmed before.
 */
export async function saveMappings(
  ex: Executor,
  caller: Caller,
  mappings: { ifcMaterial: string; factorId: number; density?: Density | null }[],
): Promise<void> {
  const byKey = new Map(mappings.map((m) => [mappingKey(m.ifcMaterial), m]));
  if (!byKey.size) return;
  await ex
    .insertInto('tpf3_bim_mapping')
    .values(
      [...byKey].map(([key, m]) => ({
        tenant_key: tenantKey(caller),
        ifc_key: key,
        ifc_material: m.ifcMaterial,
        factor_id: m.factorId,
        user_id: caller.userId,
        density: m.density?.value ?? null,
        density_source: m.density?.source ?? null,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['tenant_key', 'ifc_key']).doUpdateSet({
        factor_id: sql`excluded.factor_id`,
        ifc_material: sql`excluded.ifc_material`,
        user_id: sql`excluded.user_id`,
        update_date: sql`now()`,
        density: sql`coalesce(excluded.density, tpf3_bim_mapping.density)`,
        density_source: sql`case when excluded.density is null then tpf3_bim_mapping.density_source else excluded.density_source end`,
      }),
    )
    .execute();
}
