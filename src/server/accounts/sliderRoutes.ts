// GET /api/sys/v1/sso/slider (a new challenge) and POST /api/sys/v1/sso/slider/verify ({ id, x, duration } →
// { sliderToken }). Public: the slider comes before a login; challenges are limited per address (slider.ts).
import type { FastifyInstance } from 'fastify';
import { ok } from '../envelope';
import { sliderVerifyBody } from '../../../schemas/accounts';
import type { AccountsContext } from './context';
import { newChallenge, verifyChallenge } from './slider';
import { typed } from '../http/typed';

export function sliderRoutes(app: FastifyInstance, ctx: AccountsContext): void {
  const r = typed(app);
  r.get('/api/sys/v1/sso/slider', { config: { public: true, writes: true } }, async (req) =>
    ok(await newChallenge(ctx.db, req.ip, ctx.now())),
  );

  r.post(
    '/api/sys/v1/sso/slider/verify',
    { schema: { body: sliderVerifyBody }, config: { public: true, writes: true } },
    async (req) => ok({ sliderToken: await verifyChallenge(ctx.db, req.body, ctx.now()) }, '验证通过'),
  );
}
