// The inbox is written by the server only: creating or rewriting a notification through the generic routes is
// refused for everyone (reading, deleting one's own and PUT …/read stay open).
import { registerHooks } from '../db/hooks';
import { ApiError } from '../errors';

export const SENT_BY_SERVER = '消息通知由系统发送，不能新增或修改';

registerHooks('sysNotify', {
  async validate() {
    throw new ApiError(403, 0, SENT_BY_SERVER);
  },
});
