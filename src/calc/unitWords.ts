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
  t: [M, 1000],
  T: [M, 1000],
  吨: [M, 1000],
  kg: [M, 1],
  KG: [M, 1],
  Kg: [M, 1],
  千克: [M, 1],
  公斤: [M, 1],
  g: [M, 0.001],
  克: [M, 0.001],
  m3: [V, 1],
  M3: [V, 1],
  立方米: [V, 1],
  方: [V, 1],
  Nm3: [V, 1],
  标方: [V, 1],
  L: [V, 0.001],
  l: [V, 0.001],
  升: [V, 0.001],
  dm3: [V, 0.001],
  万m3: [V, 1e4],
  万Nm3: [V, 1e4],
  万立方米: [V, 1e4],
  // 立方 and 平方 are how bills and site people say 立方米 and 平方米
  立方: [V, 1],
  m2: [A, 1],
  M2: [A, 1],
  平方米: [A, 1],
  平米: [A, 1],
  平方: [A, 1],
  // land: 1 公顷 = 1 hm² = 10 000 m²; 1 亩 = 1/15 公顷 = 10 000/15 m² ≈ 666.67 m² (the 市制 mu, 15 亩 to the hectare);
  // 1 km² = 100 公顷 = 1 000 000 m²
  亩: [A, 10000 / 15],
  公顷: [A, 1e4],
  ha: [A, 1e4],
  hm2: [A, 1e4],
  km2: [A, 1e6],
  平方公里: [A, 1e6],
  平方千米: [A, 1e6],
  m: [{ L: 1 }, 1],
  米: [{ L: 1 }, 1],
  延长米: [{ L: 1 }, 1],
  延米: [{ L: 1 }, 1],
  km: [{ L: 1 }, 1000],
  公里: [{ L: 1 }, 1000],
  千米: [{ L: 1 }, 1000],
  kWh: [E, 3.6],
  kwh: [E, 3.6],
  KWH: [E, 3.6],
  KWh: [E, 3.6],
  度: [E, 3.6],
  千瓦时: [E, 3.6],
  MWh: [E, 3600],
  万kWh: [E, 36000],
  Wh: [E, 0.0036],
  kJ: [E, 0.001],
  MJ: [E, 1],
  GJ: [E, 1000],
  TJ: [E, 1e6],
  兆焦: [E, 1],
  吉焦: [E, 1000],
  // 1 kgce = 29 307.6 kJ (GB/T 2589-2020 §2.9)
  kgce: [E, 29.3076],
  tce: [E, 29307.6],
  千克标准煤: [E, 29.3076],
  吨标准煤: [E, 29307.6],
  // the same in the short words of energy statistics: 吨标煤, 千克标煤, 万吨标煤 (1 万tce = 2.930 76 × 10⁸ MJ). A bare
  // 标煤 is not a unit: it names the substance and not its amount (kg or t, a factor 1 000 apart), so it is refused
  // rather than read as either
  吨标煤: [E, 29307.6],
  t标煤: [E, 29307.6],
  千克标煤: [E, 29.3076],
  kg标煤: [E, 29.3076],
  公斤标煤: [E, 29.3076],
  万吨标煤: [E, 2.93076e8],
  万吨标准煤: [E, 2.93076e8],
  万tce: [E, 2.93076e8],
  兆瓦时: [E, 3600],
  a: [{ T: 1 }, 1],
  年: [{ T: 1 }, 1],
  yr: [{ T: 1 }, 1],
  台班: [{ S: 1 }, 1],
  tkm: [{ M: 1, L: 1 }, 1e6],
  吨公里: [{ M: 1, L: 1 }, 1e6],
};
const PIECES = [
  '块',
  '个',
  '樘',
  '台',
  '套',
  '根',
  '片',
  '株',
  '件',
  '只',
  '组',
  '扇',
  '座',
  '部',
  '张',
  '卷',
  '桶',
  '袋',
  '支',
  '眼',
  '盏',
  '副',
  '付',
  '把',
  '丛',
  '盆',
  '瓶',
];
for (const p of PIECES) {
  ATOMS[p] = [{ [`#${p}`]: 1 }, 1];
  ATOMS[`千${p}`] = [{ [`#${p}`]: 1 }, 1000];
  ATOMS[`百${p}`] = [{ [`#${p}`]: 1 }, 100];
}
// 匹 is how Cantonese bills count bricks (千匹 of 标准砖): the same piece as 块, so a brick's mass per 块 or a factor
// per 千块 takes a row in 千匹
ATOMS.匹 = ATOMS.块;
ATOMS.千匹 = ATOMS.千块;
ATOMS.百匹 = ATOMS.百块;
