// 校审: the design institute's sign-off chain of a building's revision — 计算 (its creator and
// collaborators), then 校对, 审核, 审定 as the tenant requires (2 to 4 levels) — its states, the API's request bodies
// (validated by the server, types derived from them) and answers. One definition for the server
// (src/server/review/) and the client.
import type { FromSchema } from 'json-schema-to-ts';
import type { FrozenReportInfo, ReportDrawing } from './signedReport';

export type ReviewState = 'draft' | 'check' | 'review' | 'approve' | 'approved';
export type SignLevel = 'check' | 'review' | 'approve';

export interface LevelDef {
  level: SignLevel;
  /** 校对 */
  title: string;
  /** 校对人 */
  role: string;
  /** the building's field naming its person */
  field: 'checkerId' | 'reviewerId' | 'approverId';
  /** the state in which this level signs */
  state: SignLevel;
}

export const LEVELS: readonly LevelDef[] = [
  { level: 'check', title: '校对', role: '校对人', field: 'checkerId', state: 'check' },
  { level: 'review', title: '审核', role: '审核人', field: 'reviewerId', state: 'review' },
  { level: 'approve', title: '审定', role: '审定人', field: 'approverId', state: 'approve' },
];

export const STATE_LABELS: Record<ReviewState, string> = {
  draft: '编制中',
  check: '待校对',
  review: '待审核',
  approve: '待审定',
  approved: '已审定',
};

export const CALC_ROLE = '计算人';
export const DEFAULT_LEVELS = 4;

/** The levels a tenant's chain signs at after 计算: 2 → 校对; 3 → 校对, 审核; 4 → 校对, 审核, 审定. */
export const levelsOf = (count: number): readonly LevelDef[] => LEVELS.slice(0, Math.max(1, Math.min(3, count - 1)));

/** The level that signs in `state` (undefined: 编制中 or 已审定). */
export const levelIn = (state: string, count: number) => levelsOf(count).find((l) => l.state === state);

/** After `state` is approved: the next level's state, or 已审定 after the last. */
export function nextState(state: ReviewState, count: number): ReviewState {
  const levels = levelsOf(count);
  if (state === 'draft') return levels[0].state;
  const i = levels.findIndex((l) => l.state === state);
  return i >= 0 && i < levels.length - 1 ? levels[i + 1].state : 'approved';
}

/** A revision's next letter: A → B … Z → AA. */
export function nextRevision(rev: string): string {
  const letters = /^[A-Z]+$/.test(rev) ? rev : 'A';
  const chars = [...letters];
  for (let i = chars.length - 1; i >= 0; i--) {
    if (chars[i] !== 'Z') {
      chars[i] = String.fromCharCode(chars[i].charCodeAt(0) + 1);
      return chars.join('');
    }
    chars[i] = 'A';
  }
  return `A${chars.join('')}`;
}

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const text = (title: string, max: number) => ({ type: 'string', title, minLength: 1, maxLength: max }) as const;

export const submitBody = {
  type: 'object',
  additionalProperties: false,
  required: ['projectId'],
  properties: {
    projectId: id,
    /** each open flag of the result (合理性检查, a stage's problem) with why it stands */
    acknowledgements: {
      type: 'array',
      maxItems: 200,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['text', 'reason'],
        properties: { text: text('提示', 500), reason: text('说明', 200) },
      },
    },
  },
} as const;

export const approveBody = {
  type: 'object',
  additionalProperties: false,
  required: ['projectId'],
  properties: { projectId: id, note: { type: 'string', maxLength: 200 } },
} as const;

const comment = {
  type: 'object',
  additionalProperties: false,
  required: ['content'],
  properties: { content: text('意见', 500), stage: { type: 'string', minLength: 1, maxLength: 30 }, rowId: id },
} as const;

export const returnBody = {
  type: 'object',
  additionalProperties: false,
  required: ['projectId', 'comments'],
  properties: { projectId: id, comments: { type: 'array', minItems: 1, maxItems: 100, items: comment } },
} as const;

