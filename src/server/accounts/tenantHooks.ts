// Every user may read their own tenant (GET sysTenant/{id}); the rest is super admin only.
import { registerHooks } from '../db/hooks';

registerHooks('sysTenant', {
  canReadOne: (caller, id) => caller.tenantId === id,
});
