// A stored record as the API answers it, typed from its resource's schema: the server's repository returns these
// (src/server/db/repo.ts) and the client reads the same type, so neither side writes a record's fields by hand.
import type { FromSchema } from 'json-schema-to-ts';
import type { registry, ResourceName } from './index';

/** The columns every stored record carries besides its schema's properties (schemas/index.ts SYSTEM_FIELDS). */
export interface SystemFields {
  id: number;
  createDate: string;
  updateDate: string;
  createBy: number | null;
  tenantId: number | null;
}

/**
 * A record of resource `N`: its schema's properties, the system fields, and an index for what the server joins in
 * (a decorate hook's figures, a result column a new stage adds): typed where the schema knows, open where it cannot.
 */
export type ResourceRecord<N extends ResourceName> = FromSchema<(typeof registry)[N]> &
  SystemFields &
  Record<string, unknown>;

/** A building (tpf3Project) as the repository and the building routes answer it. */
export type BuildingRecord = ResourceRecord<'tpf3Project'>;

/** A factor of the library (tpf3BuildMaterial), any of its versions. */
export type FactorRecord = ResourceRecord<'tpf3BuildMaterial'>;
