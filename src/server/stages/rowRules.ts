// The save rules of the stage rows (x-needs, issue 11): a row whose mass, distance, energy factor or machine
// energy cannot be known is refused on every write path — the dialog, the batch save, the import — with the
// field and the rule named. Registered after factorCopy.ts, so a factor picked from the library counts.
import { rowNeeds } from '../../calc/trace';
import { registerHooks } from '../db/hooks';
import { invalid } from '../errors';
import { resources } from '../registry';

for (const def of resources.filter((r) => r.schema['x-needs']?.length)) {
  registerHooks(def.name, {
    async validate({ body }) {
      const problems = rowNeeds(def.schema, body);
      if (problems.length) throw invalid(problems.map((p) => ({ field: p.field, errorMsg: p.message })));
    },
  });
}
