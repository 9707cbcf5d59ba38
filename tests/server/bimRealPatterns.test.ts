// The patterns of real exports (kept outside the repository, never committed) reproduced by the project's own
// IFC writer, each parsed as the worker parses (the bytes repaired, web-ifc in-process, extractModel) with the
// quantity or problem worked by hand: a quantity written twice in two units (Revit 2021), an open-surface ceiling
// (office-a), `*` for ordinary attributes (xbim-house), a negative weight (Tekla), element parts and assemblies
// (wallelemented), an absurd quantity set (xbim-samplehouse4), a layer over 2 m, imperial units, the floor area.
import * as W from 'web-ifc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BimElement, ParsedModel } from '../../src/server/bim/model';
import { extractModel } from '../../src/server/bim/parse/extract';
import { DERIVED, OmittedRepair, repairOmitted } from '../../src/server/bim/parse/omitted';
import { UnitsUnreadable } from '../../src/server/bim/parse/units';
import { type ElementSpec, type ModelSpec, type QuantitySet, writeIfc } from '../fixtures/bim/ifcWriter';

let api: W.IfcAPI;
beforeAll(async () => {
  api = new W.IfcAPI();
  await api.Init();
  api.SetLogLevel(W.LogLevel.LOG_LEVEL_OFF);
});
afterAll(() => api?.Dispose());

/** The model as the parse worker reads it; `repair: false` opens the bytes as written. */
function parse(spec: ModelSpec, repair = true): ParsedModel {
  const bytes = new TextEncoder().encode(writeIfc(spec));
  const omitted = repair ? repairOmitted(bytes) : 0;
  const model = api.OpenModel(bytes, { COORDINATE_TO_ORIGIN: false });
  try {
    return extractModel(api, model, undefined, { omitted });
  } finally {
    api.CloseModel(model);
  }
}

const qto = (set: string, ...values: QuantitySet['values']): QuantitySet => ({ set, values });
const byName = (m: ParsedModel, name: string) => m.elements.find((e) => e.name === name)!;
const total = (m: ParsedModel, material: string, key: 'volume' | 'area' | 'weight') =>
  m.elements
    .flatMap((e) => e.parts)
    .filter((p) => p.material === material)
    .reduce((a, p) => a + (p[key] ?? 0), 0);
const note = (m: ParsedModel, text: string) => m.notes?.find((n) => n.text === text)?.elements;
const problemsOf = (e: BimElement) => [...e.problems].sort();
const C30 = '混凝土 C30';

