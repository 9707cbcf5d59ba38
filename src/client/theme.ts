// MUI theme options: react-admin's default theme + MUI's zhCN locale (pagination, autocomplete…) and our
// green brand colours. react-admin builds the MUI theme from these options.
import { zhCN } from '@mui/material/locale';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** Deep merge of plain objects (arrays and functions are replaced, not merged). */
function merge<T>(base: T, over: unknown): T {
  if (!isPlain(base) || !isPlain(over)) return (over === undefined ? base : over) as T;
  const out: Plain = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = merge(out[k], v);
  return out as T;
}

export const theme: RaThemeOptions = merge(
  merge(defaultTheme, {
    palette: {
      // (darker than MUI's green 800 #2e7d32, warning #ed6c02 and info #0288d1: text in these colours reads at the
      // 4.5:1 contrast WCAG AA asks on white and on the filled inputs' grey)
      primary: { main: '#2a762e' },
      warning: { main: '#b35000' },
      info: { main: '#0277bd' },
      secondary: { light: '#4db6ac', main: '#00796b', dark: '#004d40', contrastText: '#fff' },
    },
    components: {
      // a table wider than its box scrolls inside it: reachable by keyboard (axe scrollable-region-focusable)
      MuiTableContainer: { defaultProps: { tabIndex: 0 } },
      // 8 px a side instead of 16: a stage table of 11 columns fits 1366 px beside the menu, so its sticky 操作
      // column covers no figure (a cell under it read 22,725,300.00 as 22,725,30)
      // a list's buttons wrap onto a second line on a phone instead of running off the screen's left edge
      RaTopToolbar: { styleOverrides: { root: { flexWrap: 'wrap', rowGap: 4 } } },
      // a cell's Chinese breaks only where its text says it may (admin/Words.tsx: between words), never inside a
      // word (框架结/构), which the browser would otherwise do at any character
      MuiTableCell: {
        styleOverrides: {
          root: { paddingLeft: 8, paddingRight: 8, wordBreak: 'keep-all' },
          paddingCheckbox: { paddingLeft: 4, paddingRight: 4 },
        },
      },
      // every spinner is a named progress bar — react-admin's page loader and the app bar's loading indicator draw
      // one without a name while a request is in flight (axe aria-progressbar-name); a spinner may name itself
      MuiCircularProgress: { defaultProps: { 'aria-label': '正在加载' } },
    },
    typography: {
      fontFamily: '"PingFang SC","Microsoft YaHei","Noto Sans SC","Noto Sans CJK SC","Helvetica Neue",Arial,sans-serif',
    },
  }),
  zhCN,
);
