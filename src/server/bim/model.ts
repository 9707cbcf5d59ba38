// src/server/bim/ owns BIM import (docs/bim.md): an IFC upload is bounded and checked
// (upload.ts), parsed off the request thread in a worker with web-ifc (parse/), summarised into a pre-flight
// report before anything is saved (preflight.ts), its materials matched to the factor library with saved
// per-tenant mappings first (match/), and imported as the building's 建材生产 (and 建材运输) rows in one
// transaction (importRows.ts). This file: the shapes shared by the parser, the report and the import.

import type { BimMaterial, BimNote, BimUnits, FloorArea, ProblemKind } from '../../../schemas/bim';
import type { Summary } from './detail';

// (the shapes the client shows too are in schemas/bim.ts)
export type { BimNote, BimUnits, FloorArea, ProblemKind };

/** The kinds that are implausible rather than missing: an import touching them needs `confirmProblems`. */
export const REVIEW_KINDS: readonly ProblemKind[] = [
  'openSurface',
  'quantityMismatch',
  'volumeOverBox',
  'nonPositive',
  'thickLayer',
  'materialPerArea',
];

/** One material's share of an element, quantities already in m³, m², kg (the file's units normalised). */
export interface BimPart {
  material: string;
  /** m³ — the element's volume split over its layers by thickness (constituents by fraction) */
  volume: number | null;
  /** m² — the element's area (each layer of a wall covers the whole side area) */
  area: number | null;
  /** kg — only when the element has one material */
  weight: number | null;
  /** the volume came from the geometry (no quantity set) */
  fromGeometry: boolean;
}

export interface BimElement {
  globalId: string;
  name: string;
  /** IFC entity, e.g. IfcWall */
  ifcType: string;
  storey: string;
  parts: BimPart[];
  problems: ProblemKind[];
  /** the specifics of a problem, appended to its text (e.g. '数量集 12.00 m³，几何 8.00 m³，相差 50%') */
  details?: Partial<Record<ProblemKind, string>>;
}

/** A material's density (t/m³) the model itself declares (Pset_MaterialCommon.MassDensity), by material name. */
export type ModelDensities = Record<string, number>;

/** What the worker answers: everything the report and the import need, nothing of web-ifc. */
export interface ParsedModel {
  schema: string;
  units: BimUnits;
  elements: BimElement[];
  densities: ModelDensities;
  /** quantity choices and conversions, said once per kind in the pre-flight */
  notes?: BimNote[];
  /** null when the model gives neither spaces nor floor slabs */
  floorArea?: FloorArea | null;
}

/**
 * What a parse answers: the pre-flight report, made in the parsing process so the server never holds every
 * element, its bulk gzipped (detail.ts).
 */
export interface ParsedFile {
  schema: string;
  units: BimUnits;
  summary: Summary;
  detail: Uint8Array;
}

/** The worker's progress and answer messages. */
export type WorkerMessage =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'done'; parsed: ParsedFile }
  | { kind: 'failed'; message: string };

/**
 * A model's quantities of one IFC material, summed over its elements (the unit of mapping and import), with the
 * elements' GlobalIds (kept server-side; the row remembers them): the report's material before matching.
 */
export type MaterialTotal = Omit<BimMaterial, 'family' | 'matchNote' | 'suggestions'> & { globalIds: string[] };

/** Chinese names of the element types the report groups by. */
export const IFC_TYPE_TITLES: Record<string, string> = {
  IfcWall: '墙',
  IfcWallStandardCase: '墙',
  IfcWallElementedCase: '墙',
  IfcSlab: '楼板',
  IfcSlabStandardCase: '楼板',
  IfcSlabElementedCase: '楼板',
  IfcRoof: '屋顶',
  IfcColumn: '柱',
  IfcColumnStandardCase: '柱',
  IfcBeam: '梁',
  IfcBeamStandardCase: '梁',
  IfcMember: '构件杆件',
  IfcMemberStandardCase: '构件杆件',
  IfcPlate: '板材',
  IfcPlateStandardCase: '板材',
  IfcFooting: '基础',
  IfcPile: '桩',
  IfcStair: '楼梯',
  IfcStairFlight: '梯段',
  IfcRamp: '坡道',
  IfcRampFlight: '坡道段',
  IfcRailing: '栏杆',
  IfcDoor: '门',
  IfcDoorStandardCase: '门',
  IfcWindow: '窗',
  IfcWindowStandardCase: '窗',
  IfcCurtainWall: '幕墙',
  IfcCovering: '覆盖层',
  IfcChimney: '烟囱',
  IfcShadingDevice: '遮阳构件',
  IfcBuildingElementProxy: '其他构件',
  IfcBuildingElementPart: '构件部件',
};

export const typeTitle = (ifcType: string) => IFC_TYPE_TITLES[ifcType] ?? ifcType;

export const PROBLEM_TEXT: Record<ProblemKind, string> = {
  noMaterial: '构件未关联材料',
  noQuantity: '构件无数量集，几何也无法计算体积，未计入工程量',
  unknownUnit: '工程量单位无法识别，未计入',
  duplicateId: 'GlobalId 重复',
  fromGeometry: '无数量集，体积由几何计算',
  openSurface: '面状构件，无法计算体积',
  quantityMismatch: '数量集体积与几何体积相差超过 10%',
  volumeOverBox: '体积大于构件包围盒体积',
  nonPositive: '工程量为负数或零，未计入',
  thickLayer: '材料层厚度超过 2 m',
  materialPerArea: '材料用量超出单位建筑面积的合理范围',
};
