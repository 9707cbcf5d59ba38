// STEP's two "no value" marks, made what web-ifc expects (the xbim-house case). `*` is only valid
// for an attribute a subtype redeclares as derived; web-ifc 0.0.78 drops every `*` token and its generated schema
// leaves exactly those derived attributes out. A file writing `*` for an ordinary attribute (xbim-house:
// IFCPROJECT(…,'House',*,*,$,$,(#14),#9)) thus has every later attribute read one place early — its units, its
// relations, its elements' shapes. The reverse (`$` for a derived one, IFCSIUNIT($,.LENGTHUNIT.,…)) shifts them
// the other way. The bytes are rewritten in place, byte for byte, as web-ifc reads them: chunk by chunk
// (OpenModelFromCallback), so the scan keeps its state across chunks; web-ifc reads the file twice, and the second
// time the rewrites found the first time are replayed rather than scanned for again.

/** Attribute positions web-ifc's schema leaves out as derived (its ToRawLineData writes `void 0` there). */
export const DERIVED: Readonly<Record<string, readonly number[]>> = {
  IFCSIUNIT: [0],
  IFCGEOMETRICREPRESENTATIONSUBCONTEXT: [2, 3, 4, 5],
  IFCORIENTEDEDGE: [0, 1],
  IFCMIRROREDPROFILEDEF: [3],
};

const STAR = 0x2a,
  DOLLAR = 0x24,
  QUOTE = 0x27,
  SLASH = 0x2f,
  OPEN = 0x28,
  CLOSE = 0x29,
  COMMA = 0x2c,
  SEMI = 0x3b,
  EQUALS = 0x3d;
/** The bytes the scan stops at; everything else (names, numbers, references) is skipped at once. */
const SPECIAL = new Uint8Array(256);
for (const c of [STAR, DOLLAR, QUOTE, SLASH, OPEN, CLOSE, COMMA, SEMI, EQUALS]) SPECIAL[c] = 1;
const NAME_LENGTHS = new Set(Object.keys(DERIVED).map((n) => n.length));

const latin1 = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, from + 64)));

export class OmittedRepair {
  /** ordinary attributes written `*` (the file's own fault, said in a note) */
  starred = 0;
  /** how far the scan has read (the rewrites before it are in `rewrites`) */
  private scanned = 0;
  /** the position the next chunk should start at */
  private next = 0;
  /** the rewrites so far: absolute position × 2, + 1 where the byte became `*` (else `$`) */
  private readonly rewrites: number[] = [];
  /** web-ifc asked for a chunk out of order: the state is unknown, nothing more is rewritten */
  private lost = false;
  private inString = false;
  private inComment = false;
  /** the last chunk ended in a comment on a `*` that a `/` would close it with */
  private starInComment = false;
  /** the last chunk ended on a `/` outside strings and comments (a comment may open) */
  private slash = false;
  private afterEquals = false;
  /** the entity name read so far when a chunk ended inside it */
  private name = '';
  private derived: readonly number[] | undefined;
  private depth = 0;
  private arg = 0;

  /**
   * Rewrites the chunk at `offset` of the file in place: `*` → `$` where the attribute is an ordinary one, `$` → `*`
   * where web-ifc expects a derived one (top-level attributes of entity instances; strings and comments untouched).
   */
  push(bytes: Uint8Array, offset: number): void {
    if (offset !== this.next && offset !== 0) this.lost = true;
    this.next = offset + bytes.length;
    if (this.lost) return;
    // read before: replay; the rest is new
    const replayed = Math.max(0, Math.min(bytes.length, this.scanned - offset));
    const w = this.rewrites;
    let lo = 0;
    for (let hi = w.length; lo < hi;) {
      const mid = (lo + hi) >> 1;
      if (w[mid] < offset * 2) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < w.length && w[k] < (offset + replayed) * 2; k++)
      bytes[Math.floor(w[k] / 2) - offset] = w[k] % 2 ? STAR : DOLLAR;
    if (replayed < bytes.length) this.scan(bytes.subarray(replayed), offset + replayed);
  }

