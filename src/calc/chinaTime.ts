// Times as the product prints and compares them: in China's time (its users'), the day as YYYY-MM-DD and to the
// minute as YYYY-MM-DD HH:mm; '' for none. (An EPD's validity ends on a Chinese calendar day too.)
type At = string | Date | null | undefined;

export const chinaDay = (at: At) => (at ? new Date(at).toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' }) : '');

export const chinaMinute = (at: At) =>
  at ? new Date(at).toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' }).slice(0, 16) : '';
