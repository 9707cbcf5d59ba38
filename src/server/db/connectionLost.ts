// Whether an error means the database connection itself is gone (PostgreSQL restarted or stopped, the network
// dropped), as opposed to a statement that failed on a working connection. Such a request answers 503
// `数据库连接中断，请稍后重试` (http/errorHandler.ts), and its pg client is discarded by the pool (database.ts).

/** admin_shutdown, crash_shutdown, cannot_connect_now (class 57P: the server is stopping or starting). */
const SHUTDOWN_STATES = new Set(['57P01', '57P02', '57P03']);
const SOCKET_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ECONNABORTED',
  'ENOTCONN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** pg's own errors for a socket that ended, and for a later query on such a client. */
const PG_MESSAGES = [
  'Connection terminated unexpectedly',
  'Client has encountered a connection error and is not queryable',
];

function lostHere(err: { code?: unknown; message?: unknown }): boolean {
  const code = typeof err.code === 'string' ? err.code : '';
  if (SHUTDOWN_STATES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code)) return true;
  return typeof err.message === 'string' && PG_MESSAGES.includes(err.message);
}

export function isConnectionLost(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  if (lostHere(err)) return true;
  // (node reports a refused connection to every address of a host name as an AggregateError)
  const inner = (err as { errors?: unknown }).errors;
  return Array.isArray(inner) && inner.some((e) => e && typeof e === 'object' && lostHere(e));
}
