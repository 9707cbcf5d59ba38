// One triangulated piece of an element, measured: is it a closed solid — every edge shared by
// exactly two triangles running it in opposite directions (one consistent orientation)? Only then is its
// signed-tetrahedron sum a volume. web-ifc repeats a vertex once per face normal, so vertices are first welded by
// position (to WELD m). Hash tables live in typed arrays reused between calls: the parse measures every element.
// web-ifc's placed meshes are y-up (it turns IFC's z-up for WebGL): the vertical is y here.

/** Vertices closer than this (m, placed) are one. */
const WELD = 1e-5;
/** A closed piece thinner than this on average (m) is a surface modelled both ways, not a solid. */
const MIN_THICKNESS = 2e-5;

/** An element's pieces measured so far (placed, in m). */
export interface Shape {
  /** m³, null once a piece is not a closed solid */
  volume: number | null;
  /** m², each face once */
  area: number;
  /** m², upward faces projected on the horizontal plane (x, z) */
  plan: number;
  /** the bounding box's corners */
  lo: [number, number, number];
  hi: [number, number, number];
}

export const emptyShape = (): Shape => ({
  volume: 0,
  area: 0,
  plan: 0,
  lo: [Infinity, Infinity, Infinity],
  hi: [-Infinity, -Infinity, -Infinity],
});

let keys = new Float64Array(0);
let slots = new Int32Array(0);
let counts = new Int32Array(0);
/** per vertex: placed x, y, z; its welded index; per welded vertex: its quantised position */
let placed = new Float64Array(0);
let welded = new Int32Array(0);
let quantised = new Float64Array(0);

/** Open-addressing table of 2^k slots ≥ 2n, cleared. */
function table(n: number): number {
  let size = 16;
  while (size < 2 * n) size *= 2;
  if (slots.length < size) {
    slots = new Int32Array(size);
    keys = new Float64Array(size);
    counts = new Int32Array(size);
  }
  slots.fill(-1, 0, size);
  return size - 1;
}

/** The vertex buffers for n vertices (grown, never shrunk: one piece is measured at a time). */
function vertexBuffers(n: number) {
  if (welded.length < n) {
    placed = new Float64Array(n * 3);
    welded = new Int32Array(n);
    quantised = new Float64Array(n * 3);
  }
}

/** Welds the n placed vertices into `welded` (each vertex's index among the distinct positions). */
function weld(n: number): void {
  const mask = table(n);
  let unique = 0;
  for (let i = 0; i < n; i++) {
    const qx = Math.round(placed[i * 3] / WELD),
      qy = Math.round(placed[i * 3 + 1] / WELD),
      qz = Math.round(placed[i * 3 + 2] / WELD);
    let h = (Math.imul(qx | 0, 73856093) ^ Math.imul(qy | 0, 19349663) ^ Math.imul(qz | 0, 83492791)) & mask;
    for (;;) {
      const s = slots[h];
      if (s < 0) {
        slots[h] = unique;
        quantised[unique * 3] = qx;
        quantised[unique * 3 + 1] = qy;
        quantised[unique * 3 + 2] = qz;
        welded[i] = unique++;
        break;
      }
      if (quantised[s * 3] === qx && quantised[s * 3 + 1] === qy && quantised[s * 3 + 2] === qz) {
        welded[i] = s;
        break;
      }
      h = (h + 1) & mask;
    }
  }
}

/** The edge table's mask and vertex count while `closed` runs (module state: no closure per piece). */
let edgeMask = 0;
let edgeBase = 0;

/** The slot of the directed edge a→b: found, else a new one (`add`), else -1. */
function edgeSlot(a: number, b: number, add: boolean): number {
  const key = a * edgeBase + b;
  let h = (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca6b)) & edgeMask;
  for (;;) {
    if (slots[h] < 0) {
      if (!add) return -1;
      slots[h] = 1;
      keys[h] = key;
      counts[h] = 0;
      return h;
    }
    if (keys[h] === key) return h;
    h = (h + 1) & edgeMask;
  }
}

/** The directed edge a→b seen for the first time. */
const firstTime = (a: number, b: number) => ++counts[edgeSlot(a, b, true)] === 1;

/**
 * Every directed edge once and its reverse once: closed, manifold, consistently oriented. A boolean cut leaves
 * T-junctions (an edge on one side split in two on the other): the unmatched edges are split at the unmatched
 * vertices lying on them and matched again.
 */
function closed(w: Int32Array, idx: Uint32Array, n: number, p: Float64Array): boolean {
  edgeMask = table(idx.length);
  edgeBase = n;
  let edges = 0;
  for (let i = 0; i + 2 < idx.length; i += 3) {
    const a = w[idx[i]],
      b = w[idx[i + 1]],
      c = w[idx[i + 2]];
    if (a === b || b === c || a === c) continue; // (a degenerate triangle bounds nothing)
    if (!firstTime(a, b) || !firstTime(b, c) || !firstTime(c, a)) return false;
    edges += 3;
  }
  if (!edges) return false;
  const unmatched: [number, number][] = [];
  for (let i = 0; i + 2 < idx.length; i += 3) {
    const a = w[idx[i]],
      b = w[idx[i + 1]],
      c = w[idx[i + 2]];
    if (a === b || b === c || a === c) continue;
    if (edgeSlot(b, a, false) < 0) unmatched.push([a, b]);
    if (edgeSlot(c, b, false) < 0) unmatched.push([b, c]);
    if (edgeSlot(a, c, false) < 0) unmatched.push([c, a]);
  }
  return !unmatched.length || matchSplit(unmatched, w, n, p);
}

