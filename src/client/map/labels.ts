// Which place names the offline map writes at the current view: the map has no basemap, so the names are all a
// user reads it by, and 480 of them would pile up at a national view. Greedy by rank (each province's main city,
// then the other cities, then districts), a name is written where its box does not cover one already written;
// a dot without a name is still drawn. Pure, so the rule is tested without a map.

export interface LabelBox {
  /** The place's dot on screen (px from the map's top left). */
  x: number;
  y: number;
  /** The name's length in characters. */
  chars: number;
  /** Lower is written first. */
  rank: number;
}

/** The name is drawn right of the dot: 12 px per character, 4 px padding each side, 18 px high. */
const CHAR_PX = 12;
const PAD_PX = 4;
const HEIGHT_PX = 18;
/** Names keep this much air between them. */
const GAP_PX = 4;

const boxOf = (b: LabelBox) => ({
  left: b.x + 6,
  top: b.y - HEIGHT_PX / 2,
  right: b.x + 6 + b.chars * CHAR_PX + 2 * PAD_PX,
  bottom: b.y + HEIGHT_PX / 2,
});

/** Indexes of the boxes whose names are written, for a view of width × height px. */
export function labelsToShow(boxes: readonly LabelBox[], width: number, height: number): Set<number> {
  const order = boxes.map((_, i) => i).sort((a, b) => boxes[a].rank - boxes[b].rank || a - b);
  const placed: ReturnType<typeof boxOf>[] = [];
  const shown = new Set<number>();
  for (const i of order) {
    const b = boxes[i];
    if (b.x < 0 || b.y < 0 || b.x > width || b.y > height) continue;
    const r = boxOf(b);
    const hit = placed.some(
      (p) =>
        r.left < p.right + GAP_PX &&
        p.left < r.right + GAP_PX &&
        r.top < p.bottom + GAP_PX &&
        p.top < r.bottom + GAP_PX,
    );
    if (hit) continue;
    placed.push(r);
    shown.add(i);
  }
  return shown;
}