describe('a quantity written more than once (Revit 2021)', () => {
  const wall = (name: string, x: number, extra: Partial<ElementSpec>): ElementSpec => ({
    type: 'IfcWallStandardCase',
    name,
    box: { x, y: 0, z: 0, dx: 5000, dy: 200, dz: 3000 },
    material: { layers: [[C30, 200]], setName: '外墙 200' },
    ...extra,
  });
  const spec: ModelSpec = {
    fileName: 'revit2021.ifc',
    schema: 'IFC2X3',
    units: { length: 'mm', area: 'm2', volume: 'm3', mass: 'kg' },
    storeys: [
      {
        name: '1F',
        elevation: 0,
        elements: [
          // 5 m × 0.2 m × 3 m = 3.00 m³ (its box geometry). The set says NetVolume 3 000 000 000 (mm³ under the m³
          // declaration) then 3.00 → 3.00 m³; NetSideArea 15 000 000 (mm²) then 15.00 → the area evidence is the
          // geometry's 3.00 m³ ÷ the layer's 0.2 m = 15.00 m² → 15.00 m²
          wall('墙-01', 0, {
            quantities: qto(
              'BaseQuantities',
              ['Height', 'length', 3000],
              ['Length', 'length', 5000],
              ['Width', 'length', 200],
              ['NetVolume', 'volume', 3e9],
              ['NetSideArea', 'area', 1.5e7],
              ['NetSideArea', 'area', 15],
              ['NetVolume', 'volume', 3],
            ),
          }),
          // the first NetVolume with its own IfcSIUnit (mm³): 3e9 mm³ = 3.00 m³ = the second → 3.00 m³, no choice to
          // make
          wall('墙-02', 6000, {
            quantities: qto('BaseQuantities', ['NetVolume', 'volume', 3e9, 'mm3'], ['NetVolume', 'volume', 3]),
          }),
          // an open surface (no closed geometry): the evidence is the set's Length × Height × Width = 4 × 3 × 0.2 =
          // 2.40 m³; NetVolume 2 400 000 000 or 2.16 (net of an opening) → 2.16 m³ (ln 2.4/2.16 = 0.11 against 20.6);
          // NetSideArea 12 000 000 or 10.80, evidence 2.40 ÷ 0.2 = 12.00 m² → 10.80 m²
          wall('墙-03', 12000, {
            box: { x: 12000, y: 0, z: 0, dx: 4000, dy: 200, dz: 3000 },
            shape: 'surface',
            quantities: qto(
              'BaseQuantities',
              ['Height', 'length', 3000],
              ['Length', 'length', 4000],
              ['Width', 'length', 200],
              ['NetVolume', 'volume', 2.4e9],
              ['NetSideArea', 'area', 1.2e7],
              ['NetSideArea', 'area', 10.8],
              ['NetVolume', 'volume', 2.16],
            ),
          }),
        ],
      },
    ],
  };

  it('takes the value the evidence agrees with and says which and why', () => {
    const m = parse(spec);
    expect(byName(m, '墙-01').parts[0]).toMatchObject({
      volume: expect.closeTo(3, 9),
      area: expect.closeTo(15, 9),
      fromGeometry: false,
    });
    expect(byName(m, '墙-02').parts[0].volume).toBeCloseTo(3, 9);
    expect(byName(m, '墙-03').parts[0]).toMatchObject({
      volume: expect.closeTo(2.16, 9),
      area: expect.closeTo(10.8, 9),
    });
    // 3 + 3 + 2.16 = 8.16 m³; 15 + 10.8 = 25.8 m² — not 5.4 billion m³
    expect(total(m, C30, 'volume')).toBeCloseTo(8.16, 9);
    expect(total(m, C30, 'area')).toBeCloseTo(25.8, 9);
    for (const e of m.elements) expect(e.problems).toEqual([]);
    expect(note(m, 'NetVolume 在同一数量集中出现两次（立方毫米与立方米），取与几何体积一致的立方米值')).toBe(1);
    expect(
      note(m, 'NetSideArea 在同一数量集中出现两次（平方毫米与平方米），取与几何体积÷材料层厚度一致的平方米值'),
    ).toBe(1);
    expect(note(m, 'NetVolume 在同一数量集中出现两次（立方毫米与立方米），换算后一致')).toBe(1);
    expect(note(m, '数量自带体积单位 立方毫米(mm³)，数量按此换算为 m³')).toBe(1);
    expect(note(m, 'NetVolume 在同一数量集中出现两次（立方毫米与立方米），取与长×高×宽一致的立方米值')).toBe(1);
    expect(
      note(m, 'NetSideArea 在同一数量集中出现两次（平方毫米与平方米），取与长×高×宽÷材料层厚度一致的平方米值'),
    ).toBe(1);
    expect(note(m, '长度单位 毫米(mm)，几何与材料层厚度按此换算为 m')).toBe(3);
  });
});

