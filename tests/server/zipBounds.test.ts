// The bounds of a zip from a user: small parts are inflated at once and large ones in chunks, and either way a part
// is refused as soon as it inflates past the size it declared, and a broken one as not a zip.
import { describe, expect, it } from 'vitest';
import { assertZipBounds, ZipRefused, type ZipLimits } from '../../src/server/files/zipBounds';
import { deflated, zipOf } from './zips';

const MB = 1024 * 1024;
const LIMITS: ZipLimits = { maxTotal: 100 * MB, maxEntry: 100 * MB, maxRatio: 1000, ratioFrom: MB };

const refusal = (buf: Buffer) => {
  try {
    assertZipBounds(buf, LIMITS);
    return 'accepted';
  } catch (e) {
    if (e instanceof ZipRefused) return e.reason;
    throw e;
  }
};

describe('a zip part is inflated once, never past what it declares', () => {
  it('honest parts, small and large, are accepted', async () => {
    expect(
      refusal(
        zipOf([
          { name: 'small.xml', ...(await deflated(1)) },
          { name: 'large.xml', ...(await deflated(12)) },
        ]),
      ),
    ).toBe('accepted');
  });

  it('a small part that inflates past its declared size is refused (inflated at once)', async () => {
    expect(refusal(zipOf([{ name: 'liar.xml', ...(await deflated(2)), declared: 12 * 1024 }]))).toBe('tooLarge');
  });

  it('a large part that inflates past its declared size is refused (inflated in chunks)', async () => {
    expect(refusal(zipOf([{ name: 'liar.xml', ...(await deflated(12)), declared: 9 * MB }]))).toBe('tooLarge');
  });

  it('a part that inflates to less than it declares, or not at all, is not a zip', async () => {
    const part = await deflated(1);
    expect(refusal(zipOf([{ name: 'short.xml', ...part, declared: part.size + 10 }]))).toBe('notZip');
    expect(refusal(zipOf([{ name: 'junk.xml', data: Buffer.alloc(64, 0xff), size: 1000 }]))).toBe('notZip');
    expect(refusal(zipOf([{ name: 'big-junk.xml', data: Buffer.alloc(64 * 1024, 0xff), size: 9 * MB }]))).toBe(
      'notZip',
    );
  });
});
