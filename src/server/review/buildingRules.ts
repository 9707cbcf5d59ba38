// A building's signers on every save: users of its tenant, one level each unless the tenant allows
// more (people.ts). They may stay empty until the building is submitted.
import { registerHooks } from '../db/hooks';
import { invalid } from '../errors';
import { policyOf, signerProblems } from './people';

registerHooks('tpf3Project', {
  async validate({ trx, caller, body, existing }) {
    const b = {
      ...existing,
      ...body,
      tenantId: existing ? existing.tenantId : caller.tenantId,
      createBy: existing ? existing.createBy : caller.userId,
    } as Parameters<typeof signerProblems>[1];
    const errors = await signerProblems(trx, b, await policyOf(trx, b.tenantId), false);
    if (errors.length) throw invalid(errors);
  },
});