describe('volumes from the geometry only from closed solids (office-a ceilings)', () => {
  const ceiling = (
    name: string,
    x: number,
    y: number,
    dx: number,
    dy: number,
    shape: ElementSpec['shape'],
  ): ElementSpec => ({
    type: 'IfcCovering',
    name,
    box: { x, y, z: 2.8, dx, dy, dz: 0 },
    shape,
    material: { single: 'Ceiling Tile 600 x 600' },
  });
  const spec: ModelSpec = {
    fileName: 'ceilings.ifc',
    schema: 'IFC2X3',
    units: { length: 'm' },
    storeys: [
      {
        name: '1F',
        elevation: 0,
        elements: [
          // one face 6 × 4 = 24.00 m²: no volume, its area offered
          ceiling('吊顶-01', 0, 0, 6, 4, 'surface'),
          // the same ceiling 1 km away: the same 24.00 m² (a tetrahedron sum over an open surface would change)
          ceiling('吊顶-02', 1000, 2000, 6, 4, 'surface'),
          // a two-sided surface (the face once each way) of 3 × 2: 6.00 m², each face once
          ceiling('吊顶-03', 0, 5, 3, 2, 'doubleSurface'),
          // a closed box 6 × 4 × 0.2 = 4.80 m³ from the geometry
          {
            type: 'IfcSlab',
            name: '板-01',
            box: { x: 0, y: 0, z: 0, dx: 6, dy: 4, dz: 0.2 },
            material: { single: C30 },
          },
        ],
      },
    ],
  };

  it('an open surface has no volume, only its area, and is listed; a closed box keeps its volume', () => {
    const m = parse(spec);
    for (const [name, area] of [
      ['吊顶-01', 24],
      ['吊顶-02', 24],
      ['吊顶-03', 6],
    ] as const) {
      const e = byName(m, name);
      expect(e.problems, name).toEqual(['openSurface']);
      expect(e.details?.openSurface, name).toBe(`几何不是封闭实体，只计面积 ${area.toFixed(2)} m²`);
      expect(e.parts[0], name).toMatchObject({ volume: null, area: expect.closeTo(area, 4), fromGeometry: false });
    }
    const slab = byName(m, '板-01');
    expect(slab.problems).toEqual(['fromGeometry']);
    expect(slab.parts[0]).toMatchObject({ volume: expect.closeTo(4.8, 5), fromGeometry: true });
    // no spaces: the FLOOR slab's plan from its geometry, 6 × 4 = 24.00 m²
    expect(m.floorArea).toEqual({
      value: expect.closeTo(24, 4),
      basis: '楼板（FLOOR/BASESLAB）面积之和（1 个楼板，其中 1 个按几何计算）',
    });
  });
});

