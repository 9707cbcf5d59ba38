// A date as the app writes and stores it, 'YYYY-MM-DD', whatever the browser's locale. What a user types the way
// dates are usually written in China (2025/8/30, 2025.8.30, 20250830, 2025年8月30日) is read as that day.
const pad = (n: string) => n.padStart(2, '0');

const FORMS = [
  /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/,
  /^(\d{4})(\d{2})(\d{2})$/,
  /^(\d{4})年(\d{1,2})月(\d{1,2})日?$/,
];

/** 'YYYY-MM-DD' for a real calendar day written in one of the usual forms; undefined otherwise (2025-02-30 too). */
export function toYmd(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  const t = text.trim();
  for (const form of FORMS) {
    const m = form.exec(t);
    if (!m) continue;
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const day = new Date(Date.UTC(y, mo - 1, d));
    if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) return undefined;
    return `${m[1]}-${pad(m[2])}-${pad(m[3])}`;
  }
  return undefined;
}
