// The slider check, issued and verified on the server. A challenge keeps the gap's x in the
// database (never sent); the client drags the piece and sends where it let go and how long the drag took. A
// position within TOLERANCE_PX after a plausible drag earns a one-time token valid 2 minutes, which a login or an
// SMS code request that needs the slider spends (registration and reset spend that code instead: one slider per
// form). A challenge is answered once, right or wrong.
// The slider is friction against casual scripts, not a bot barrier (a pixel-matching script solves it): the
// barrier is the per-address and per-account/phone limits behind it (loginGate.ts, smsCodes.ts). Challenges
// are limited per address (CHALLENGES_PER_MINUTE, counted before one is drawn) and expire after CHALLENGE_MS;
// each new one prunes the expired ones, so a flood cannot grow the table.
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { Executor } from '../db/database';
import { ApiError, tooMany } from '../errors';
import type { SliderChallenge } from '../../../schemas/accounts';
import type { Settings } from '../settings/settings';
import { hit, pruneCounters } from './counters';
import { drawSlider, PIECE_SIZE, SLIDER_HEIGHT, SLIDER_WIDTH } from './sliderImage';

export const SLIDER_REQUIRED = '请完成滑块验证';
export const SLIDER_FAILED = '滑块验证失败，请重试';
export const TOLERANCE_PX = 5;
/** A drag faster than this is not a hand's; slower than the challenge's life is not worth answering. */
export const MIN_DRAG_MS = 200;
export const CHALLENGE_MS = 2 * 60_000;
export const TOKEN_MS = 2 * 60_000;
export const CHALLENGES_PER_MINUTE = 20; // an office behind one NAT address shares it
export const TOO_MANY_CHALLENGES = '滑块验证请求过于频繁，请 1 分钟后再试';

const challengeKey = (ip: string) => `slider-ip:${ip}`;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

export async function newChallenge(db: Executor, ip: string, now: number): Promise<SliderChallenge> {
  const key = challengeKey(ip);
  if ((await hit(db, [key], 1))[key] > CHALLENGES_PER_MINUTE) throw tooMany(TOO_MANY_CHALLENGES);
  // the gap keeps clear of the piece's start position so that not dragging never passes
  const gapX = randomInt(PIECE_SIZE + 20, SLIDER_WIDTH - PIECE_SIZE - 4);
  const y = randomInt(4, SLIDER_HEIGHT - PIECE_SIZE - 4);
  const pictures = await drawSlider(gapX, y);
  const id = randomUUID();
  // expired challenges, and tokens expired or never earned (a live token outlives its challenge's expiry)
  await db
    .deleteFrom('sys_slider')
    .where('expires_at', '<', new Date(now))
    .where((eb) => eb.or([eb('token_expires_at', 'is', null), eb('token_expires_at', '<', new Date(now))]))
    .execute();
  await pruneCounters(db);
  await db
    .insertInto('sys_slider')
    .values({ id, gap_x: gapX, expires_at: new Date(now + CHALLENGE_MS) })
    .execute();
  return {
    id,
    width: SLIDER_WIDTH,
    height: SLIDER_HEIGHT,
    size: PIECE_SIZE,
    y,
    background: dataUrl(pictures.background),
    piece: dataUrl(pictures.piece),
  };
}

/** The answer to a challenge: a one-time token, or 400 SLIDER_FAILED. The challenge is used up either way. */
export async function verifyChallenge(
  db: Executor,
  answer: { id: string; x: number; duration: number },
  now: number,
): Promise<string> {
  const row = (await db
    .updateTable('sys_slider')
    .set({ used: true })
    .where('id', '=', answer.id)
    .where('used', '=', false)
    .where('token_hash', 'is', null)
    .where('expires_at', '>', new Date(now))
    .returning('gap_x')
    .executeTakeFirst()) as { gap_x: number } | undefined;
  const right =
    row &&
    Math.abs(answer.x - row.gap_x) <= TOLERANCE_PX &&
    answer.duration >= MIN_DRAG_MS &&
    answer.duration <= CHALLENGE_MS;
  if (!right) {
    if (row) await db.deleteFrom('sys_slider').where('id', '=', answer.id).execute();
    throw new ApiError(400, 0, SLIDER_FAILED);
  }
  const token = randomBytes(24).toString('base64url');
  await db
    .updateTable('sys_slider')
    .set({ used: false, token_hash: sha256(token), token_expires_at: new Date(now + TOKEN_MS) })
    .where('id', '=', answer.id)
    .execute();
  return token;
}

/** Spends a slider token: true once for a valid one. */
export async function spendSliderToken(db: Executor, token: string | undefined, now: number): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const spent = await db
    .deleteFrom('sys_slider')
    .where('token_hash', '=', sha256(token))
    .where('used', '=', false)
    .where('token_expires_at', '>', new Date(now))
    .executeTakeFirst();
  return Number(spent.numDeletedRows) === 1;
}

export const sliderRequired = () => new ApiError(400, 0, SLIDER_REQUIRED, { needSlider: true });

/** Throws sliderRequired() unless the slider is off or the request brings a valid token. */
export async function requireSlider(
  db: Executor,
  settings: Settings,
  token: string | undefined,
  now: number,
): Promise<void> {
  if ((await settings.get('login.slider')) === 'off') return;
  if (!(await spendSliderToken(db, token, now))) throw sliderRequired();
}
