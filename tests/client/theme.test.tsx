// The app theme: a spinner without its own name is a named progress bar (react-admin's page loader and the app
// bar's loading indicator draw one while a request is in flight), and one that names itself keeps its name.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { CircularProgress, ThemeProvider, createTheme } from '@mui/material';
import { theme } from '../../src/client/theme';

describe('the theme', () => {
  it('names every spinner 正在加载 unless it names itself', () => {
    render(
      <ThemeProvider theme={createTheme(theme)}>
        <CircularProgress />
        <CircularProgress aria-label="正在计算" />
      </ThemeProvider>,
    );
    expect(screen.getAllByRole('progressbar').map((p) => p.getAttribute('aria-label'))).toEqual([
      '正在加载',
      '正在计算',
    ]);
  });
});
