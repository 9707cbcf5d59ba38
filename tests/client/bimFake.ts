// The /bim page's fake server and its records, shared by the BIM client tests: a building, a finished parse job
// answering a pre-flight report, and builders of suggestions, materials and reports with only what a test varies.
import { within, screen } from '@testing-library/react';
import { setToken } from '../../src/client/providers/tokenStorage';
import type { BimMaterial, BimSuggestion, Preflight } from '../../src/client/bim/bimApi';
import { ok, type Handler } from './fakeApi';
import { stubShell } from './shellFake';

export const BIM = '/api/tpf/v1/tpf/bim';

export const bimBuilding = (menus = 'produce,runtime') => ({
  id: 11,
  name: '一号楼',
  computeMethod: 'budget',
  menus,
  engineeringName: '示例项目',
  status: '0',
});

export const sug = (over: Partial<BimSuggestion>): BimSuggestion => ({
  factorId: 1,
  name: '材料',
  label: '材料',
  unit: 'm3',
  factorValue: 300,
  coUnit: 'kgCO2e/m3',
  confidence: 0.5,
  reasons: [],
  saved: false,
  quantity: 1,
  basis: '体积',
  error: null,
  ...over,
});

export const mat = (name: string, suggestions: BimSuggestion[], over: Partial<BimMaterial> = {}): BimMaterial => ({
  name,
  elements: 4,
  volume: 12.5,
  area: 50,
  weight: 0,
  fromGeometry: 0,
  density: null,
  family: null,
  matchNote: null,
  suggestions,
  ...over,
});

/** A pre-flight report of job 7 for building 11: fzk-haus.ifc with no problems, unless told otherwise. */
export const preflightOf = (over: Partial<Preflight>): Preflight => ({
  modelId: 3,
  jobId: 7,
  projectId: 11,
  fileName: 'fzk-haus.ifc',
  schema: 'IFC2X3',
  units: { length: '米(m)', area: '平方米(m²)', volume: '立方米(m³)', mass: '千克(kg)' },
  counts: {
    elements: 13,
    withoutMaterial: 0,
    withoutQuantity: 0,
    unknownUnits: 0,
    duplicateGlobalIds: 0,
    fromGeometry: 0,
    materials: 1,
    review: 0,
  },
  groups: [],
  problems: { total: 0, pageNum: 1, pageSize: 10, list: [] },
  materials: [],
  notes: [],
  floorArea: null,
  ...over,
});

/**
 * Signed in, the building and job 7 answered — `model` gives the report for the request (its page of problems) —
 * and `extra` answering what the test asserts on (check, import) first.
 */
export function bimServer(
  model: (url: URL) => Preflight,
  opts: { extra?: Handler; building?: ReturnType<typeof bimBuilding> } = {},
) {
  setToken('tok', false);
  const building = opts.building ?? bimBuilding();
  return stubShell({
    extra: (c) => {
      const hit = opts.extra?.(c);
      if (hit) return hit;
      const p = c.url.pathname;
      if (p === '/api/tpf/v1/tpf/tpf3ProjectV/11') return ok(building);
      if (p === `${BIM}/7` && c.method === 'GET') {
        const report = model(c.url);
        const job = {
          id: 7,
          kind: 'bim',
          title: `解析 ${report.fileName}`,
          state: 'done',
          done: report.counts.elements,
          total: report.counts.elements,
          result: { jobId: 7 },
          message: null,
          errors: null,
        };
        return ok({ job, model: report });
      }
      return undefined;
    },
  });
}

/** The mapping table's row of an IFC material. */
export const mappingRow = (name: string) =>
  screen.getAllByTestId('bim-mapping-row').find((r) => within(r).queryByText(name))!;
