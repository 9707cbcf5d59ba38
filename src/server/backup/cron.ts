// The 5-field cron of 全局配置 backup.cron ("分 时 日 月 周", server local time): numbers, *, lists a,b, ranges a-b
// and steps */n or a-b/n; 周 0–7 with 0 and 7 Sunday. As in cron, when both 日 and 周 are restricted a day
// matching either runs. No names (MON, JAN) and no @daily: the 全局配置 remark shows the form.

export interface CronSpec {
  minute: Set<number>;
  hour: Set<number>;
  day: Set<number>;
  month: Set<number>;
  weekday: Set<number>;
  /** 日 and 周 given as something other than *. */
  dayRestricted: boolean;
  weekdayRestricted: boolean;
}

const FIELDS: [min: number, max: number][] = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
];

function parseField(text: string, [min, max]: [number, number]): Set<number> | undefined {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) return undefined;
    const step = m[4] === undefined ? 1 : Number(m[4]);
    let from = min;
    let to = max;
    if (m[1] !== '*') {
      from = Number(m[2]);
      // a single number with a step (5/15) runs from it to the end, as in cron
      to = m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? max : from;
    }
    if (step < 1 || from < min || to > max || from > to) return undefined;
    for (let v = from; v <= to; v += step) out.add(v);
  }
  return out;
}

/** The parsed expression, or undefined when it is not a valid 5-field cron. */
export function parseCron(expr: string): CronSpec | undefined {
  const parts = expr.trim().split(/\s+/);
  if (parts.length !== 5) return undefined;
  const sets = parts.map((p, i) => parseField(p, FIELDS[i]));
  if (sets.some((s) => !s)) return undefined;
  const [minute, hour, day, month, weekday] = sets as Set<number>[];
  if (weekday.has(7)) weekday.add(0);
  return { minute, hour, day, month, weekday, dayRestricted: parts[2] !== '*', weekdayRestricted: parts[4] !== '*' };
}

/** Whether the minute of `at` (local time) is one the expression names. */
export function cronMatches(spec: CronSpec, at: Date): boolean {
  if (!spec.minute.has(at.getMinutes()) || !spec.hour.has(at.getHours()) || !spec.month.has(at.getMonth() + 1))
    return false;
  const day = spec.day.has(at.getDate());
  const weekday = spec.weekday.has(at.getDay());
  if (spec.dayRestricted && spec.weekdayRestricted) return day || weekday;
  return day && weekday;
}
