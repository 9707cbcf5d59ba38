// Uploaded images (avatars, feedback screenshots): read from one multipart file part, recognised by their first
// bytes — PNG, JPEG or WebP, not by name — within a byte limit, decoded by sharp within a pixel limit (a small
// file that decodes to a huge bitmap is refused) and re-encoded, which drops whatever else the file carried
// (metadata, trailing data). Each use names its own limit and messages.
import type { FastifyRequest } from 'fastify';
import type { Sharp } from 'sharp';
import { sharp } from '../heavy';
import { ApiError, badRequest } from '../errors';

export interface ImageRules {
  maxBytes: number;
  /** no file part at all */
  missing: string;
  tooLarge: string;
  badType: string;
  unreadable: string;
}

export function imageKind(bytes: Buffer): 'png' | 'jpeg' | 'webp' | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return undefined;
}

/** The bytes of the request's one file part; 413 past the limit, 400 without a file. */
export async function readImageUpload(req: FastifyRequest, rules: ImageRules): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest(rules.missing);
  try {
    const part = await req.file({ limits: { fileSize: rules.maxBytes, files: 1 } });
    if (!part) throw badRequest(rules.missing);
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw new ApiError(413, 0, rules.tooLarge);
    return bytes;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, 0, rules.tooLarge);
    throw badRequest(rules.missing);
  }
}

/** The image re-encoded as PNG after `shape` (resize, crop), or a 400/413 naming the rule it broke. */
export async function reencodePng(bytes: Buffer, rules: ImageRules, shape: (img: Sharp) => Sharp): Promise<Buffer> {
  if (bytes.length > rules.maxBytes) throw new ApiError(413, 0, rules.tooLarge);
  const kind = imageKind(bytes);
  if (!kind) throw badRequest(rules.badType);
  try {
    const image = sharp()(bytes, { limitInputPixels: 40_000_000, failOn: 'error' });
    if ((await image.metadata()).format !== kind) throw new Error('decoder disagrees with the magic bytes');
    return await shape(image.rotate()).png().toBuffer();
  } catch {
    throw badRequest(rules.unreadable);
  }
}
