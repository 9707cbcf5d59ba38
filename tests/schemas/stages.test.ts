// Every stage schema is sound: its formulas compile in the safe language, read only its own properties, the
// building context or other stages' totals, and every stage a module offers has a schema.
import { describe, expect, it } from 'vitest';
import type { ResourceSchema } from '../../schemas/index';
import { allMenuCodes, MODULES, STAGE_SCHEMAS } from '../../schemas/standards';
import { compileFormula, FormulaError } from '../../src/calc/formula';
import { CONTEXT_NAMES, formulaTexts } from '../../src/calc/stage';

const stages = Object.values(STAGE_SCHEMAS) as unknown as ResourceSchema[];
const codes = stages.map((s) => s['x-stage']!.code);

describe('stage schemas', () => {
  it.each(stages.map((s) => [s.$id, s] as const))(
    '%s: formulas read only its properties, the context and known stages',
    (_id, s) => {
      const f = s['x-formula'];
      const texts = formulaTexts(s);
      const methods = s['x-stage']!.methods?.map((m) => m.value) ?? [];
      if (typeof f === 'object') expect(Object.keys(f).sort()).toEqual([...methods].sort());
      for (const text of texts) {
        const c = compileFormula(text);
        expect(
          c.fields.filter((x) => !(x in s.properties) && !(CONTEXT_NAMES as readonly string[]).includes(x)),
        ).toEqual([]);
        expect(c.stages.filter((x) => !codes.includes(x))).toEqual([]);
      }
      expect(Object.keys(s.properties).filter((p) => (CONTEXT_NAMES as readonly string[]).includes(p))).toEqual([]);
      expect(s.properties.projectId).toBeDefined();
      expect(s['x-resource'].path).toBe(`tpf/v1/tpf/stage/${s['x-stage']!.code}`);
    },
  );

  it('every stage menu of every module has a stage schema', () => {
    for (const m of MODULES) expect(allMenuCodes(m).filter((c) => !codes.includes(c))).toEqual([]);
  });

  it('the formula language refuses what could reach outside the row', () => {
    for (const bad of [
      'constructor.constructor("return process")()',
      'this',
      'a[0]',
      'process.exit()',
      'globalThis',
      'x = 1',
      'new Date()',
    ]) {
      let refused: boolean;
      try {
        const c = compileFormula(bad);
        // an unknown identifier is only a missing value: it reads nothing outside the scope
        refused = c.evaluate({}) === 0;
      } catch (e) {
        refused = e instanceof FormulaError;
      }
      expect(refused, bad).toBe(true);
    }
  });
});
