// Pieces the answer schemas share. They are response schemas too, and the serialiser writes only what they list,
// as they type it: a field that may be null says so (a `number` null would go out as 0, a `string` null as ""), and a
// stored record passes through whole (additionalProperties), its fields being its resource schema's. An answer's own
// objects are closed with `unevaluatedProperties: false`: FromSchema then types them without an index, while the
// serialiser and its anyOf check ignore the keyword (additionalProperties: false would make that check refuse an
// answer holding one field more, a 500 instead of a field left out).

export const nullable = <const T extends string>(type: T) => ({ type: [type, 'null'] }) as const;

export const stringList = { type: 'array', items: { type: 'string' } } as const;

export const numberMap = { type: 'object', additionalProperties: { type: 'number' } } as const;

/** A stored record in an answer: every field it holds is answered (its types: the resource schema, schemas/records). */
export const recordAnswer = <const D extends string>(description: D) =>
  ({
    type: 'object',
    description,
    required: ['id'],
    additionalProperties: true,
    properties: { id: { type: 'integer' } },
  }) as const;
