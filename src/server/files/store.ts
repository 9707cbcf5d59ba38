// Generated files (Excel exports, reports) handed out by short-lived download links: the file is
// kept in the database (nothing on a replica's local disk matters) with the SHA-256 of a random
// download token; the link `/upload/<id>?token=<token>` works for DOWNLOAD_TTL_MS and never carries the
// session token.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Caller } from '../db/caller';
import { bytesOf, bytesValue, fromBase64 } from '../db/bytes';
import type { Db, Executor } from '../db/database';

export const DOWNLOAD_TTL_MS = 10 * 60 * 1000;

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export interface StoredFile {
  fileName: string;
  mime: string;
  content: Uint8Array;
}

/** Keeps the file and answers its download URL (relative to the site); `permanent` files (avatars) never expire. */
export async function putFile(
  db: Executor,
  caller: Caller,
  file: StoredFile,
  opts: { permanent?: boolean } = {},
): Promise<string> {
  const id = randomUUID();
  const token = randomBytes(24).toString('base64url');
  await db.deleteFrom('sys_file').where('expires_at', '<', new Date()).execute();
  await db
    .insertInto('sys_file')
    .values({
      id,
      tenant_id: caller.tenantId,
      create_by: caller.userId || null,
      file_name: file.fileName,
      mime: file.mime,
      content: bytesValue(file.content),
      token_hash: sha256(token),
      expires_at: opts.permanent ? null : new Date(Date.now() + DOWNLOAD_TTL_MS),
    })
    .execute();
  return `/upload/${id}?token=${token}`;
}

/** The file when the token matches and has not expired. */
export async function takeFile(db: Db, id: string, token: string): Promise<StoredFile | undefined> {
  const row = await db
    .selectFrom('sys_file')
    .select(['file_name', 'mime', bytesOf('content').as('content')])
    .where('id', '=', id)
    .where('token_hash', '=', sha256(token))
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
    .executeTakeFirst();
  if (!row) return undefined;
  return { fileName: row.file_name as string, mime: row.mime as string, content: fromBase64(row.content as string) };
}

/** The file id of a link made by putFile, or undefined for anything else. */
export function fileIdOf(url: string | null | undefined): string | undefined {
  return /^\/upload\/([0-9a-f-]{36})\?token=/.exec(url ?? '')?.[1];
}

export async function deleteFile(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('sys_file').where('id', '=', id).execute();
}
