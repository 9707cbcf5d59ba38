// The unit words the calculation knows (src/calc/units.ts reads them): each word's dimension — M mass, L length,
// E energy, T time, S machine shift, #<name> a counted piece — and its scale to that dimension's base (kg, m³, m², m,
// MJ, a, 台班): the row units of the stages, of Excel imports, BIM models and budget files.
/** Exponents by base dimension. */
export type Dims = Record<string, number>;

const M = { M: 1 };
const V = { L: 3 };
const A = { L: 2 };
const E = { E: 1 };

/** One unit word → its dimension and scale. Case matters where it must (MWh, not mWh). */
export const ATOMS: Record<string, [Dims, number]> = {
  t: [M, 1000], T: [M, 1000], 吨: [M, 1000], kg: [M, 1], KG: [M, 1], Kg: [M, 1], 千克: [M, 1], 公斤: [M, 1], g: [M, 0.001], 克: [M, 0.001],
  m3: [V, 1], M3: [V, 1], 立方米: [V, 1], 方: [V, 1], Nm3: [V, 1], 标方: [V, 1], L: [V, 0.001], l: [V, 0.001], 升: [V, 0.001], dm3: [V, 0.001], 万m3: [V, 1e4], 万Nm3: [V, 1e4], 万立方米: [V, 1e4],
  m2: [A, 1], M2: [A, 1], 平方米: [A, 1], 平米: [A, 1],
  m: [{ L: 1 }, 1], 米: [{ L: 1 }, 1], km: [{ L: 1 }, 1000], 公里: [{ L: 1 }, 1000], 千米: [{ L: 1 }, 1000],
  kWh: [E, 3.6], kwh: [E, 3.6], KWH: [E, 3.6], KWh: [E, 3.6], 度: [E, 3.6], 千瓦时: [E, 3.6], MWh: [E, 3600], 万kWh: [E, 36000], Wh: [E, 0.0036],
  kJ: [E, 0.001], MJ: [E, 1], GJ: [E, 1000], TJ: [E, 1e6], 兆焦: [E, 1], 吉焦: [E, 1000],
  // 1 kgce = 29 307.6 kJ (GB/T 2589-2020 §2.9)
  kgce: [E, 29.3076], tce: [E, 29307.6], 千克标准煤: [E, 29.3076], 吨标准煤: [E, 29307.6],
  a: [{ T: 1 }, 1], 年: [{ T: 1 }, 1], yr: [{ T: 1 }, 1],
  台班: [{ S: 1 }, 1],
  tkm: [{ M: 1, L: 1 }, 1e6], 吨公里: [{ M: 1, L: 1 }, 1e6],
};
const PIECES = ['块', '个', '樘', '台', '套', '根', '片', '株', '件', '只', '组', '扇', '座', '部', '张', '卷', '桶', '袋', '支', '眼'];
for (const p of PIECES) {
  ATOMS[p] = [{ [`#${p}`]: 1 }, 1];
  ATOMS[`千${p}`] = [{ [`#${p}`]: 1 }, 1000];
  ATOMS[`百${p}`] = [{ [`#${p}`]: 1 }, 100];
}
