// Every error becomes the envelope with its HTTP status. Validation errors are code 2 with every
// failing field in Chinese (formatErrors over the route's own schema, so titles and x-messages apply).
// 500s hide their details from the client and log them. A full disk (node ENOSPC, SQLSTATE 53100 from PostgreSQL or
// PGlite) answers 507 `服务器存储空间不足`: the request's transaction has rolled back and others go on (db/diskSpace.ts).
// A lost database connection (PostgreSQL restarting, a killed backend: db/connectionLost.ts) answers 503
// `数据库连接中断，请稍后重试`: its transaction died with the connection, and the pool connects anew for the next one.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { formatErrors } from '../../../schemas/validation';
import { fail } from '../envelope';
import { lockedError } from '../db/lock';
import { ApiError, MESSAGES } from '../errors';
import { isConnectionLost } from '../db/connectionLost';
import { isDiskFull } from '../db/diskSpace';

export function errorHandler(err: FastifyError | ApiError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof ApiError) return reply.status(err.status).send(fail(err.message, err.data, err.code));
  const locked = lockedError(err);
  if (locked) return reply.status(403).send(fail(locked.message));
  const fe = err as FastifyError;
  if (fe.validation) {
    const part = fe.validationContext;
    if (part === 'params') return reply.status(404).send(fail(MESSAGES.notFound));
    const schema =
      (req.routeOptions.schema as Record<string, object> | undefined)?.[part === 'body' ? 'body' : 'querystring'] ?? {};
    return reply.status(400).send(fail(MESSAGES.formInvalid, formatErrors(fe.validation as never, schema), 2));
  }
  if (isDiskFull(err)) {
    req.log.error({ err }, 'disk full');
    return reply.status(507).send(fail(MESSAGES.diskFull));
  }
  if (isConnectionLost(err)) {
    req.log.warn({ err: { code: (err as { code?: string }).code, message: err.message } }, 'database connection lost');
    return reply.status(503).send(fail(MESSAGES.dbDown));
  }
  const status = fe.statusCode ?? 500;
  if (status === 413) return reply.status(413).send(fail(MESSAGES.tooLarge));
  if (status === 429) return reply.status(429).send(fail(MESSAGES.tooMany));
  if (status >= 400 && status < 500) {
    req.log.info({ err: { code: fe.code, message: fe.message } }, 'bad request');
    return reply
      .status(status === 404 ? 404 : 400)
      .send(fail(status === 404 ? MESSAGES.notFound : MESSAGES.badRequest));
  }
  req.log.error({ err }, 'request failed');
  return reply.status(500).send(fail(MESSAGES.server));
}
