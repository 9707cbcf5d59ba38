// The BIM import API's shapes (docs/bim.md): the request bodies of src/server/bim/routes.ts (validated
// by the server, their types derived from the schemas) and the answers the server builds and the client shows
// (src/client/bim/bimApi.ts) — one definition for both sides. Types only besides the schemas: the client imports it.
import type { FromSchema } from 'json-schema-to-ts';
import type { Job } from './jobs';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
// (density: t/m³ the user confirmed for a material that has only a volume, for a per-mass factor)
const density = { type: 'number', title: '密度(t/m³)', exclusiveMinimum: 0, maximum: 25 } as const;
const mapping = {
  type: 'object',
  additionalProperties: false,
  required: ['ifcMaterial', 'factorId'],
  properties: { ifcMaterial: { type: 'string', minLength: 1, maxLength: 500 }, factorId: id, density },
} as const;

/** POST bim/:jobId/check: the quantity one factor would import for one IFC material. */
export const checkBody = mapping;

/** POST bim/import: the confirmed mappings of a parsed model, imported into the building. */
export const importBody = {
  type: 'object',
  additionalProperties: false,
  required: ['jobId', 'projectId', 'mode', 'mappings'],
  properties: {
    jobId: id,
    projectId: id,
    mode: { type: 'string', enum: ['append', 'replace'], title: '导入方式' },
    /** the user confirmed importing materials with open review problems */
    confirmProblems: { type: 'boolean', title: '确认导入有问题的构件' },
    mappings: { type: 'array', title: '材料映射', minItems: 1, maxItems: 5000, items: mapping },
  },
} as const;

export type ImportRequest = FromSchema<typeof importBody>;
export type ImportMapping = FromSchema<typeof mapping>;
export type ImportMode = ImportRequest['mode'];

/** Why an element cannot be fully counted; listed in the pre-flight report with its GlobalId. */
export type ProblemKind =
  | 'noMaterial'
  | 'noQuantity'
  | 'unknownUnit'
  | 'duplicateId'
  | 'fromGeometry'
  // the plausibility review — an import with any of these asks for explicit confirmation
  | 'openSurface'
  | 'quantityMismatch'
  | 'volumeOverBox'
  | 'nonPositive'
  | 'thickLayer'
  | 'materialPerArea';

export interface BimCounts {
  elements: number;
  withoutMaterial: number;
  /** no quantity set: volumes from the geometry, or nothing */
  withoutQuantity: number;
  unknownUnits: number;
  /** GlobalIds used by more than one element */
  duplicateGlobalIds: number;
  fromGeometry: number;
  materials: number;
  /** problems of the plausibility review: an import of their materials asks for confirmation */
  review: number;
}

/** The report's table by storey × element type. */
export interface BimGroup {
  storey: string;
  ifcType: string;
  typeTitle: string;
  count: number;
  volume: number;
  area: number;
  weight: number;
}

export interface BimProblem {
  globalId: string;
  name: string;
  ifcType: string;
  typeTitle: string;
  storey: string;
  kind: ProblemKind;
  message: string;
  /** the IFC materials the problem touches (the import asks to confirm the review problems of what it imports) */
  materials: string[];
}

/** A model-wide note: which of repeated quantities was taken and why, a unit conversion. */
export interface BimNote {
  text: string;
  /** elements it applies to */
  elements: number;
}

/** The model's floor area (m²) the per-m² plausibility ranges divide by, and where it came from. */
export interface FloorArea {
  value: number;
  /** in Chinese, e.g. 'IfcSpace 净面积之和' or '楼板（FLOOR/BASESLAB）面积之和' */
  basis: string;
}

/** The file's units as read from IfcUnitAssignment, in words for the report, e.g. 毫米(mm). */
export interface BimUnits {
  length: string;
  area: string;
  volume: string;
  mass: string;
}

