// A cell's or heading's text that wraps between its words only (建筑|面积, 框架|结构), never inside one: the table
// cells' word-break: keep-all (theme.ts) stops the browser breaking Chinese at any character (建筑面/积), and the
// <wbr> between words gives the breaks back where they belong. A one-character word stays with the next
// (碳排放, 校审), so no line holds a character alone.
import { Fragment } from 'react';

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** The words of `text` where a line may break. */
export function wordsOf(text: string): string[] {
  const out: string[] = [];
  let carried = '';
  for (const { segment } of segmenter.segment(text)) {
    if (carried.length + segment.length < 2) carried += segment;
    else {
      out.push(carried + segment);
      carried = '';
    }
  }
  if (carried) out.length ? (out[out.length - 1] += carried) : out.push(carried);
  return out;
}

export const Words = ({ text }: { text: string }) => (
  <>
    {wordsOf(text).map((w, i) => (
      <Fragment key={i}>
        {i > 0 && <wbr />}
        {w}
      </Fragment>
    ))}
  </>
);
