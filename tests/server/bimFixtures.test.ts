// The hand-written IFC fixtures (tests/fixtures/bim) stay valid for web-ifc 0.0.78: each valid model opens, has the
// expected elements, storeys and materials, and a box element's volume from its meshes is dx·dy·dz in m³; the bad
// inputs are bad in the way their names say.
import { unzipSync, strFromU8 } from 'fflate';
import * as WebIFC from 'web-ifc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { str } from '../fixtures/bim/step';
import * as F from '../fixtures/bim/models';

let api: WebIFC.IfcAPI;
beforeAll(async () => {
  api = new WebIFC.IfcAPI();
  await api.Init();
});
afterAll(() => api?.Dispose());

const open = (text: string) => api.OpenModel(new TextEncoder().encode(text));
const ids = (model: number, type: number, inherited = false) => {
  const v = api.GetLineIDsWithType(model, type, inherited);
  return Array.from({ length: v.size() }, (_, i) => v.get(i));
};

/** Signed-tetrahedron sum over an element's triangles, placed by flatTransformation (web-ifc meshes are in metres). */
function meshVolume(model: number, id: number): number {
  let vol = 0;
  api.StreamMeshes(model, [id], (mesh) => {
    for (let i = 0; i < mesh.geometries.size(); i++) {
      const pg = mesh.geometries.get(i);
      const g = api.GetGeometry(model, pg.geometryExpressID);
      const v = api.GetVertexArray(g.GetVertexData(), g.GetVertexDataSize());
      const ix = api.GetIndexArray(g.GetIndexData(), g.GetIndexDataSize());
      const t = pg.flatTransformation;
      const p = (k: number) => {
        const [x, y, z] = [v[k * 6], v[k * 6 + 1], v[k * 6 + 2]];
        return [
          t[0] * x + t[4] * y + t[8] * z + t[12],
          t[1] * x + t[5] * y + t[9] * z + t[13],
          t[2] * x + t[6] * y + t[10] * z + t[14],
        ];
      };
      for (let j = 0; j < ix.length; j += 3) {
        const [a, b, c] = [p(ix[j]), p(ix[j + 1]), p(ix[j + 2])];
        vol +=
          (a[0] * (b[1] * c[2] - b[2] * c[1]) -
            a[1] * (b[0] * c[2] - b[2] * c[0]) +
            a[2] * (b[0] * c[1] - b[1] * c[0])) /
          6;
      }
      g.delete();
    }
  });
  return vol;
}

describe('IFC fixtures', () => {
  it('encodes Chinese names the way exports do', () => {
    expect(str('外墙-01')).toBe("'\\X2\\59165899\\X0\\-01'");
    expect(str("it's")).toBe("'it''s'");
  });

  for (const [key, make] of Object.entries(F.validModels)) {
    it(`${key} opens in web-ifc with its elements, storeys, materials and box volumes`, () => {
      const fx = make();
      const e = fx.expected;
      expect(fx.text.startsWith('ISO-10303-21;')).toBe(true);
      expect(fx.text.trimEnd().endsWith('END-ISO-10303-21;')).toBe(true);
      const model = open(fx.text);
      try {
        expect(api.GetModelSchema(model)).toBe(e.schema);
        const elements = ids(model, WebIFC.IFCBUILDINGELEMENT, true);
        expect(elements).toHaveLength(e.elements);
        const storeys = Object.fromEntries(
          ids(model, WebIFC.IFCRELCONTAINEDINSPATIALSTRUCTURE).map((r) => {
            const rel = api.GetLine(model, r);
            return [api.GetLine(model, rel.RelatingStructure.value).Name.value, rel.RelatedElements.length];
          }),
        );
        expect(storeys).toEqual(e.storeys);
        const names = new Set(ids(model, WebIFC.IFCMATERIAL).map((m) => api.GetLine(model, m).Name.value));
        expect([...names].sort()).toEqual(Object.keys(e.materials).sort());
        // the first element without a quantity set: its geometry volume is its box's
        const length = fx.spec!.units && fx.spec!.units.length === 'mm' ? 1e-3 : 1;
        const spec = fx.spec!.storeys.flatMap((s) => s.elements).find((x) => !x.quantities)!;
        const id = elements.find((x) => api.GetLine(model, x).Name.value === spec.name)!;
        expect(meshVolume(model, id)).toBeCloseTo(spec.box.dx * spec.box.dy * spec.box.dz * length ** 3, 6);
      } finally {
        api.CloseModel(model);
      }
    });
  }

  it('the bad inputs are bad as named', () => {
    const broken = F.brokenModel();
    expect(broken.text.startsWith('ISO-10303-21;')).toBe(true);
    expect(broken.text).not.toContain('END-ISO-10303-21;');
    expect(F.notIfcFile().text.startsWith('ISO-10303-21;')).toBe(false);

    const empty = open(F.noElementsModel().text);
    expect(ids(empty, WebIFC.IFCBUILDINGSTOREY)).toHaveLength(1);
    expect(ids(empty, WebIFC.IFCBUILDINGELEMENT, true)).toHaveLength(0);
    api.CloseModel(empty);

    const unknown = open(F.unknownSchemaModel().text);
    expect(api.GetModelSchema(unknown)).toBe('IFC4X3_RC2');
    api.CloseModel(unknown);

    const noUnits = open(F.noUnitsModel().text);
    expect(api.GetLine(noUnits, ids(noUnits, WebIFC.IFCPROJECT)[0]).UnitsInContext).toBeNull();
    expect(ids(noUnits, WebIFC.IFCBUILDINGELEMENT, true)).toHaveLength(1);
    api.CloseModel(noUnits);
  });

  it('ifcZip holds the model as one .ifc entry', () => {
    const text = F.noElementsModel().text;
    const files = unzipSync(F.ifcZip(text, '空模型.ifc'));
    expect(Object.keys(files)).toEqual(['空模型.ifc']);
    expect(strFromU8(files['空模型.ifc'])).toBe(text);
  });
});