  private scan(bytes: Uint8Array, offset: number): void {
    this.scanned = offset + bytes.length;
    // (the state in locals while scanning: this loop sees every byte of the file)
    let i = 0;
    if (this.inComment) i = this.commentEnd(bytes, 0, this.starInComment) + 1;
    else if (this.inString) i = this.stringEnd(bytes, 0) + 1;
    else if (this.slash && bytes[0] === STAR) i = this.commentEnd(bytes, 1) + 1;
    this.slash = false;
    let { afterEquals, derived, depth, arg, starred } = this;
    let nameFrom = 0;
    for (; i < bytes.length; i++) {
      const c = bytes[i];
      if (!SPECIAL[c]) continue;
      if (c === QUOTE) i = this.stringEnd(bytes, i + 1);
      else if (c === SLASH && i + 1 === bytes.length) this.slash = true;
      else if (c === SLASH && bytes[i + 1] === STAR) i = this.commentEnd(bytes, i + 2);
      else if (depth === 0) {
        if (c === EQUALS) {
          afterEquals = true;
          this.name = '';
          nameFrom = i + 1;
        } else if (c === OPEN && afterEquals) {
          derived = this.derivedOf(bytes, nameFrom, i);
          depth = 1;
          arg = 0;
          afterEquals = false;
          this.name = '';
        } else if (c === SEMI) afterEquals = false;
      } else if (c === OPEN) depth++;
      else if (c === CLOSE) depth--;
      else if (depth === 1) {
        if (c === COMMA) arg++;
        else if (c === STAR && !derived?.includes(arg)) {
          bytes[i] = DOLLAR;
          this.rewrites.push((offset + i) * 2);
          starred++;
        } else if (c === DOLLAR && derived?.includes(arg)) {
          bytes[i] = STAR;
          this.rewrites.push((offset + i) * 2 + 1);
        }
      }
    }
    if (afterEquals && this.name.length < 64) this.name += latin1(bytes, nameFrom, bytes.length);
    Object.assign(this, { afterEquals, derived, depth, arg, starred });
  }

  /** The derived positions of the entity named by what was carried over and bytes[from, to). */
  private derivedOf(bytes: Uint8Array, from: number, to: number): readonly number[] | undefined {
    while (from < to && bytes[from] <= 0x20) from++;
    while (to > from && bytes[to - 1] <= 0x20) to--;
    // (decoded only when the length can match: one entity name per line of the file)
    if (!this.name && !NAME_LENGTHS.has(to - from)) return undefined;
    return DERIVED[(this.name + latin1(bytes, from, to)).trim().toUpperCase()];
  }

  /** The index of the string's closing quote ('' inside a string is a quote closed and opened again), else the end. */
  private stringEnd(bytes: Uint8Array, from: number): number {
    const end = bytes.indexOf(QUOTE, from);
    this.inString = end < 0;
    return end < 0 ? bytes.length : end;
  }

  /**
   * The index of the `/` closing the comment whose body starts at `from` (`star`: a `*` just before it), else the end.
   */
  private commentEnd(bytes: Uint8Array, from: number, star = false): number {
    for (let i = bytes.indexOf(SLASH, from); i >= 0; i = bytes.indexOf(SLASH, i + 1)) {
      if (i > from ? bytes[i - 1] === STAR : star) {
        this.inComment = false;
        return i;
      }
    }
    this.inComment = true;
    this.starInComment = bytes.length > from ? bytes[bytes.length - 1] === STAR : star;
    return bytes.length;
  }
}

/** The whole file at once; answers how many ordinary attributes were written `*`. */
export function repairOmitted(bytes: Uint8Array): number {
  const repair = new OmittedRepair();
  repair.push(bytes, 0);
  return repair.starred;
}

/** A web-ifc byte source (OpenModelFromCallback's) whose chunks come out repaired, with the repair's count. */
export function repairing(read: (offset: number, size: number) => Uint8Array): {
  read: (offset: number, size: number) => Uint8Array;
  repair: OmittedRepair;
} {
  const repair = new OmittedRepair();
  return {
    repair,
    read: (offset, size) => {
      const bytes = read(offset, size);
      repair.push(bytes, offset);
      return bytes;
    },
  };
}
