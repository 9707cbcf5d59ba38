// A database that cannot be used at start is one clear Chinese line on stderr and exit code 1, not
// a stack trace: which database (host:port/name or the folder, never the password) and why.
import { DISK_RESERVE_BYTES, isDiskFull } from './db/diskSpace';

/** Node's connection errors and PostgreSQL's SQLSTATEs at connect, in words. */
const REASONS: Record<string, string> = {
  ECONNREFUSED: '连接被拒绝',
  ENOTFOUND: '找不到该主机',
  EAI_AGAIN: '主机名解析失败',
  ETIMEDOUT: '连接超时',
  EHOSTUNREACH: '主机不可达',
  ENETUNREACH: '网络不可达',
  ECONNRESET: '连接被重置',
  ENOENT: '找不到套接字文件',
  EACCES: '没有访问权限',
  '28P01': '用户名或密码错误',
  '28000': '服务器拒绝该用户连接（pg_hba.conf）',
  '3D000': '数据库不存在',
  '57P03': '数据库正在启动或关闭',
  '53300': '连接数已满',
};

/** Where DATABASE_URL points, without user and password: `host:port/db`. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    const host = u.hostname || u.searchParams.get('host') || 'localhost';
    const db = decodeURIComponent(u.pathname.replace(/^\//, ''));
    return `${host}:${u.port || '5432'}${db ? `/${db}` : ''}`;
  } catch {
    return '(DATABASE_URL 格式不正确)';
  }
}

/** The password of the URL, to be cut out of any message (raw and decoded). */
function secretsOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    const pw = new URL(url).password;
    return pw ? [pw, decodeURIComponent(pw)] : [];
  } catch {
    return [url];
  }
}

function scrub(text: string, secrets: string[]): string {
  let out = text.replace(/\s+/g, ' ').trim();
  for (const s of secrets) if (s) out = out.split(s).join('***');
  return out;
}

const firstLine = (s: string) => s.split('\n')[0];

/**
 * The line for a start that failed on its database, or undefined when the error is something else (a bug: the
 * caller prints it with its stack). `stage`: opening/connecting, or migrating and seeding. `freeBytes`: the free
 * space of DATA_DIR when PGlite failed to open.
 */
export function describeStartupError(
  err: unknown,
  cfg: { dataDir: string; databaseUrl?: string },
  stage: 'open' | 'migrate',
  freeBytes?: number,
): string | undefined {
  const e = (err ?? {}) as { code?: unknown; message?: unknown; errno?: unknown; name?: unknown; severity?: unknown };
  const code = typeof e.code === 'string' ? e.code : undefined;
  const message = typeof e.message === 'string' ? firstLine(e.message) : String(err);
  const sqlstate = code && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;

  if (cfg.databaseUrl) {
    const where = `PostgreSQL ${describeUrl(cfg.databaseUrl)}`;
    if (code === 'ERR_INVALID_URL')
      return '无法连接数据库：DATABASE_URL 格式不正确（应为 postgres://用户:密码@主机:端口/数据库）';
    const text = scrub(message, secretsOf(cfg.databaseUrl));
    let reason: string | undefined;
    if (code && REASONS[code]) reason = `${REASONS[code]}（${code}）`;
    else if (isDiskFull(err)) reason = `数据库服务器存储空间不足（${text}）`;
    else if (sqlstate) reason = `${text}（${sqlstate}）`;
    else if (stage === 'open')
      reason = /timeout/i.test(text)
        ? `连接超时（${text}）`
        : /terminated unexpectedly/i.test(text)
          ? `连接被对方关闭（${text}）`
          : text;
    if (!reason) return undefined;
    return `${stage === 'open' ? '无法连接数据库' : '数据库初始化失败'} ${where}：${reason}`;
  }

  // PGlite in DATA_DIR/db; its own errors say little ("PGlite failed to initialize properly", "Aborted()")
  const where = `嵌入式数据库 ${cfg.dataDir}/db`;
  const stopped = e.severity === 'PANIC' || e.severity === 'FATAL';
  if (stage === 'migrate' && !isDiskFull(err) && !stopped) return undefined;
  let reason: string;
  if (isDiskFull(err) || (stage === 'open' && freeBytes !== undefined && freeBytes < DISK_RESERVE_BYTES)) {
    // (the embedded database writes nothing below the reserve, db/diskSpace.ts: a start needs that much free)
    const needed = `启动至少需要 ${DISK_RESERVE_BYTES / 1048576} MB 可用空间`;
    reason =
      freeBytes !== undefined
        ? `磁盘空间不足（剩余 ${Math.floor(freeBytes / 1048576)} MB，${needed}）`
        : `磁盘空间不足（${needed}）`;
  } else if (stopped) reason = `${message}${sqlstate ? `（${sqlstate}）` : ''}`;
  else if (e.name === 'ErrnoError' || typeof e.errno === 'number')
    reason = `文件系统错误（errno ${String(e.errno)}），该路径应是 PGlite 的数据目录`;
  else reason = `数据目录已损坏、不完整或由其他版本的 PGlite 创建（${message}）`;
  return `无法打开${where}：${reason}`;
}
