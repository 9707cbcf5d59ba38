// buildApp({ db }) → the Fastify instance with every plugin and route, not listening (tests use inject).
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { createAjv } from '../../schemas/validation';
import './hooks'; // every domain folder's repository rules (db/hooks.ts), before any repository is used
import { authGuard } from './auth/guard';
import { setActor, withActorContext } from './db/actor';
import { sessionRoutes } from './accounts/sessionRoutes';
import { accountRoutes } from './accounts/index';
import { Settings } from './settings/settings';
import type { Db } from './db/database';
import { fail } from './envelope';
import { MESSAGES } from './errors';
import { cspDirectives, TileHosts } from './http/csp';
import { errorHandler } from './http/errorHandler';
import { healthRoutes } from './http/health';
import { diskSpaceGuard, type DiskGuardOptions } from './http/diskGuard';
import { collectWriteFlags, detectUndeclaredWrites, warnOncePerRoute } from './http/writeFlag';
import { loggerOptions } from './http/logger';
import { defaultClientDir, registerClient, toClientFiles } from './http/static';
import { resources } from './db/registry';
import { resourceRoutes } from './resources/routes';
import { lookupRoutes } from './resources/lookups';
import { buildingRoutes } from './buildings/routes';
import { statisticsRoutes } from './statistics/routes';
import { stageRoutes } from './stages/routes';
import { reportRoutes } from './reports/routes';
import { helpRoutes } from './help/routes';
import { fileRoutes } from './files/routes';
import { sysDictRoutes } from './resources/sysDict';
import { cacheRoutes } from './cache/routes';
import './cache/hooks';
import { notifyRoutes } from './notify/index';
import { registerOpenApi } from './openapi/index';
import { feedbackRoutes } from './feedback/index';
import { templateRoutes } from './templates/routes';
import { jobRoutes } from './jobs/index';
import { threadPool } from './jobs/threadPool';
import { closeReaders } from './budget/readBill';
import { factorRoutes } from './factors/routes';
import { epdRoutes } from './epd/routes';
import { resultRoutes } from './results/routes';
import { bimRoutes } from './bim/routes';
import { budgetRoutes } from './budget/routes';
import { reviewRoutes } from './review/routes';
import { verifyRoutes } from './review/verifyRoutes';
import { decideRoutes } from './decide/routes';
import './decide/rules';
import { backupRoutes } from './backup/routes';
import type { Backups } from './backup/backups';

export const UPLOAD_LIMIT = 6 * 1024 * 1024;

