import { describe, expect, it } from 'vitest';
import { readableLink, textWithLinks } from './text-with-links';

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

describe('readableLink', () => {
  it('reads as the host and the decoded path, without the scheme, www or a closing slash', () => {
    expect(readableLink('https://ar.wikipedia.org/wiki/%D8%AC%D8%A8%D8%B1')).toBe(
      'ar.wikipedia.org/wiki/جبر',
    );
    expect(readableLink('http://www.dars.example/')).toBe('dars.example');
    expect(readableLink('https://youtube.com/watch?v=dQw4w9WgXcQ')).toBe(
      'youtube.com/watch?v=dQw4w9WgXcQ',
    );
  });

  it('keeps a malformed part as written and decodes the others', () => {
    expect(readableLink('https://a.eg/%D9%86%D8%B5/%E0%A4%A/x%20y')).toBe('a.eg/نص/%E0%A4%A/x y');
  });

  it('cuts a long address with an ellipsis', () => {
    const label = readableLink(`https://dars.example/${'a'.repeat(100)}`);
    expect(label).toBe(`dars.example/${'a'.repeat(34)}…`);
    expect(Array.from(label)).toHaveLength(48);
  });

  it('reads an Arabic domain in Arabic, and leaves a look-alike one in punycode', () => {
    // The browser gives the host in punycode: مثال.مصر travels as xn--mgbh0fb.xn--wgbh1c.
    expect(readableLink('https://مثال.مصر/درس')).toBe('مثال.مصر/درس');
    expect(readableLink('https://xn--mgbh0fb.xn--wgbh1c/')).toBe('مثال.مصر');
    // «аррӏе.com» in Cyrillic letters that look Latin: shown as its punycode, not as "apple".
    expect(readableLink('https://xn--80ak6aa92e.com/login')).toBe('xn--80ak6aa92e.com/login');
    // Broken punycode is no address at all: the link reads as written.
    expect(readableLink('https://xn--a.eg/')).toBe('https://xn--a.eg/');
  });

  it('drops the marks that would reorder the label', () => {
    expect(readableLink('https://a.eg/%E2%80%AEfdp.exe')).toBe('a.eg/fdp.exe');
  });
});
