// A test run at a phone's width: jsdom's window and the matchMedia stand-in (setup.ts) read innerWidth.
export async function atWidth(width: number, run: () => Promise<void>): Promise<void> {
  const before = window.innerWidth;
  window.innerWidth = width;
  try {
    await run();
  } finally {
    window.innerWidth = before;
  }
}
