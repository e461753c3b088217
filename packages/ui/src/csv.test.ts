import { describe, expect, it } from 'vitest';
import { csvDocument, csvField, csvLine, keepDigits } from './csv';
import { formatSheetDateTime } from './format';

describe('csvField', () => {
  it('writes plain text and numbers as they are, null and undefined as empty', () => {
    expect(csvField('أحمد')).toBe('أحمد');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(0)).toBe('0');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('quotes a cell with a comma, a quote or a line break, doubling the quotes', () => {
    expect(csvField('أحمد, محمد')).toBe('"أحمد, محمد"');
    expect(csvField('سارة "الأولى"')).toBe('"سارة ""الأولى"""');
    expect(csvField('سطر\nثان')).toBe('"سطر\nثان"');
    expect(csvField('سطر\r\nثان')).toBe('"سطر\r\nثان"');
    expect(csvField('"')).toBe('""""');
  });

  it('defuses text that starts like a formula with a leading apostrophe', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('+201001234567')).toBe("'+201001234567");
    expect(csvField('-5')).toBe("'-5");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1')).toBe("'\t=1");
    // Quoted too when the formula holds a quote or comma.
    expect(csvField('=HYPERLINK("x","y")')).toBe('"\'=HYPERLINK(""x"",""y"")"');
    // Only at the start; a number stays a number.
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField(-50)).toBe('-50');
  });
});

describe('keepDigits', () => {
  it('keeps a leading zero and a long id as text Excel shows as written', () => {
    expect(csvField(keepDigits('01001234567'))).toBe('="01001234567"');
    expect(csvField(keepDigits('123456789012345678'))).toBe('="123456789012345678"');
  });

  it('writes anything but digits as ordinary, defused text', () => {
    expect(csvField(keepDigits('+201001234567'))).toBe("'+201001234567");
    expect(csvField(keepDigits('=1+1'))).toBe("'=1+1");
    expect(csvField(keepDigits('0100")&HYPERLINK("x'))).toBe('"0100"")&HYPERLINK(""x"');
    expect(csvField(keepDigits(''))).toBe('');
    expect(csvField(keepDigits(null))).toBe('');
  });
});

describe('csvDocument', () => {
  it('starts with the bytes EF BB BF and ends every line with CRLF', () => {
    const text = csvDocument(
      ['الاسم', 'الرصيد'],
      [
        ['منى', -12.5],
        ['علي, حسن', null],
      ],
    );
    const bytes = new TextEncoder().encode(text);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.subarray(3))).toBe(
      'الاسم,الرصيد\r\nمنى,-12.5\r\n"علي, حسن",\r\n',
    );
  });

  it('is the header alone for no rows', () => {
    expect(csvDocument(['الرقم'], [])).toBe('\uFEFFالرقم\r\n');
    expect(csvLine([])).toBe('\r\n');
  });
});

describe('formatSheetDateTime', () => {
  it('writes Cairo local time as YYYY-MM-DD HH:mm', () => {
    // Winter: UTC+2.
    expect(formatSheetDateTime('2026-11-28T12:05:00.000Z')).toBe('2026-11-28 14:05');
    expect(formatSheetDateTime('2026-01-01T22:30:00Z')).toBe('2026-01-02 00:30');
  });

  it('follows Egypt summer time: last Friday of April 00:00 to last Thursday of October 24:00', () => {
    // 2026-04-24 (a Friday) at 00:00 Cairo = 2026-04-23 22:00 UTC, clocks jump to 01:00.
    expect(formatSheetDateTime('2026-04-23T21:59:00Z')).toBe('2026-04-23 23:59');
    expect(formatSheetDateTime('2026-04-23T22:00:00Z')).toBe('2026-04-24 01:00');
    // Summer: UTC+3.
    expect(formatSheetDateTime('2026-07-01T09:00:00Z')).toBe('2026-07-01 12:00');
    // 2026-10-29 (a Thursday) at 24:00 summer time = 21:00 UTC, clocks go back to 23:00.
    expect(formatSheetDateTime('2026-10-29T20:59:00Z')).toBe('2026-10-29 23:59');
    expect(formatSheetDateTime('2026-10-29T21:00:00Z')).toBe('2026-10-29 23:00');
  });

  it('is empty for null or a value that is not a date', () => {
    expect(formatSheetDateTime(null)).toBe('');
    expect(formatSheetDateTime('not a date')).toBe('');
  });
});
