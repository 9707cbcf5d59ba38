// One date-time text for the shell's own pages (notifications, feedback, notices, caches): yyyy-MM-dd HH:mm:ss
// in the browser's time zone; empty for no value, the raw text for an unreadable one.
const pad = (n: number) => String(n).padStart(2, '0');

export function formatDateTime(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const d = new Date(value as string | number);
  if (Number.isNaN(d.getTime())) return String(value);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
