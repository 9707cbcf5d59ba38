// Binary columns (bytea) through both drivers as base64 text, decoded and encoded by the database itself. PGlite
// turns a byte parameter into hex digits in JavaScript, on the thread that answers every request: storing a
// 680 KB report held every other request ~150 ms, reading it back ~50; as base64 the database's C code does the
// work (~25 ms and ~4 ms). node-postgres reads bytea as hex text too; base64 is decoded natively by Buffer.
import { sql, type RawBuilder } from 'kysely';

/** A bytes value to write into a bytea column. */
export const bytesValue = (b: Uint8Array): RawBuilder<Uint8Array> =>
  sql<Uint8Array>`decode(${Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('base64')}, 'base64')`;

/** A bytea column read as base64 text (the database breaks its lines; Buffer.from skips the breaks). */
export const bytesOf = (column: string): RawBuilder<string | null> =>
  sql<string | null>`encode(${sql.ref(column)}, 'base64')`;

/** The bytes of a column read by bytesOf. */
export const fromBase64 = (text: string): Buffer => Buffer.from(text, 'base64');
