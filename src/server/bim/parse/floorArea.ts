// The model's floor area, what the pre-flight's per-m² plausibility ranges divide by: the spaces'
// floor areas (Qto_SpaceBaseQuantities NetFloorArea, else GrossFloorArea, else the space geometry's floor), else
// the floor slabs' areas (PredefinedType FLOOR / BASESLAB; every slab, said in a note, when none is marked),
// else unknown. Spaces covering under half the floor slabs' area are a few rooms, not the building (tallbuilding):
// the slabs count. A sum under 5 % of all the elements' plan area (their upward faces projected) is no building's
// floor area (Tekla's "slabs" are bearing pads). Either is passed over with a note.
import type { FloorArea } from '../model';
import type { GeometryMeasure } from './geometry';
import type { Layer } from './materials';
import { fmt, type Notes } from './notes';

export interface Measured {
  /** m², null when neither a quantity nor the geometry gives one */
  area: number | null;
  fromGeometry: boolean;
}

export interface Slab extends Measured {
  /** PredefinedType FLOOR or BASESLAB (on the slab or its type) */
  floor: boolean;
}

/** A space's floor: its quantity's (NetFloorArea, GrossFloorArea), else its geometry's upward faces. */
export function spaceArea(quantity: number | null, g: GeometryMeasure | undefined): Measured {
  if (quantity !== null) return { area: quantity, fromGeometry: false };
  return { area: g?.plan || null, fromGeometry: !!g?.plan };
}

/**
 * A slab's area: its quantity set's, else from its geometry — closed volume ÷ layer thickness (m) when that can be
 * (no more than half its surface), else its plan when it lies flat (a quarter of its surface or more), else half
 * its surface (one face of a thin plate exported standing up).
 */
export function slabArea(quantity: number | null, g: GeometryMeasure | undefined, layers: Layer[]): Measured {
  if (quantity !== null) return { area: quantity, fromGeometry: false };
  if (!g) return { area: null, fromGeometry: false };
  const byThickness = g.volume ? g.volume / layers.reduce((a, l) => a + l.thickness, 0) : Infinity;
  return {
    area: byThickness <= g.area / 2 ? byThickness : g.plan >= g.area / 4 ? g.plan : g.area / 2,
    fromGeometry: true,
  };
}

const sum = (list: Measured[]) => list.reduce((a, m) => a + (m.area ?? 0), 0);
const byGeometry = (list: Measured[]) => list.filter((m) => m.area !== null && m.fromGeometry).length;
const how = (list: Measured[], what: string) => {
  const g = byGeometry(list);
  return `${list.length} 个${what}${g ? `，其中 ${g} 个按几何计算` : ''}`;
};

/** The least share of the elements' plan area a floor area can be. */
const MIN_SHARE = 0.05;

/** `plans`: m², the counted elements' upward faces projected, summed. */
export function floorArea(spaces: Measured[], slabs: Slab[], plans: number, notes: Notes): FloorArea | null {
  const measured = (list: Measured[]) => list.filter((m) => m.area !== null && m.area > 0);
  const floors = measured(slabs.filter((s) => s.floor));
  const all = measured(slabs);
  const bases: [Measured[], string][] = [
    [measured(spaces), `IfcSpace 楼面面积之和（${how(measured(spaces), '空间')}）`],
    [floors, `楼板（FLOOR/BASESLAB）面积之和（${how(floors, '楼板')}）`],
    [floors.length ? [] : all, `全部楼板面积之和（未标注 FLOOR/BASESLAB，${how(all, '楼板')}）`],
  ];
  const floorSum = sum(floors);
  for (const [list, basis] of bases) {
    if (!list.length) continue;
    const value = sum(list);
    const what = basis.replace(/（.*$/, '');
    if (value < MIN_SHARE * plans) {
      notes.add(
        `${what} ${fmt(value)} m² 不足全部构件水平投影面积 ${fmt(plans)} m² 的 5%，不作为建筑面积`,
        list.length,
      );
      continue;
    }
    if (list !== floors && floorSum > 2 * value) {
      notes.add(
        `${what} ${fmt(value)} m² 不足 FLOOR/BASESLAB 楼板面积 ${fmt(floorSum)} m² 的一半，建筑面积按楼板计`,
        list.length,
      );
      continue;
    }
    if (list === all)
      notes.add(
        `模型没有 IfcSpace，楼板也未标注 FLOOR/BASESLAB：建筑面积按全部楼板面积 ${fmt(value)} m² 估计`,
        list.length,
      );
    return { value, basis };
  }
  return null;
}
