// The server's control socket: DATA_DIR/control.sock, a Unix domain socket (mode 600) through which
// `npm run backup` asks the running server for a backup — only the server may open its PGlite data dir (lock file).
// No authentication beyond the file's permissions: whoever may connect runs as the server's user (or root) and
// could read DATA_DIR anyway. One JSON line each way: { op: 'backup', out? } → { ok, path, size } | { ok: false,
// message }.
import { chmodSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Backups } from './backups';

export const controlSocketPath = (dataDir: string) => join(dataDir, 'control.sock');

/** Longest Unix socket path Linux and macOS accept (sun_path less its terminating NUL). */
const MAX_SOCKET_PATH = 103;

export interface BackupAnswer {
  ok: boolean;
  path?: string;
  size?: number;
  message?: string;
}

/** Listens on DATA_DIR/control.sock; answers the stop function (undefined when the path is too long to listen on). */
export async function serveControl(
  dataDir: string,
  backups: Backups,
  log: FastifyBaseLogger,
): Promise<(() => Promise<void>) | undefined> {
  const path = controlSocketPath(dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    log.warn({ path }, 'control socket path too long: npm run backup works only while the server is stopped');
    return undefined;
  }
  rmSync(path, { force: true }); // left by a server that died (this process holds the data dir's lock)
  const server = createServer((socket) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      text += chunk;
      if (!text.includes('\n') && text.length < 8192) return;
      socket.removeAllListeners('data');
      const reply = (a: BackupAnswer) => socket.end(`${JSON.stringify(a)}\n`);
      let req: { op?: string; out?: string };
      try {
        req = JSON.parse(text.split('\n')[0]);
      } catch {
        return reply({ ok: false, message: '无法识别的请求' });
      }
      if (req.op !== 'backup') return reply({ ok: false, message: '无法识别的请求' });
      backups
        .create('manual', typeof req.out === 'string' && req.out.startsWith('/') ? req.out : undefined)
        .then((f) => {
          log.info({ path: f.path, size: f.size }, 'backup made (npm run backup)');
          reply({ ok: true, path: f.path, size: f.size });
        })
        .catch((err: Error) => {
          log.error({ err }, 'backup failed (npm run backup)');
          reply({ ok: false, message: err.message });
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  // (created per the umask, which leaves others without the write permission a connect needs; 600 makes it explicit)
  chmodSync(path, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(path, { force: true });
  };
}

/** Asks the server on `dataDir` for a backup (into `out`, an absolute path, or DATA_DIR/backups). */
export function requestBackup(dataDir: string, out?: string): Promise<BackupAnswer> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(controlSocketPath(dataDir));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ op: 'backup', out })}\n`));
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(new Error('服务没有回答备份请求'));
      }
    });
  });
}
