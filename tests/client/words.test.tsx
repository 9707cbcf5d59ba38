// A table heading breaks between its words only, and no line holds one character alone.
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Words, wordsOf } from '../../src/client/admin/Words';

describe('the words of a heading', () => {
  it('splits Chinese titles at their words, keeping a one-character word with the next', () => {
    expect(wordsOf('设计使用年限')).toEqual(['设计', '使用', '年限']);
    expect(wordsOf('建筑面积')).toEqual(['建筑', '面积']);
    expect(wordsOf('碳排放强度')).toEqual(['碳排放', '强度']);
    expect(wordsOf('校审状态')).toEqual(['校审', '状态']);
    expect(wordsOf('A')).toEqual(['A']);
  });

  it('marks the breaks with <wbr> and keeps the text as it was', () => {
    const { container } = render(<Words text="设计使用年限" />);
    expect(container.textContent).toBe('设计使用年限');
    expect(container.querySelectorAll('wbr')).toHaveLength(2);
  });
});
