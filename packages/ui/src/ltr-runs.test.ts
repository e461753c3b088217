import { describe, expect, it } from 'vitest';
import { splitLtrRuns } from './ltr-runs';

describe('splitLtrRuns', () => {
  it('isolates a code and a link from the Arabic around them, not the sentence’s end', () => {
    expect(splitLtrRuns('ظهر الرمز PAY-7F3K9Q ثم https://dars.example/a-b?x=1.')).toEqual([
      { text: 'ظهر الرمز ', ltr: false },
      { text: 'PAY-7F3K9Q', ltr: true },
      { text: ' ثم ', ltr: false },
      { text: 'https://dars.example/a-b?x=1', ltr: true },
      { text: '.', ltr: false },
    ]);
  });

  it('leaves numbers alone and Arabic-only text whole', () => {
    expect(splitLtrRuns('دفعت 150 جنيه يوم 12/3')).toEqual([
      { text: 'دفعت 150 جنيه يوم 12/3', ltr: false },
    ]);
    expect(splitLtrRuns('')).toEqual([]);
  });

  it('takes an e-mail and a one-letter word, and text that is all Latin', () => {
    expect(splitLtrRuns('راسلني على a.b@example.com أو x')).toEqual([
      { text: 'راسلني على ', ltr: false },
      { text: 'a.b@example.com', ltr: true },
      { text: ' أو ', ltr: false },
      { text: 'x', ltr: true },
    ]);
    expect(splitLtrRuns('Hello world')).toEqual([
      { text: 'Hello', ltr: true },
      { text: ' ', ltr: false },
      { text: 'world', ltr: true },
    ]);
  });
});