/** 更换签署人: the level whose signer an administrator replaces, and the new signer (a user of the building's tenant). */
export const reassignBody = {
  type: 'object',
  additionalProperties: false,
  required: ['projectId', 'level', 'userId'],
  properties: { projectId: id, level: { type: 'string', enum: ['check', 'review', 'approve'] }, userId: id },
} as const;

export const resolveBody = {
  type: 'object',
  additionalProperties: false,
  required: ['note'],
  properties: { note: text('处理说明', 200) },
} as const;
export const projectBody = {
  type: 'object',
  additionalProperties: false,
  required: ['projectId'],
  properties: { projectId: id },
} as const;

export type SubmitRequest = FromSchema<typeof submitBody>;
export type ApproveRequest = FromSchema<typeof approveBody>;
export type ReturnRequest = FromSchema<typeof returnBody>;
export type ReassignRequest = FromSchema<typeof reassignBody>;
export type ReviewCommentInput = FromSchema<typeof comment>;

export interface Person {
  id: number;
  name: string;
}

/**
 * How a signature names its signer: the 实名 an administrator set and the account, 「张明（zhangming）」 — or the
 * account alone when no 实名 was set; never the display name, which its holder changes himself.
 */
export const signerLabel = (account: string, realName: string | null | undefined): string =>
  realName?.trim() ? `${realName.trim()}（${account}）` : account;

export interface ChainStep {
  level: 'calc' | SignLevel;
  title: string;
  role: string;
  /** before the level signs, the people named for it (display names); once signed, the signers as fixed at signing
   * (signerLabel: 实名（账号）) — a later rename changes nothing here */
  people: Person[];
  /** when this level signed the revision (its last approval, or the submission for 计算) */
  signedAt: string | null;
}

export interface ReviewEvent {
  id: number;
  action: 'submit' | 'approve' | 'return' | 'revise' | 'withdraw' | 'reassign';
  fromState: ReviewState;
  toState: ReviewState;
  user: Person;
  /** a signing step: its signer as named at that moment (signerLabel: 实名（账号）) */
  signer?: Person | null;
  /** a submission: every 计算人 as named at that moment */
  team?: Person[] | null;
  note: string | null;
  acknowledgements: { text: string; reason: string }[] | null;
  createDate: string;
}

export interface ReviewComment {
  id: number;
  stage: string | null;
  rowId: number | null;
  /** what it is on, in words: '整个单体', '建材生产', '建材生产 第 3 行 钢材' (rows numbered in the order entered) */
  where: string;
  content: string;
  level: SignLevel;
  author: Person;
  status: 'open' | 'resolved' | 'closed';
  resolveNote: string | null;
  resolvedBy: Person | null;
  resolvedAt: string | null;
  closedAt: string | null;
  createDate: string;
}

export interface ReviewAnswer {
  projectId: number;
  name: string;
  revision: string;
  revisionOf: number | null;
  state: ReviewState;
  reportNo: string | null;
  /** the frozen report of an 已审定 revision (null before, or while it is still being drawn) */
  report: FrozenReportInfo | null;
  /** an 已审定 revision's report not stored yet: its drawing under way or failed (null when there is none) */
  drawing: ReportDrawing | null;
  chain: ChainStep[];
  /** the result's flags a submission must acknowledge with a reason (合理性检查 and the stages' problems) */
  flags: string[];
  events: ReviewEvent[];
  comments: ReviewComment[];
  /** what the caller may do now */
  can: {
    submit: boolean;
    approve: boolean;
    return: boolean;
    resolve: boolean;
    revise: boolean;
    withdraw: boolean;
    reassign: boolean;
  };
}

export interface WaitingBuilding {
  id: number;
  name: string;
  engineeringName: string;
  computeMethod: string;
  revision: string;
  state: ReviewState;
  /** the caller's level */
  role: string;
  submittedAt: string | null;
}

// the frozen report, its public page and its signing certificate
export * from './signedReport';

// a building's change timeline, and a tenant's sign-off rules
export * from './auditTrail';
export * from './signoffSettings';
