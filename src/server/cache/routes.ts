// 缓存管理 (/sys/cache, super admin):
//   GET    /api/sys/v1/sys/cache/        each server cache with its size and last load (on this replica, after it
//                                        has looked for a clear on another one)
//   DELETE /api/sys/v1/sys/cache/:name   clears it here and, through sys_cache, on every replica
// Sessions are not held in memory: they live in sys_session, so their "cache" is the table itself — its size is
// the live sessions and clearing it signs everybody out except the administrator who asked.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { callerOf } from '../auth/guard';
import type { Db } from '../db/database';
import { ok } from '../envelope';
import { forbidden, notFound } from '../errors';
import type { Settings } from '../settings/settings';
import { cachesOf } from './caches';
import { typed } from '../http/typed';

interface CacheEntry {
  name: string;
  title: string;
  unit: string;
  description: string;
  size(): Promise<number>;
  loadedAt(): Promise<Date | null>;
  clear(req: FastifyRequest): Promise<void>;
}

function entries(db: Db, settings: Settings): CacheEntry[] {
  const { dict, factor } = cachesOf(db);
  return [
    {
      name: 'dict',
      title: '系统字典',
      unit: '个字典',
      description: '下拉选项与导入导出的字典标签；修改字典时自动清除',
      size: async () => (await dict.sync(), dict.size),
      loadedAt: async () => (await dict.sync(), dict.loadedAt),
      clear: () => dict.clear(),
    },
    {
      name: 'factor',
      title: '因子库',
      unit: '条因子',
      description: '保存计算数据时复制的排放因子；修改因子时自动清除',
      size: async () => (await factor.sync(), factor.size),
      loadedAt: async () => (await factor.sync(), factor.loadedAt),
      clear: () => factor.clear(),
    },
    {
      name: 'config',
      title: '全局配置',
      unit: '项配置',
      description: '全局配置的取值；保存配置时自动清除，其他服务节点 2 秒内重新读取',
      size: async () => settings.size,
      loadedAt: async () => settings.loadedAt,
      clear: async () => settings.invalidate(),
    },
    {
      name: 'session',
      title: '登录会话',
      unit: '个会话',
      description: '有效的登录会话；清除后除当前管理员外的所有用户需要重新登录',
      size: async () => {
        const r = await sql<{
          n: number;
        }>`select count(*)::int as n from sys_session where idle_expires_at > now() and absolute_expires_at > now()`.execute(
          db,
        );
        return Number(r.rows[0].n);
      },
      loadedAt: async () => {
        const r = await sql<{ at: Date | null }>`select max(created_at) as at from sys_session`.execute(db);
        return r.rows[0].at ? new Date(r.rows[0].at) : null;
      },
      clear: async (req) => {
        await db
          .deleteFrom('sys_session')
          .where('token_hash', '<>', req.sessionHash ?? '')
          .execute();
      },
    },
  ];
}

const nameParams = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', maxLength: 20 } },
} as const;

export function cacheRoutes(app: FastifyInstance, db: Db, settings: Settings): void {
  const r = typed(app);
  const list = entries(db, settings);
  const adminOnly = (req: FastifyRequest) => {
    if (!callerOf(req).isAdmin) throw forbidden();
  };

  r.get('/api/sys/v1/sys/cache/', { config: { writes: false } }, async (req) => {
    adminOnly(req);
    const out = [];
    for (const c of list) {
      const at = await c.loadedAt();
      out.push({
        name: c.name,
        title: c.title,
        unit: c.unit,
        description: c.description,
        size: await c.size(),
        loadedAt: at ? at.toISOString() : null,
      });
    }
    return ok(out);
  });

  r.delete('/api/sys/v1/sys/cache/:name', { schema: { params: nameParams }, config: { writes: true } }, async (req) => {
    adminOnly(req);
    const c = list.find((x) => x.name === req.params.name);
    if (!c) throw notFound();
    await c.clear(req);
    return ok(null, '清除缓存成功');
  });
}
