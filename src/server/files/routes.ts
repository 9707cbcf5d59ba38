// GET /upload/:id?token= — a generated file through its short-lived link (no session: the token is the right).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { fail } from '../envelope';

import { takeFile } from './store';
import { typed } from '../http/typed';

const query = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', minLength: 10, maxLength: 100 } },
} as const;
const params = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[0-9a-f-]{36}$' } },
} as const;

export function fileRoutes(app: FastifyInstance, db: Db): void {
  const r = typed(app);
  r.get('/upload/:id', { schema: { params, querystring: query } }, async (req, reply) => {
    const file = await takeFile(db, req.params.id, req.query.token);
    if (!file) return reply.status(404).send(fail('下载链接已失效，请重新导出'));
    const ascii = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
    return reply
      .header('content-type', file.mime)
      .header(
        'content-disposition',
        `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      )
      .header('cache-control', 'no-store')
      .send(Buffer.from(file.content));
  });
}
