// Avatars: an uploaded PNG, JPEG or WebP — recognised by its first bytes, not its name — of at most 2 MB,
// re-encoded by sharp to a 256 × 256 PNG (cropped to the centre) before it is kept. Re-encoding drops whatever
// else the file carried (metadata, trailing data) and refuses anything sharp cannot decode.
import sharp from 'sharp';
import { ApiError, badRequest } from '../errors';

export const AVATAR_LIMIT = 2 * 1024 * 1024;
export const AVATAR_SIZE = 256;
export const AVATAR_TOO_LARGE = '头像图片不能超过 2M';
export const AVATAR_BAD_TYPE = '头像只支持 PNG、JPEG 或 WebP 图片';
export const AVATAR_UNREADABLE = '头像图片无法读取，请换一张图片';

export function imageKind(bytes: Buffer): 'png' | 'jpeg' | 'webp' | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

/** The square PNG to keep, or a 400/413 naming the rule the upload broke. */
export async function squareAvatar(bytes: Buffer): Promise<Buffer> {
  if (bytes.length > AVATAR_LIMIT) throw new ApiError(413, 0, AVATAR_TOO_LARGE);
  const kind = imageKind(bytes);
  if (!kind) throw badRequest(AVATAR_BAD_TYPE);
  try {
    // limitInputPixels: a small file that decodes to a huge bitmap (decompression bomb) is refused
    const image = sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' });
    if ((await image.metadata()).format !== kind) throw new Error('decoder disagrees with the magic bytes');
    return await image
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
      .png()
      .toBuffer();
  } catch {
    throw badRequest(AVATAR_UNREADABLE);
  }
}
