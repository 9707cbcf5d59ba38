// A generated IFC4 model for the BIM import's parse-time and memory measure: ~N box elements over a
// dozen storeys — walls with layer sets (40 %), slabs, columns (a tenth with the material on their type) and
// beams (20 % each) — about 30 % without a quantity set so the parser's geometry fallback runs. Written through
// the fixtures' IfcWriter straight to disk, a 64 KiB chunk at a time. Deterministic (a seeded PRNG).
//   npx tsx bench/data/bimModel.ts out.ifc 50000
import { closeSync, openSync, writeSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { type ElementSpec, IfcWriter, type MaterialSpec, type QuantitySet } from '../../tests/fixtures/bim/ifcWriter';

const STOREYS = 12;
const HEIGHT = 3.3;
const WALLS: MaterialSpec[] = [
  {
    layers: [
      ['混凝土 C30', 0.2],
      ['岩棉', 0.08],
    ],
    setName: '外墙 280',
  },
  {
    layers: [
      ['加气混凝土砌块', 0.2],
      ['水泥砂浆', 0.02],
    ],
    setName: '内墙 220',
  },
  {
    layers: [
      ['混凝土 C35', 0.25],
      ['挤塑聚苯板', 0.05],
      ['水泥砂浆', 0.02],
    ],
    setName: '剪力墙 320',
  },
];

/** mulberry32 */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (n: number, d = 3) => Math.round(n * 10 ** d) / 10 ** d;

function element(i: number, rnd: () => number): ElementSpec {
  const kind = i % 10;
  const x = (i % 40) * 6;
  const y = (Math.floor(i / 40) % 40) * 6;
  const withQto = rnd() >= 0.3;
  const q = (set: string, ...values: QuantitySet['values']): QuantitySet | undefined =>
    withQto ? { set, values } : undefined;
  if (kind < 4) {
    const material = WALLS[i % 3];
    const t = 'layers' in material ? material.layers.reduce((s, [, th]) => s + th, 0) : 0.2;
    const len = round(2 + rnd() * 6, 2);
    const box = { x, y, z: 0, dx: len, dy: round(t), dz: HEIGHT };
    const side = round(len * HEIGHT);
    return {
      type: kind < 2 ? 'IfcWall' : 'IfcWallStandardCase',
      name: `墙-${i}`,
      box,
      material,
      quantities: q(
        'Qto_WallBaseQuantities',
        ['Length', 'length', len],
        ['Height', 'length', HEIGHT],
        ['NetSideArea', 'area', side],
        ['NetVolume', 'volume', round(side * t, 4)],
        ['GrossVolume', 'volume', round(side * t, 4)],
      ),
    };
  }
  if (kind < 6) {
    const dx = round(3 + rnd() * 5, 2);
    const dy = round(3 + rnd() * 5, 2);
    return {
      type: 'IfcSlab',
      name: `板-${i}`,
      box: { x, y, z: HEIGHT - 0.12, dx, dy, dz: 0.12 },
      material: { single: '混凝土 C30' },
      quantities: q(
        'Qto_SlabBaseQuantities',
        ['NetArea', 'area', round(dx * dy, 4)],
        ['NetVolume', 'volume', round(dx * dy * 0.12, 5)],
      ),
    };
  }
  if (kind < 8) {
    const s = round(0.4 + rnd() * 0.4, 2);
    const onType = i % 20 === 6;
    return {
      type: 'IfcColumn',
      name: `柱-${i}`,
      box: { x, y, z: 0, dx: s, dy: s, dz: HEIGHT },
      material: { single: i % 3 ? '混凝土 C35' : '砼C40' },
      materialOnType: onType,
      typeName: onType ? `KZ ${Math.round(s * 1000)}` : undefined,
      quantities: q(
        'Qto_ColumnBaseQuantities',
        ['Length', 'length', HEIGHT],
        ['NetVolume', 'volume', round(s * s * HEIGHT, 5)],
      ),
    };
  }
  const len = round(3 + rnd() * 5, 2);
  const steel = kind === 9;
  const box = { x, y, z: HEIGHT - 0.6, dx: len, dy: steel ? 0.15 : 0.25, dz: steel ? 0.3 : 0.5 };
  const volume = steel ? round(0.008 * len, 5) : round(len * 0.25 * 0.5, 5);
  return {
    type: 'IfcBeam',
    name: `梁-${i}`,
    box,
    material: { single: steel ? 'Q355钢' : '混凝土 C30' },
    quantities: q(
      'Qto_BeamBaseQuantities',
      ['Length', 'length', len],
      ['NetVolume', 'volume', volume],
      ...(steel ? [['NetWeight', 'weight', round(volume * 7850, 2)] as QuantitySet['values'][number]] : []),
    ),
  };
}

/** Writes the model to `path`; answers the element count and the file size in bytes. */
export function writeBimModel(path: string, elements = 50_000): { elements: number; bytes: number } {
  const fd = openSync(path, 'w');
  let bytes = 0;
  try {
    const w = new IfcWriter(
      {
        schema: 'IFC4',
        units: { length: 'm', area: 'm2', volume: 'm3', mass: 'kg' },
        fileName: 'bench-model.ifc',
        seed: 'bench',
        densities: { Q355钢: 7850, '混凝土 C30': 2400 },
      },
      (chunk) => {
        const b = Buffer.from(chunk, 'utf8');
        writeSync(fd, b);
        bytes += b.length;
      },
    );
    w.begin({ project: '性能测试项目', building: '生成模型' });
    const storeys = Array.from({ length: STOREYS }, (_, s) => w.storey(`${s + 1}F`, round(s * HEIGHT, 2)));
    const rnd = prng(20240501);
    for (let i = 0; i < elements; i++) w.element(storeys[Math.floor((i * STOREYS) / elements)], element(i, rnd));
    w.end();
  } finally {
    closeSync(fd);
  }
  return { elements, bytes };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [out = 'bim-model.ifc', n = '50000'] = process.argv.slice(2);
  const t0 = performance.now();
  const r = writeBimModel(out, Number(n));
  console.log(
    `${out}: ${r.elements} elements, ${(r.bytes / 1e6).toFixed(1)} MB in ${((performance.now() - t0) / 1000).toFixed(2)} s`,
  );
}
