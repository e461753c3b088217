import { describe, expect, it } from 'vitest';
import { textWithLinks } from './text-with-links';

describe('textWithLinks', () => {
  it('keeps plain text as it is', () => {
    expect(textWithLinks('الإجابة هي 5')).toEqual([{ text: 'الإجابة هي 5' }]);
  });

  it('turns http and https addresses into links, leaving the sentence punctuation outside', () => {
    expect(textWithLinks('راجع https://a.eg/x?y=1. ثم http://b.eg')).toEqual([
      { text: 'راجع ' },
      { text: 'https://a.eg/x?y=1', href: 'https://a.eg/x?y=1' },
      { text: '. ثم ' },
      { text: 'http://b.eg', href: 'http://b.eg' },
    ]);
  });

  it('never links other schemes', () => {
    expect(textWithLinks('javascript:alert(1) و<b>نص</b>')).toEqual([
      { text: 'javascript:alert(1) و<b>نص</b>' },
    ]);
  });
});
