// Times as a report prints them: in China's time (its readers'), the day as YYYY-MM-DD and to the minute as
// YYYY-MM-DD HH:mm; '' for none.
type At = string | Date | null | undefined;

export const chinaDay = (at: At) => (at ? new Date(at).toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' }) : '');

export const chinaMinute = (at: At) =>
  at ? new Date(at).toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' }).slice(0, 16) : '';
