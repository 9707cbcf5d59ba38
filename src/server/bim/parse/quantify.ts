// One element's counted quantities and their element-level review. Quantity sets
// first, each repeated quantity chosen by evidence; an element without any takes its volume from the geometry —
// only from a closed solid: an open surface offers its area instead. Then what cannot be right is flagged with
// its figures: a quantity set disagreeing with the closed geometry by over 10 %, a volume larger than the
// element's bounding box, a negative or zero quantity (not counted), a material layer over 2 m.
import type { ProblemKind } from '../model';
import { agreeing, areaEvidence, choose, type Chosen, volumeEvidence } from './evidence';
import type { GeometryMeasure } from './geometry';
import type { Layer } from './materials';
import { apart, fmt, percentApart } from './notes';
import {
  AREA_NAMES,
  firstOf,
  hasQuantities,
  type QuantityKind,
  preferred,
  type RawQuantities,
  VOLUME_NAMES,
  WEIGHT_NAMES,
} from './qto';
import { BASE_SYMBOL, conversionNote } from './units';

export interface Quantified {
  volume: number | null;
  area: number | null;
  weight: number | null;
  /** the volume is the closed geometry's */
  fromGeometry: boolean;
  problems: ProblemKind[];
  details: Partial<Record<ProblemKind, string>>;
  /** the notes this element adds to (choices, conversions) */
  notes: string[];
}

/** Over this many % (of the geometry's) a quantity set's volume and the closed geometry's disagree. */
const MISMATCH = 10;
/** A layer thicker than this (m) is not a building layer. */
const MAX_LAYER = 2;
/** Rounding room for a volume against its bounding box. */
const BOX_SLACK = 1.01;

const KIND_WORDS: Record<QuantityKind, string> = { volume: '体积', area: '面积', weight: '重量' };
const SCALE_KIND = { volume: 'volume', area: 'area', weight: 'mass' } as const;

function flag(q: Quantified, kind: ProblemKind, detail?: string): void {
  q.problems.push(kind);
  if (detail) q.details[kind] = detail;
}

/** `layers` in m; `geometry` undefined when web-ifc gave no mesh. */
export function quantify(raw: RawQuantities, geometry: GeometryMeasure | undefined, layers: Layer[]): Quantified {
  const q: Quantified = {
    volume: null,
    area: null,
    weight: null,
    fromGeometry: false,
    problems: [],
    details: {},
    notes: [],
  };
  const thick = layers.filter((l) => l.thickness > MAX_LAYER);
  if (thick.length)
    flag(q, 'thickLayer', thick.map((l) => `材料层「${l.material}」厚度 ${fmt(l.thickness)} m`).join('；'));
  const closed = geometry?.volume ?? null;

  if (!hasQuantities(raw)) {
    if (closed) {
      q.volume = closed;
      q.fromGeometry = true;
      flag(q, 'fromGeometry');
    } else if (geometry) {
      q.area = geometry.area;
      flag(q, 'openSurface', `几何不是封闭实体，只计面积 ${fmt(geometry.area)} m²`);
    } else flag(q, 'noQuantity');
    return q;
  }

  const thickness = layers.reduce((a, l) => a + Math.max(0, l.thickness), 0) || null;
  const areas = preferred(raw.area, AREA_NAMES, false);
  const volumeWhy = volumeEvidence(
    closed,
    raw.lengths,
    firstOf(raw.area, 'CrossSectionArea'),
    agreeing(areas),
    thickness,
  );
  const chosen: Record<QuantityKind, Chosen | null> = {
    volume: choose('volume', preferred(raw.volume, VOLUME_NAMES, true), volumeWhy),
    area: choose('area', areas, areaEvidence(volumeWhy, raw.lengths, thickness)),
    weight: choose('weight', preferred(raw.weight, WEIGHT_NAMES, true), null),
  };
  const nonPositive: string[] = [];
  for (const kind of ['volume', 'area', 'weight'] as const) {
    const c = chosen[kind];
    if (!c) continue;
    if (c.note) q.notes.push(c.note);
    const converted = conversionNote(SCALE_KIND[kind], c.scale, c.own);
    if (converted) q.notes.push(converted);
    if (c.value > 0) q[kind] = c.value;
    else nonPositive.push(`${KIND_WORDS[kind]} ${c.name} ${fmt(c.value)} ${BASE_SYMBOL[SCALE_KIND[kind]]}`);
  }
  if (nonPositive.length) flag(q, 'nonPositive', nonPositive.join('；'));
  const v = q.volume;
  if (v !== null && closed && percentApart(v, closed) > MISMATCH)
    flag(
      q,
      'quantityMismatch',
      `数量集 ${chosen.volume!.name} ${fmt(v)} m³，几何 ${fmt(closed)} m³，${apart(v, closed)}`,
    );
  if (v !== null && geometry && geometry.box > 0 && v > geometry.box * BOX_SLACK)
    flag(q, 'volumeOverBox', `体积 ${fmt(v)} m³，包围盒 ${fmt(geometry.box)} m³`);
  return q;
}
