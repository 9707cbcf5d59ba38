// The field shapes the building schema repeats (tpf3Project.ts): names, organisations, figures, floors, signers
// and the result figures the calculation writes, each with its rules and messages.
/** A result figure: written by the calculation only (x-readonly), shown to 2 decimals, 0.00 when empty. */
export const result = (title: string, list = false) =>
  ({
    type: ['number', 'null'],
    title,
    'x-readonly': true,
    'x-decimals': 2,
    'x-list': list,
    'x-sortable': true,
  }) as const;

const FORBIDDEN = '^[^#\\\\/:*?"<>|]+$';
const FORBIDDEN_TEXT = '# \\ / : * ? " < > |';

export const nameLike = (title: string) =>
  ({
    type: 'string',
    title,
    minLength: 1,
    maxLength: 20,
    pattern: FORBIDDEN,
    'x-trim': true,
    'x-messages': {
      required: `请输入${title}`,
      minLength: `请输入${title}`,
      maxLength: `${title}不超过 20 个字符`,
      pattern: `${title}不能包含 ${FORBIDDEN_TEXT}`,
    },
  }) as const;

export const orgField = (title: string) =>
  ({
    type: 'string',
    title,
    maxLength: 50,
    'x-trim': true,
    'x-messages': { maxLength: `${title}不超过 50 个字符` },
    'x-list': false,
  }) as const;

export const nonNegative = (title: string, maxChars: number) =>
  ({
    type: 'number',
    title,
    minimum: 0,
    // a length limit of n: at most n characters as typed, i.e. below 10^n.
    maximum: 10 ** maxChars - 1,
    'x-messages': {
      required: `请输入${title}`,
      type: `${title}应为非负数`,
      minimum: `${title}应为非负数`,
      maximum: `${title}不超过 ${maxChars} 位`,
    },
  }) as const;

export const floors = (title: string) =>
  ({
    type: 'integer',
    title,
    minimum: 0,
    maximum: 999,
    'x-messages': {
      required: `请输入${title}`,
      type: `${title}应为非负整数`,
      minimum: `${title}应为非负整数`,
      maximum: `${title}不超过 3 位`,
    },
  }) as const;

/** A sign-off level's person: one user of the building's tenant (checked by the server, buildingHooks.ts). */
export const signer = (title: string) =>
  ({
    type: ['integer', 'null'],
    title,
    minimum: 1,
    'x-messages': { type: `请选择${title}`, minimum: `请选择${title}` },
    'x-list': false,
  }) as const;
