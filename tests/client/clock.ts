// Timeouts on a clock that runs as usual and that a test can move on, so that the waits the app makes on purpose
// (a notice's NOTIFY_AUTO_HIDE_MS, the pause between two reads of a job) pass at once instead of for real.
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { NOTIFY_AUTO_HIDE_MS } from '../../src/client/constants';

/** From now on setTimeout runs on the fake clock (React's scheduler and the polling of findBy/waitFor keep their
 * real timers); the setup goes back to real timers after each test. */
export const fakeClock = () => vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });

/** `ms` pass on the fake clock, with what they set off. */
export const passTime = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The notice shown runs out its time (react-admin shows one at a time: the next one, if any, then shows). */
export const noticeTimesOut = () => passTime(NOTIFY_AUTO_HIDE_MS);
