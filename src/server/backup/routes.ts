// 数据备份 (/sys/backup, super admin):
//   GET  /api/sys/v1/sys/backup/                 the engine, the schedule in effect and the backups, newest first
//   POST /api/sys/v1/sys/backup/                 立即备份: answers when the file is written (seconds); 409 while one runs
//   POST /api/sys/v1/sys/backup/link/:name       a one-time download link for one backup, valid 10 minutes
//   GET  /api/sys/v1/sys/backup/download/:token  the file, streamed (no session: the link is the right)
// The backup files live on the server's disk, not in the database, so they are not handed out through the file
// store's links (files/store.ts keeps the content in the database): the link is a random token held in this
// process — the only one on a PGlite data dir. On PostgreSQL there are no backups here (pg_dump, see
// docs/operations.md).
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../auth/guard';
import { isEmbedded, type Db } from '../db/database';
import { fail, ok } from '../envelope';
import { ApiError, forbidden, notFound } from '../errors';
import type { Settings } from '../settings/settings';
import { isBackupName, listBackups, backupDir } from './archive';
import { BackupBusyError, type Backups } from './backups';
import { backupSchedule } from './schedule';
import './configRules';
import { typed } from '../http/typed';

const LINK_TTL_MS = 10 * 60 * 1000;
const URL = '/api/sys/v1/sys/backup';

const nameParams = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', maxLength: 100 } },
} as const;
const tokenParams = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', maxLength: 100 } },
} as const;

export function backupRoutes(
  app: FastifyInstance,
  opts: { db: Db; dataDir: string; settings: Settings; backups?: Backups },
): void {
  const r = typed(app);
  const embedded = isEmbedded(opts.db);
  const links = new Map<string, { name: string; until: number }>();
  const adminOnly = (req: FastifyRequest) => {
    if (!callerOf(req).isAdmin) throw forbidden();
  };
  const files = () => (opts.backups ? opts.backups.list() : embedded ? listBackups(backupDir(opts.dataDir)) : []);

  r.get(`${URL}/`, { config: { writes: false } }, async (req) => {
    adminOnly(req);
    const schedule = await backupSchedule(opts.settings);
    return ok({
      engine: embedded ? 'pglite' : 'postgres',
      ...schedule,
      running: opts.backups?.busy ?? false,
      list: files().map((b) => ({ name: b.name, size: b.size, createdAt: b.createdAt.toISOString(), kind: b.kind })),
    });
  });

  r.post(`${URL}/`, { config: { writes: true } }, async (req) => {
    adminOnly(req);
    if (!opts.backups)
      throw new ApiError(400, 0, '当前数据库为 PostgreSQL，请用 pg_dump 备份（见 docs/operations.md）');
    try {
      const b = await opts.backups.create('manual');
      req.log.info({ file: b.name, size: b.size }, 'backup made (数据备份 page)');
      return ok({ name: b.name, size: b.size, createdAt: b.createdAt.toISOString(), kind: b.kind }, '备份成功');
    } catch (e) {
      if (e instanceof BackupBusyError) throw new ApiError(409, 0, e.message);
      throw e;
    }
  });

  r.post(`${URL}/link/:name`, { schema: { params: nameParams }, config: { writes: false } }, async (req) => {
    adminOnly(req);
    const { name } = req.params;
    if (!isBackupName(name) || !files().some((b) => b.name === name)) throw notFound();
    const now = Date.now();
    for (const [t, l] of links) if (l.until < now) links.delete(t);
    const token = randomBytes(24).toString('base64url');
    links.set(token, { name, until: now + LINK_TTL_MS });
    return ok(`${URL}/download/${token}`);
  });

  r.get(
    `${URL}/download/:token`,
    { schema: { params: tokenParams }, config: { public: true, writes: false } },
    async (req, reply) => {
      const link = links.get(req.params.token);
      links.delete(req.params.token);
      const file = link && link.until > Date.now() ? files().find((b) => b.name === link.name) : undefined;
      if (!file) return reply.status(404).send(fail('下载链接已失效，请重新下载'));
      return reply
        .header('content-type', 'application/gzip')
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .send(createReadStream(file.path));
    },
  );
}
