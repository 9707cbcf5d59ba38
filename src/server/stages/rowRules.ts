// The save rules of the stage rows: a row whose mass, distance, energy factor or machine energy cannot be known
// (x-needs), or whose unit cannot be converted to its factor's unit, is refused on every
// write path — the dialog, the batch save, the import, the BIM import — with the field and the rule named.
// Registered after factorCopy.ts, so a factor picked from the library (its value and unit) counts.
import { rowUnitProblems } from '../../calc/stage';
import { rowNeeds } from '../../calc/trace';
import { breathe } from '../db/breathe';
import { registerHooks, type SetProblems } from '../db/hooks';
import { invalid } from '../errors';
import { resources } from '../db/registry';

for (const def of resources.filter((r) => r.schema['x-needs']?.length || r.schema['x-formula'])) {
  registerHooks(def.name, {
    // over the set in one synchronous pass (a batch save or an import checks thousands of rows; no rule here reads
    // the database), yielding now and then like every long loop
    async validateSet({ bodies }) {
      const found: SetProblems = new Map();
      for (const [i, body] of bodies.entries()) {
        const pause = breathe(i);
        if (pause) await pause;
        const needs = rowNeeds(def.schema, body);
        const problems = [...needs, ...rowUnitProblems(def.schema, body, needs)];
        if (problems.length) found.set(i, invalid(problems.map((p) => ({ field: p.field, errorMsg: p.message }))));
      }
      return found;
    },
  });
}
