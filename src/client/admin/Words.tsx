// A heading's text that wraps between its words only (建筑|面积, 设计|使用|年限), never inside one — with the cell's
// word-break: keep-all, Chinese would otherwise break anywhere (建筑面/积). A one-character word stays with the next
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