export interface AppOptions {
  db: Db;
  /** false: silent; an object: level and an optional destination stream (tests capture logs). */
  logger?: false | { level?: string; stream?: DestinationStream };
  /** Built client folder; default <project>/dist/client. */
  clientDir?: string;
  /** MAP_TILE_URL: a tile host the CSP allows besides the one in 全局配置. */
  mapTileUrl?: string;
  /** DATA_DIR: where the development SMS sender writes sms-outbox.log. */
  dataDir: string;
  /** The clock of codes, sliders and trials (tests move it); default Date.now. */
  now?: () => number;
  /** TRUST_PROXY (config.ts): whose X-Forwarded-For gives req.ip; default false (the peer's address). */
  trustProxy?: string | false;
  /** Backups of the embedded database (main.ts on PGlite; the 数据备份 page makes them through it). */
  backups?: Backups;
  /**
   * The embedded database's data dir: routes declared `writes: true` are refused below its reserve (http/diskGuard.ts).
   */
  diskGuard?: DiskGuardOptions;
  /** A route declared `writes: false` wrote (http/writeFlag.ts); default: a warning in the log, once per route. */
  onUndeclaredWrite?: (route: string) => void;
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { db } = opts;
  const app = Fastify({
    logger:
      opts.logger === false || opts.logger === undefined
        ? false
        : loggerOptions(opts.logger.level ?? 'info', opts.logger.stream),
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: opts.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true },
  });

  // Two ajv instances from the shared configuration (strict, x- keywords, all errors): bodies are validated
  // as sent; querystrings and params are coerced from text ('array' also wraps a single ?ids=1).
  const bodyAjv = createAjv();
  const queryAjv = createAjv({ coerceTypes: 'array' });
  // Each compiled at the route's first request: compiling them all took a third of the start.
  app.setValidatorCompiler(({ schema, httpPart }) => {
    let validate: ((data: unknown) => boolean) | undefined;
    const lazy = (data: unknown) => {
      validate ??= (httpPart === 'body' ? bodyAjv : queryAjv).compile(schema as object);
      const ok = validate(data);
      (lazy as { errors?: unknown }).errors = (validate as { errors?: unknown }).errors;
      return ok;
    };
    return lazy;
  });

  // config.writes on every /api route, checked below once all are added; a route that writes against it is reported
  const writeFlags = collectWriteFlags(app);
  detectUndeclaredWrites(app, opts.onUndeclaredWrite ?? warnOncePerRoute(app));

  const tiles = new TileHosts(opts.mapTileUrl);
  const settings = new Settings(db);
  // The CSP names the map hosts of 全局配置: re-read them (the accessor keeps its values 2 s) before helmet writes
  // the header of a page, so a change saved on another replica reaches this one's pages too.
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/'))
      await tiles.reload(settings).catch((err) => req.log.warn({ err }, 'map tile host not loaded'));
  });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { directives: cspDirectives(tiles) },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_LIMIT, files: 1, fields: 20 } });
  await registerOpenApi(app); // before every route: /api/docs is generated from the routes registered after it

  app.setErrorHandler(errorHandler);

  // Authentication runs in onRequest — before the body is even parsed — for every /api route that is not
  // marked public; unknown routes fall through to the 404 answer.
  const accounts = { db, settings, now: opts.now ?? Date.now, dataDir: opts.dataDir };
  const guard = authGuard(db, settings, accounts.now);
  // before authentication: it touches the session, a write
  if (opts.diskGuard) diskSpaceGuard(app, opts.diskGuard);
  // each request in an async context of its own: its user, once known, is who the database works for (db/actor.ts)
  app.addHook('onRequest', (_req, _reply, done) => withActorContext(done));
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/') || req.is404 || toClientFiles(req)) return;
    await guard(req, reply);
    setActor(req.caller?.userId ?? null);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    return payload;
  });

  healthRoutes(app, db);
  sessionRoutes(app, accounts);
  accountRoutes(app, accounts);
  sysDictRoutes(app, db);
  lookupRoutes(app, db, settings);
  buildingRoutes(app, db);
  statisticsRoutes(app, db);
  stageRoutes(app, db);
  reportRoutes(app, db);
  resultRoutes(app, db);
  helpRoutes(app, db);
  fileRoutes(app, db);
  notifyRoutes(app, db);
  feedbackRoutes(app, db);
  cacheRoutes(app, db, settings);
  templateRoutes(app, db);
  jobRoutes(app, db);
  factorRoutes(app, db);
  epdRoutes(app, db);
  bimRoutes(app, db);
  budgetRoutes(app, db);
  decideRoutes(app, db);
  reviewRoutes(app, db, settings);
  verifyRoutes(app, db);
  backupRoutes(app, { db, dataDir: opts.dataDir, settings, backups: opts.backups });
  for (const def of resources) resourceRoutes(app, db, def);
  // (again when ready: for routes added after buildApp returned)
  writeFlags.assertDeclared();
  app.decorate('writingRoutes', writeFlags.writing);
  app.addHook('onReady', async () => writeFlags.assertDeclared());

  // 全局配置 map.tileUrl feeds the CSP: load it when ready and after every change of sysConfig.
  app.addHook('onReady', async () => {
    await tiles.reload(settings).catch((err) => app.log.warn({ err }, 'map tile host not loaded'));
  });
  // (in onSend, so the next request after a successful save already sees the new host)
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' && req.url.startsWith('/api/sys/v1/sys/sysConfig') && reply.statusCode === 200) {
      settings.invalidate();
      await tiles.reload(settings);
    }
    return payload;
  });

  // the drawing threads (reports, manual) end with the server, so tests and SIGTERM end cleanly
  app.addHook('onClose', () => threadPool.close());
  app.addHook('onClose', async () => void (await closeReaders()));

  const sendIndex = await registerClient(app, opts.clientDir ?? defaultClientDir());
  app.setNotFoundHandler((req, reply) => {
    if (!req.url.startsWith('/api') && (req.method === 'GET' || req.method === 'HEAD')) return sendIndex(reply);
    return reply.status(404).send(fail(MESSAGES.notFound));
  });

  return app;
}
