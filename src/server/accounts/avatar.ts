// Avatars: an uploaded PNG, JPEG or WebP of at most 2 MB (files/image.ts checks it), re-encoded to a 256 × 256
// PNG cropped to the centre before it is kept.
import { reencodePng, type ImageRules } from '../files/image';

export const AVATAR_SIZE = 256;

export const AVATAR_RULES: ImageRules = {
  maxBytes: 2 * 1024 * 1024,
  missing: '请选择头像图片',
  tooLarge: '头像图片不能超过 2M',
  badType: '头像只支持 PNG、JPEG 或 WebP 图片',
  unreadable: '头像图片无法读取，请换一张图片',
};

export function squareAvatar(bytes: Buffer): Promise<Buffer> {
  return reencodePng(bytes, AVATAR_RULES, (img) =>
    img.resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' }),
  );
}