/** A library material proposed for an IFC material. */
export interface BimSuggestion {
  factorId: number;
  name: string;
  /** the factor's Chinese label (as the factor pickers show it) */
  label: string;
  /** the factor's unit, e.g. m3, t */
  unit: string;
  factorValue: number | null;
  coUnit: string | null;
  /** 0..1 */
  confidence: number;
  reasons: string[];
  /** a confirmed mapping of this tenant */
  saved: boolean;
  /** the material's quantity in the factor's unit, null with `error` */
  quantity: number | null;
  /** 体积, 面积, 质量, 体积×密度, 构件数量 */
  basis: string | null;
  /** why the factor cannot take the material's quantity */
  error: string | null;
  /** the error is only a missing density: the mapping page asks for one (the material's densityDefault offered) */
  needsDensity?: boolean;
  /** the density the quantity was computed with: the one saved with the tenant's mapping of the material */
  density?: SavedDensity;
}

/** A density (t/m³) confirmed with an earlier import of the material, offered again (已保存) with its source. */
export interface SavedDensity {
  value: number;
  /** the family default's source (…用户已确认) or 用户填写 */
  source: string;
  saved: true;
}

/** A family's default density (t/m³) offered, never applied unasked, for a material that has only a volume. */
export interface DensityDefault {
  value: number;
  /** e.g. GB 50009-2012 附录A 表A 第5项 混凝土空心小砌块 11.8 kN/m³ */
  source: string;
  /** V read in the source, D derived from a related entry, M recalled */
  verification: 'V' | 'D' | 'M';
  note: string;
  /** the family's Chinese label */
  label: string;
}

/** One IFC material of the report, with its quantities (m³, m², kg) and its proposed library materials. */
export interface BimMaterial {
  name: string;
  /** elements having the material — also its count for a per-piece factor (doors, windows by 樘/个) */
  elements: number;
  volume: number;
  area: number;
  weight: number;
  /** elements whose volume came from the geometry */
  fromGeometry: number;
  /** m³ of `volume` that came from the geometry (the rest from quantity sets); absent in models read before */
  geometryVolume?: number;
  /** t/m³ declared by the model, else null */
  density: number | null;
  /** problems of the plausibility review touching it: importing it asks for confirmation */
  review?: number;
  /** its family's default density, offered when a per-mass factor needs one (null: none) */
  densityDefault?: DensityDefault | null;
  /** its material family (Chinese), null when the taxonomy does not know the name */
  family: string | null;
  /** why no suggestion comes for a known family (因子库暂无「…」类材料的因子), else null */
  matchNote: string | null;
  /** best first */
  suggestions: BimSuggestion[];
}

/** GET bim/:jobId: the pre-flight report of a parsed model, its problems paged. */
export interface Preflight {
  modelId: number;
  jobId: number;
  projectId: number;
  fileName: string;
  /** IFC2X3, IFC4, IFC4X3 */
  schema: string;
  units: BimUnits;
  counts: BimCounts;
  groups: BimGroup[];
  problems: { total: number; pageNum: number; pageSize: number; list: BimProblem[] };
  materials: BimMaterial[];
  notes: BimNote[];
  /** null when the model has neither spaces nor floor slabs */
  floorArea: FloorArea | null;
}

export interface PreflightAnswer {
  job: Job;
  /** null while the model is parsed, or when the parse failed (job.message says why) */
  model: Preflight | null;
}

/** POST bim/:jobId/check: the material's quantity in the factor's unit, or (null) the density it needs. */
export interface CheckAnswer {
  quantity: number | null;
  unit: string;
  basis: string | null;
  /** why a density is needed (asked for in place), when quantity is null */
  needsDensity?: string;
  /** the saved density the quantity was computed with, when none was sent */
  density?: SavedDensity;
}

/** POST bim/import (directly or as the ended job's result); `B` is the building record as each side types it. */
export interface ImportAnswer<B = Record<string, unknown>> {
  /** 建材生产 rows created */
  rows: number;
  /** 建材运输 rows created */
  transRows: number;
  /** IFC materials left unmapped */
  skipped: string[];
  warnings: string[];
  /** the building, recalculated */
  result: B;
}
