// The built client (dist/client) with SPA fallback: any GET outside /api that is not a file answers
// index.html. Without a build, those routes answer a short Chinese note instead of failing.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export function defaultClientDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'package.json'))) return join(dir, 'dist', 'client');
    dir = resolve(dir, '..');
  }
  return resolve('dist/client');
}

export const NO_CLIENT_HTML =
  '<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>碳算</title>' +
  '<body><h1>碳算</h1><p>前端尚未构建：请运行 <code>npm run build:client</code> 或 <code>npm start</code>。接口服务 /api 正常运行。</p></body></html>';

/** Whether a request was routed to the built client's files (an unknown /api path is too, and answers 404). */
export const toClientFiles = (req: FastifyRequest) => req.routeOptions.url === '/*';

export async function registerClient(
  app: FastifyInstance,
  clientDir: string,
): Promise<(reply: FastifyReply) => FastifyReply> {
  if (!existsSync(join(clientDir, 'index.html'))) {
    return (reply) =>
      reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(NO_CLIENT_HTML);
  }
  await app.register(fastifyStatic, {
    root: clientDir,
    // one `/*` route that looks the file up per request (a route per built file was ~400 routes to compile at every
    // start); a path that is no file reaches the not-found handler, i.e. the SPA fallback
    wildcard: true,
    // a folder (`/` among them) is a page of the SPA too; /api is never a file
    allowedPath: (pathname) => !pathname.endsWith('/') && !pathname.startsWith('/api/'),
    index: false,
    setHeaders(reply, path) {
      reply.header('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return (reply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
}