/** The unmatched edges split at the unmatched vertices on them (T-junctions): does each piece meet its reverse once? */
function matchSplit(unmatched: [number, number][], w: Int32Array, n: number, p: Float64Array): boolean {
  if (unmatched.length > 512) return false; // (a surface, not a few T-junctions)
  // a welded vertex's position: the first vertex welded to it
  const at = new Map<number, number>();
  for (let i = 0; i < n; i++) if (!at.has(w[i])) at.set(w[i], i * 3);
  const ends = [...new Set(unmatched.flat())];
  const pieces = new Map<string, number>();
  for (const [a, b] of unmatched) {
    const pa = at.get(a)!,
      pb = at.get(b)!;
    const d = [p[pb] - p[pa], p[pb + 1] - p[pa + 1], p[pb + 2] - p[pa + 2]];
    const len2 = d[0] ** 2 + d[1] ** 2 + d[2] ** 2;
    const on: [number, number][] = [];
    for (const c of ends) {
      if (c === a || c === b) continue;
      const pc = at.get(c)!;
      const e = [p[pc] - p[pa], p[pc + 1] - p[pa + 1], p[pc + 2] - p[pa + 2]];
      const t = (e[0] * d[0] + e[1] * d[1] + e[2] * d[2]) / len2;
      if (t <= 0 || t >= 1) continue;
      const off = (e[0] - t * d[0]) ** 2 + (e[1] - t * d[1]) ** 2 + (e[2] - t * d[2]) ** 2;
      if (off < WELD * WELD) on.push([t, c]);
    }
    const chain = [a, ...on.sort((x, y) => x[0] - y[0]).map(([, c]) => c), b];
    for (let i = 0; i + 1 < chain.length; i++) {
      const key = `${chain[i]},${chain[i + 1]}`;
      pieces.set(key, (pieces.get(key) ?? 0) + 1);
    }
  }
  for (const [key, count] of pieces) {
    const [a, b] = key.split(',');
    if (count !== 1 || pieces.get(`${b},${a}`) !== 1) return false;
  }
  return true;
}

/** Adds a piece (vertices x, y, z, nx, ny, nz; triangles), placed by its column-major 4×4 `t`, to `shape`. */
export function addPiece(shape: Shape, v: Float32Array, idx: Uint32Array, t: ArrayLike<number>): void {
  const n = Math.floor(v.length / 6);
  if (!n || idx.length < 3) return;
  vertexBuffers(n);
  const p = placed;
  const { lo, hi } = shape;
  for (let k = 0; k < n; k++) {
    const x = v[k * 6],
      y = v[k * 6 + 1],
      z = v[k * 6 + 2];
    for (let d = 0; d < 3; d++) {
      const c = t[d] * x + t[4 + d] * y + t[8 + d] * z + t[12 + d];
      p[k * 3 + d] = c;
      if (c < lo[d]) lo[d] = c;
      if (c > hi[d]) hi[d] = c;
    }
  }
  let signed = 0;
  let area = 0;
  let plan = 0;
  for (let i = 0; i + 2 < idx.length; i += 3) {
    const a = idx[i] * 3,
      b = idx[i + 1] * 3,
      c = idx[i + 2] * 3;
    const ax = p[a],
      ay = p[a + 1],
      az = p[a + 2];
    const ux = p[b] - ax,
      uy = p[b + 1] - ay,
      uz = p[b + 2] - az;
    const vx = p[c] - ax,
      vy = p[c + 1] - ay,
      vz = p[c + 2] - az;
    const nx = uy * vz - uz * vy,
      ny = uz * vx - ux * vz,
      nz = ux * vy - uy * vx;
    signed += (ax * nx + ay * ny + az * nz) / 6;
    area += Math.sqrt(nx * nx + ny * ny + nz * nz) / 2;
    if (ny > 0) plan += ny / 2;
  }
  weld(n);
  const volume = Math.abs(signed);
  if (!closed(welded, idx, n, p)) {
    shape.volume = null;
    area = faceArea(welded, idx, p);
  }
  // (closed around nothing: a surface modelled both ways, each side half the triangles' area)
  else if (volume <= area * MIN_THICKNESS) {
    shape.volume = null;
    area /= 2;
    plan /= 2;
  } else if (shape.volume !== null) shape.volume += volume;
  shape.area += area;
  shape.plan += plan;
}

/** An open surface's area with each face once: a triangle repeated (a double-sided surface) counts once. */
function faceArea(w: Int32Array, idx: Uint32Array, p: Float64Array): number {
  const seen = new Set<string>();
  let area = 0;
  for (let i = 0; i + 2 < idx.length; i += 3) {
    const key = [w[idx[i]], w[idx[i + 1]], w[idx[i + 2]]].sort((x, y) => x - y).join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    const a = idx[i] * 3,
      b = idx[i + 1] * 3,
      c = idx[i + 2] * 3;
    const ux = p[b] - p[a],
      uy = p[b + 1] - p[a + 1],
      uz = p[b + 2] - p[a + 2];
    const vx = p[c] - p[a],
      vy = p[c + 1] - p[a + 1],
      vz = p[c + 2] - p[a + 2];
    area += Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx) / 2;
  }
  return area;
}
