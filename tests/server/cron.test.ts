// The cron matcher of 全局配置 backup.cron (src/server/backup/cron.ts): 5 fields, local time.
import { describe, expect, it } from 'vitest';
import { cronMatches, parseCron } from '../../src/server/backup/cron';

/** 2026-11-26 is a Thursday (getDay 4). */
const at = (day: number, hour: number, minute: number, month = 11) => new Date(2026, month - 1, day, hour, minute);
const matches = (expr: string, d: Date) => cronMatches(parseCron(expr)!, d);

describe('parseCron', () => {
  it.each([
    '0 3 * * *',
    '*/15 * * * *',
    '0 9-17/2 * * 1-5',
    '30 2 1,15 * *',
    '0 0 * * 7',
    '5/20 * * * *',
    '0 3 * 1-12 0',
  ])('accepts %s', (expr) => {
    expect(parseCron(expr)).toBeDefined();
  });

  it.each([
    '',
    '0 3 * *',
    '0 3 * * * *',
    '60 3 * * *',
    '0 24 * * *',
    '0 3 0 * *',
    '0 3 * 13 *',
    '0 3 * * 8',
    '*/0 * * * *',
    '5-1 * * * *',
    '0 3 * * MON',
    '@daily',
    'a b c d e',
    '0,,5 3 * * *',
  ])('refuses %j', (expr) => {
    expect(parseCron(expr)).toBeUndefined();
  });
});

describe('cronMatches', () => {
  it('0 3 * * * runs at 03:00 only', () => {
    expect(matches('0 3 * * *', at(26, 3, 0))).toBe(true);
    expect(matches('0 3 * * *', at(26, 3, 1))).toBe(false);
    expect(matches('0 3 * * *', at(26, 15, 0))).toBe(false);
  });

  it('steps and ranges', () => {
    expect([0, 15, 30, 45].every((m) => matches('*/15 * * * *', at(26, 10, m)))).toBe(true);
    expect(matches('*/15 * * * *', at(26, 10, 20))).toBe(false);
    expect(matches('0 9-17/2 * * *', at(26, 11, 0))).toBe(true);
    expect(matches('0 9-17/2 * * *', at(26, 12, 0))).toBe(false);
    expect(matches('5/20 * * * *', at(26, 1, 45))).toBe(true);
    expect(matches('5/20 * * * *', at(26, 1, 0))).toBe(false);
  });

  it('周: 0 and 7 are Sunday; 1-5 the working days', () => {
    expect(matches('0 0 * * 7', at(29, 0, 0))).toBe(true); // Sunday 29 Nov
    expect(matches('0 0 * * 0', at(29, 0, 0))).toBe(true);
    expect(matches('0 0 * * 1-5', at(29, 0, 0))).toBe(false);
    expect(matches('0 0 * * 1-5', at(26, 0, 0))).toBe(true);
  });

  it('日 and 周 both restricted: either one (as in cron); one restricted: that one', () => {
    expect(matches('0 0 1 * 4', at(26, 0, 0))).toBe(true); // a Thursday, not the 1st
    expect(matches('0 0 1 * 4', at(1, 0, 0, 12))).toBe(true); // the 1st, a Tuesday
    expect(matches('0 0 1 * 4', at(27, 0, 0))).toBe(false);
    expect(matches('0 0 1 * *', at(26, 0, 0))).toBe(false);
  });

  it('月', () => {
    expect(matches('0 0 * 1 *', at(26, 0, 0))).toBe(false);
    expect(matches('0 0 * 11 *', at(26, 0, 0))).toBe(true);
  });
});