describe('`*` written for ordinary attributes (xbim-house)', () => {
  const spec: ModelSpec = {
    fileName: 'renga.ifc',
    schema: 'IFC2X3',
    units: { length: 'mm' },
    stars: true,
    storeys: [
      {
        name: '1 этаж',
        elevation: 0,
        elements: [
          // 4 m × 0.4 m × 3 m: NetVolume 4.8e9 mm³ (volume unit not declared: it follows the mm length unit) = 4.80 m³
          {
            type: 'IfcWallStandardCase',
            name: '墙-01',
            box: { x: 0, y: 0, z: 0, dx: 4000, dy: 400, dz: 3000 },
            material: { single: 'Бетон' },
            quantities: qto('BaseQuantities', ['NetVolume', 'volume', 4.8e9]),
          },
        ],
      },
    ],
  };

  it('the writer writes IfcProject(…,name,*,*,…) as Renga does', () => {
    expect(writeIfc(spec)).toMatch(/IFCPROJECT\('[^']+',#\d+,'\\X2\\[0-9A-F]+\\X0\\',\*,\*,\*,\*,\(#\d+\),#\d+\);/);
  });

  it('repaired before opening, everything reads: units, storey, material, quantities', () => {
    const m = parse(spec);
    expect(m.units.length).toBe('毫米(mm)');
    const wall = byName(m, '墙-01');
    expect(wall).toMatchObject({
      storey: '1 этаж',
      problems: [],
      parts: [{ material: 'Бетон', volume: expect.closeTo(4.8, 9) }],
    });
    const stars = m.notes!.find((n) => n.text.startsWith('文件有 '));
    expect(stars?.text).toMatch(/^文件有 \d+ 处普通属性写作 \*（仅派生属性可写 \*），已按空值 \$ 读取$/);
    expect(note(m, '体积单位未声明，按长度单位毫米(mm)换算，数量按 m³ 计')).toBe(1);
  });

  it('opened as written, the units are still found (the file’s own IfcUnitAssignment), not refused', () => {
    const m = parse(spec, false);
    expect(m.units.length).toBe('毫米(mm)');
    expect(
      m.notes!.some((n) => /^IfcProject 的单位引用无法读取，单位取自文件中的 IfcUnitAssignment（#\d+）$/.test(n.text)),
    ).toBe(true);
  });

  it('a model with no IfcUnitAssignment at all is still refused', () => {
    expect(() => parse({ ...spec, units: false })).toThrow(UnitsUnreadable);
  });

  it('the repair: `*` → `$` for ordinary attributes, `$` → `*` for derived ones, strings and comments untouched', () => {
    const text = [
      "#1=IFCPROJECT('g',$,'P',*,*,$,$,(#2),#3);",
      '#4=IFCSIUNIT($,.LENGTHUNIT.,.MILLI.,.METRE.);',
      '#5=IFCSIUNIT(*,.AREAUNIT.,$,.SQUARE_METRE.);',
      "#6=IFCGEOMETRICREPRESENTATIONSUBCONTEXT('Body','Model',*,$,*,*,#7,$,.MODEL_VIEW.,*);",
      "/* a comment with * and $ */ #8=IFCLABEL('*it''s $*');",
      "#9=IFCWALL('g',#1,*,(*),IFCLABEL(*));",
    ].join('\n');
    const bytes = new TextEncoder().encode(text);
    // IFCPROJECT 2, the subcontext's last attribute (UserDefinedTargetView) 1, the wall's Name 1 → 4
    expect(repairOmitted(bytes)).toBe(4);
    expect(new TextDecoder().decode(bytes).split('\n')).toEqual([
      "#1=IFCPROJECT('g',$,'P',$,$,$,$,(#2),#3);",
      '#4=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);',
      '#5=IFCSIUNIT(*,.AREAUNIT.,$,.SQUARE_METRE.);',
      "#6=IFCGEOMETRICREPRESENTATIONSUBCONTEXT('Body','Model',*,*,*,*,#7,$,.MODEL_VIEW.,$);",
      "/* a comment with * and $ */ #8=IFCLABEL('*it''s $*');",
      "#9=IFCWALL('g',#1,$,(*),IFCLABEL(*));",
    ]);
  });

  it('chunk by chunk (web-ifc reads the file twice, in chunks) the bytes come out as repaired whole', () => {
    const text = writeIfc(spec) + "/* tail * comment */\n#99=IFCPROJECT('x',$,'y',*,*,$,$,$,$);\n";
    const whole = new TextEncoder().encode(text);
    const starred = repairOmitted(whole);
    for (const size of [1, 2, 7, 64, 4096]) {
      const repair = new OmittedRepair();
      for (let pass = 0; pass < 2; pass++) {
        const bytes = new TextEncoder().encode(text);
        for (let at = 0; at < bytes.length; at += size) repair.push(bytes.subarray(at, at + size), at);
        expect(new TextDecoder().decode(bytes), `chunks of ${size}, pass ${pass + 1}`).toBe(
          new TextDecoder().decode(whole),
        );
      }
      expect(repair.starred).toBe(starred);
    }
  });

  it('the derived positions are the ones web-ifc 0.0.78 leaves out (its ToRawLineData writes nothing there)', () => {
    const any = new Proxy({}, { get: () => ({ value: 1, type: 1 }) });
    for (const [schema, table] of Object.entries(
      W.ToRawLineData as Record<number, Record<number, (line: unknown) => unknown[]>>,
    )) {
      for (const [name, positions] of Object.entries(DERIVED)) {
        const code = (W as unknown as Record<string, number>)[name];
        if (!table[code]) continue; // (IfcMirroredProfileDef is IFC4 on)
        const written = table[code](any);
        expect(
          written.flatMap((v, i) => (v === undefined ? [i] : [])),
          `${name} in schema ${schema}`,
        ).toEqual(positions);
      }
    }
  });
});

describe('element-level plausibility', () => {
  const beam = (name: string, y: number, material: string, weight: number): ElementSpec => ({
    type: 'IfcBeam',
    name,
    box: { x: 0, y, z: 0, dx: 4000, dy: 110, dz: 40 },
    material: { single: material },
    // 4 m × 0.11 m × 0.04 m = 0.0176 m³, as the geometry
    quantities: qto('BaseQuantities', ['NetVolume', 'volume', 0.0176], ['NetWeight', 'weight', weight]),
  });
  const tekla: ModelSpec = {
    fileName: 'tekla.ifc',
    schema: 'IFC2X3',
    units: { length: 'mm', area: 'm2', volume: 'm3', mass: 'kg' },
    storeys: [
      {
        name: '+0.000',
        elevation: 0,
        elements: [
          beam('PU 4 cm', 0, 'MISCELLANEOUS/PU', -65.5),
          beam('零重梁', 2000, 'CONCRETE/FAKTOR', 0),
          beam('钢梁', 5000, 'STEEL/S235JR', 138.16),
          // a bearing pad marked FLOOR: 0.2 × 0.2 = 0.04 m²
          {
            type: 'IfcSlab',
            name: '支座垫板',
            box: { x: 100, y: 100, z: 0, dx: 200, dy: 200, dz: 20 },
            material: { single: 'STEEL/NEOPRENE' },
          },
        ],
      },
    ],
  };

  it('a negative or zero weight is listed and not counted; the volume still counts', () => {
    const m = parse(tekla);
    const pu = byName(m, 'PU 4 cm');
    expect(pu.problems).toEqual(['nonPositive']);
    expect(pu.details?.nonPositive).toBe('重量 NetWeight -65.50 kg');
    expect(pu.parts[0]).toMatchObject({ volume: expect.closeTo(0.0176, 9), weight: null });
    expect(byName(m, '零重梁').details?.nonPositive).toBe('重量 NetWeight 0.00 kg');
    expect(byName(m, '钢梁')).toMatchObject({ problems: [], parts: [{ weight: 138.16 }] });
    // the pad's 0.04 m² is under 5 % of the elements' plan area (3 beams 4 × 0.11 = 1.32 m², the pad 0.04 → 1.36
    // m²; 5 % = 0.068 m²): no floor area
    expect(m.floorArea).toBeNull();
    expect(note(m, '楼板 0.04 m² 不足全部构件水平投影面积 1.36 m² 的 5%，不作为建筑面积')).toBe(1);
  });

  const samplehouse: ModelSpec = {
    fileName: 'samplehouse.ifc',
    schema: 'IFC4',
    units: { length: 'mm', area: 'm2', volume: 'm3', mass: 'kg' },
    storeys: [
      {
        name: 'Level 0',
        elevation: 0,
        elements: [
          // 10 m × 5 m × 0.2 m = 10.00 m³ (geometry and box); its set's GrossVolume is 50 m² × 200 mm = 10 000 "m³"
          {
            type: 'IfcSlab',
            name: '楼板-01',
            box: { x: 0, y: 0, z: 0, dx: 10000, dy: 5000, dz: 200 },
            material: {
              layers: [
                [C30, 150],
                ['XPS', 50],
              ],
            },
            quantities: qto(
              'BaseQuantities',
              ['GrossArea', 'area', 50],
              ['GrossVolume', 'volume', 10000],
              ['Width', 'length', 200],
            ),
          },
          // a 2.5 m layer: 5 × 2.5 × 3 = 37.50 m³ (the set agrees with the geometry)
          {
            type: 'IfcWall',
            name: '厚墙',
            box: { x: 0, y: 6000, z: 0, dx: 5000, dy: 2500, dz: 3000 },
            material: { layers: [[C30, 2500]] },
            quantities: qto('Qto_WallBaseQuantities', ['NetVolume', 'volume', 37.5]),
          },
        ],
        spaces: [
          // NetFloorArea 24 before GrossFloorArea 25 → 24.00 m²
          {
            name: '房间-1',
            box: { x: 0, y: 0, z: 200, dx: 5000, dy: 5000, dz: 2800 },
            quantities: qto('Qto_SpaceBaseQuantities', ['NetFloorArea', 'area', 24], ['GrossFloorArea', 'area', 25]),
          },
          // no quantity: its geometry's floor 4 × 5 = 20.00 m²
          { name: '房间-2', box: { x: 5000, y: 0, z: 200, dx: 4000, dy: 5000, dz: 2800 } },
        ],
      },
    ],
  };

  it('an absurd quantity set: over its bounding box and off the geometry, both listed with the figures', () => {
    const m = parse(samplehouse);
    const slab = byName(m, '楼板-01');
    expect(problemsOf(slab)).toEqual(['quantityMismatch', 'volumeOverBox']);
    expect(slab.details).toEqual({
      quantityMismatch: '数量集 GrossVolume 10,000.00 m³，几何 10.00 m³，相差约 1,000 倍',
      volumeOverBox: '体积 10,000.00 m³，包围盒 10.00 m³',
    });
    // (the file's figure stays, split 150 : 50 — the import asks for confirmation naming it)
    expect(total(m, C30, 'volume')).toBeCloseTo(7500 + 37.5, 6);
  });

  it('a layer over 2 m is listed with its thickness', () => {
    const wall = byName(parse(samplehouse), '厚墙');
    expect(wall.problems).toEqual(['thickLayer']);
    expect(wall.details?.thickLayer).toBe(`材料层「${C30}」厚度 2.50 m`);
  });

  it('the floor area: the spaces’ floor areas, a quantity or else the geometry', () => {
    // 24 + 20 = 44.00 m² (the FLOOR slab's GrossArea 50 m² is not over twice that)
    expect(parse(samplehouse).floorArea).toEqual({
      value: expect.closeTo(44, 4),
      basis: 'IfcSpace 楼面面积之和（2 个空间，其中 1 个按几何计算）',
    });
  });

  it('spaces covering under half the floor slabs are a few rooms: the slabs count (tallbuilding)', () => {
    // one room of 25 m² on a 20 × 10 = 200 m² FLOOR slab (its NetArea): 200 > 2 × 25 → 200.00 m²
    const m = parse({
      fileName: 'rooms.ifc',
      schema: 'IFC2X3',
      units: { length: 'm' },
      storeys: [
        {
          name: '1F',
          elevation: 0,
          elements: [
            {
              type: 'IfcSlab',
              name: '楼板',
              box: { x: 0, y: 0, z: 0, dx: 20, dy: 10, dz: 0.2 },
              material: { single: C30 },
              quantities: qto('BaseQuantities', ['NetArea', 'area', 200]),
            },
          ],
          spaces: [
            {
              name: '房间',
              box: { x: 0, y: 0, z: 0.2, dx: 5, dy: 5, dz: 3 },
              quantities: qto('BaseQuantities', ['NetFloorArea', 'area', 25]),
            },
          ],
        },
      ],
    });
    expect(m.floorArea).toEqual({ value: 200, basis: '楼板（FLOOR/BASESLAB）面积之和（1 个楼板）' });
    expect(
      note(m, 'IfcSpace 楼面面积之和 25.00 m² 不足 FLOOR/BASESLAB 楼板面积 200.00 m² 的一半，建筑面积按楼板计'),
    ).toBe(1);
  });
});

describe('parts and assemblies counted once (wallelemented)', () => {
  const stud = (name: string, x: number): ElementSpec => ({
    type: 'IfcMember',
    name,
    box: { x, y: 0.0125, z: 0, dx: 0.05, dy: 0.1, dz: 3 },
    material: { single: '木材' },
  });
  const panel = (name: string, y: number): ElementSpec => ({
    type: 'IfcBuildingElementPart',
    name,
    box: { x: 0, y, z: 0, dx: 6, dy: 0.0125, dz: 3 },
    material: { single: '石膏板' },
  });
  const spec: ModelSpec = {
    fileName: 'elemented.ifc',
    schema: 'IFC4',
    units: { length: 'm' },
    storeys: [
      {
        name: '1F',
        elevation: 0,
        elements: [
          // the wall's envelope 6 × 0.125 × 3 = 2.25 m³ is not counted: its parts are. Panels 6 × 0.0125 × 3 = 0.225 m³
          // each; the frame assembly (its own envelope 6 × 0.1 × 3, not counted) holds 2 studs of 0.05 × 0.1 × 3 =
          // 0.015 m³. Its type has 2 template parts (no placement, no shape): the type's definition, not counted.
          {
            type: 'IfcWall',
            name: '轻质墙',
            box: { x: 0, y: 0, z: 0, dx: 6, dy: 0.125, dz: 3 },
            material: { single: '（墙体）' },
            typeParts: 2,
            typeName: '轻质墙类型',
            parts: [
              panel('面板-外', 0),
              {
                type: 'IfcElementAssembly',
                name: '龙骨框架',
                box: { x: 0, y: 0.0125, z: 0, dx: 6, dy: 0.1, dz: 3 },
                parts: [stud('立柱-1', 0), stud('立柱-2', 0.6)],
              },
              panel('面板-内', 0.1125),
            ],
          },
          // a stair nesting (IfcRelNests) its flight 3 × 1.2 × 1.5 = 5.40 m³
          {
            type: 'IfcStair',
            name: '楼梯',
            box: { x: 0, y: 2, z: 0, dx: 3, dy: 1.2, dz: 3 },
            material: { single: C30 },
            nests: true,
            parts: [
              {
                type: 'IfcStairFlight',
                name: '梯段-1',
                box: { x: 0, y: 2, z: 0, dx: 3, dy: 1.2, dz: 1.5 },
                material: { single: C30 },
              },
            ],
          },
          // a roof slab 6 × 5 × 0.2: no space, no FLOOR slab → every slab, 30.00 m², said in a note
          {
            type: 'IfcSlab',
            name: '屋面板',
            box: { x: 0, y: 0, z: 3, dx: 6, dy: 5, dz: 0.2 },
            material: { single: C30 },
            predefined: 'ROOF',
          },
        ],
      },
    ],
  };

  it('the parts count (from their parent’s storey), not their wall or assembly; type templates never', () => {
    const m = parse(spec);
    expect(m.elements.map((e) => e.name).sort()).toEqual(
      ['屋面板', '梯段-1', '立柱-1', '立柱-2', '面板-内', '面板-外'].sort(),
    );
    expect(byName(m, '面板-外')).toMatchObject({ ifcType: 'IfcBuildingElementPart', storey: '1F' });
    expect(byName(m, '立柱-1').storey).toBe('1F');
    // 石膏板 0.225 × 2 = 0.45 m³; 木材 0.015 × 2 = 0.03 m³; C30 the flight 5.40 + the roof 6.00 m³
    expect(total(m, '石膏板', 'volume')).toBeCloseTo(0.45, 6);
    expect(total(m, '木材', 'volume')).toBeCloseTo(0.03, 6);
    expect(total(m, C30, 'volume')).toBeCloseTo(11.4, 5);
    expect(total(m, '（墙体）', 'volume')).toBe(0);
    expect(m.floorArea).toEqual({
      value: expect.closeTo(30, 4),
      basis: '全部楼板面积之和（未标注 FLOOR/BASESLAB，1 个楼板，其中 1 个按几何计算）',
    });
    expect(note(m, '模型没有 IfcSpace，楼板也未标注 FLOOR/BASESLAB：建筑面积按全部楼板面积 30.00 m² 估计')).toBe(1);
  });
});

describe('units shown as notes', () => {
  it('inch / pound (Constructivity): every conversion said once with its factor', () => {
    // 120 in × 6 in × 96 in = 69 120 in³ × 0.000016387064 = 1.13267 m³ (3.048 × 0.1524 × 2.4384 m);
    // NetWeight 1 000 lb × 0.45359237 = 453.59 kg
    const m = parse({
      fileName: 'imperial.ifc',
      schema: 'IFC4',
      units: { length: 'in', area: 'in2', volume: 'in3', mass: 'lb' },
      storeys: [
        {
          name: 'Level 1',
          elevation: 0,
          elements: [
            {
              type: 'IfcWall',
              name: 'Wall #1',
              box: { x: 0, y: 0, z: 0, dx: 120, dy: 6, dz: 96 },
              material: { single: 'Southern Pine' },
              quantities: qto('Qto_WallBaseQuantities', ['NetVolume', 'volume', 69120], ['NetWeight', 'weight', 1000]),
            },
          ],
        },
      ],
    });
    expect(m.units).toEqual({
      length: '英寸(×0.0254 m)',
      area: '平方英寸(×0.00064516 m²)',
      volume: '立方英寸(×0.0000163871 m³)',
      mass: '磅(×0.453592 kg)',
    });
    const wall = byName(m, 'Wall #1');
    expect(wall.problems).toEqual([]);
    expect(wall.parts[0]).toMatchObject({ volume: expect.closeTo(1.13267, 5), weight: expect.closeTo(453.59237, 5) });
    expect(m.notes).toEqual([
      { text: '体积单位 立方英寸(×0.0000163871 m³)，数量按此换算为 m³', elements: 1 },
      { text: '质量单位 磅(×0.453592 kg)，数量按此换算为 kg', elements: 1 },
      { text: '长度单位 英寸(×0.0254 m)，几何与材料层厚度按此换算为 m', elements: 1 },
    ]);
  });

  it('IFC4X3_ADD2 building elements read (IfcBuiltElement)', () => {
    // 5 × 0.2 × 3 = 3.00 m³
    const m = parse({
      fileName: '4x3.ifc',
      schema: 'IFC4X3_ADD2',
      units: { length: 'm' },
      storeys: [
        {
          name: '1F',
          elevation: 0,
          elements: [
            {
              type: 'IfcWall',
              name: '墙-01',
              box: { x: 0, y: 0, z: 0, dx: 5, dy: 0.2, dz: 3 },
              material: { single: C30 },
              quantities: qto('Qto_WallBaseQuantities', ['NetVolume', 'volume', 3]),
            },
          ],
        },
      ],
    });
    expect(m.schema).toBe('IFC4X3_ADD2');
    expect(m.elements.map((e) => [e.name, e.parts[0].volume, e.problems])).toEqual([['墙-01', 3, []]]);
  });
});
