// The route flag `config.writes`: every /api route says whether it — or work it starts, such as a
// job — writes to the database or the disk. The disk reserve (diskGuard.ts) and the end of a trial (auth/guard.ts)
// read it instead of the HTTP verb, since GETs calculate, copy and export too. Two checks keep it honest:
// buildApp refuses to start with an /api route that does not declare it, and the write detector (db/writeDetector.ts)
// notices a route declared `writes: false` that writes (tests fail on it, production logs it once per route).
import type { FastifyInstance, RouteOptions } from 'fastify';
import { currentWrites } from '../db/writeDetector';

declare module 'fastify' {
  interface FastifyInstance {
    /** `METHOD /url` of every /api route declared writes: true (app.ts; the building-lock test goes through them) */
    writingRoutes(): string[];
  }
}

/** `METHOD /url-pattern` of a route. */
const routeName = (method: string, url: string) => `${method} ${url}`;

/**
 * Collects the /api routes as they are added (add it before any route). `undeclared()` names those without
 * `config.writes`, `assertDeclared()` throws naming them — asked once all are added (a plugin's own onRoute hook
 * may set the flag after this one).
 */
export function collectWriteFlags(app: FastifyInstance): {
  undeclared(): string[];
  assertDeclared(): void;
  writing(): string[];
} {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/')) routes.push(route);
  });
  const undeclared = () =>
    routes
      .filter((r) => typeof r.config?.writes !== 'boolean')
      .flatMap((r) =>
        [r.method]
          .flat()
          .filter((m) => m !== 'HEAD')
          .map((m) => routeName(m, r.url)),
      );
  return {
    undeclared,
    /** `METHOD /url` of every route declared writes: true (the lock test goes through all of them) */
    writing: () =>
      routes
        .filter((r) => r.config?.writes === true)
        .flatMap((r) =>
          [r.method]
            .flat()
            .filter((m) => m !== 'HEAD')
            .map((m) => routeName(m, r.url)),
        ),
    assertDeclared() {
      const missing = undeclared();
      if (missing.length)
        throw new Error(`/api routes without config.writes (src/server/http/writeFlag.ts): ${missing.join(', ')}`);
    },
  };
}

/**
 * Enters the request's store before anything else runs (the callback form of the hook: the rest of the request,
 * and every promise, timer and job it starts, runs inside it), and marks the handler phase. Add it first.
 */
export function detectUndeclaredWrites(app: FastifyInstance, report: (route: string) => void): void {
  app.addHook('onRequest', (req, _reply, done) => {
    const writes = req.routeOptions.config?.writes;
    if (!req.url.startsWith('/api/') || req.is404 || writes === undefined) return done();
    currentWrites.run(
      { route: routeName(req.method, req.routeOptions.url ?? req.url), writes, handling: false, report },
      done,
    );
  });
  app.addHook('preHandler', async () => {
    const store = currentWrites.getStore();
    if (store) store.handling = true;
  });
}

/** Logs a warning once per route (production). */
export function warnOncePerRoute(app: FastifyInstance): (route: string) => void {
  const warned = new Set<string>();
  return (route) => {
    if (warned.has(route)) return;
    warned.add(route);
    app.log.warn({ route }, 'route declared writes: false wrote to the database (config.writes is wrong)');
  };
}
