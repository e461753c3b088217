import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { themeFor } from '../app/theme';
import { pageSchool, SCHOOL_DATA_ID, setPageSchool } from './page-school';

// The web tests share their modules (no isolation): start from no identity read yet.
beforeEach(() => setPageSchool(undefined));
afterEach(() => {
  document.getElementById(SCHOOL_DATA_ID)?.remove();
  setPageSchool(undefined);
});

describe("the page's school (ADR 049)", () => {
  it('is what the server wrote into the page, read once', () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = SCHOOL_DATA_ID;
    block.textContent = JSON.stringify({ name: 'سنتر النخبة', primary_color: '#0b6e4f' });
    document.head.append(block);
    expect(pageSchool()).toMatchObject({
      name: 'سنتر النخبة',
      primary_color: '#0b6e4f',
      // What the block leaves out is the default's.
      secondary_color: '#f59e0b',
    });
  });

  it('is «دَرس» without a block, or with one that is not JSON', () => {
    expect(pageSchool().name).toBe('دَرس');
    setPageSchool(undefined);
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = SCHOOL_DATA_ID;
    block.textContent = '{not json';
    document.head.append(block);
    expect(pageSchool().primary_color).toBe('#1f4fa3');
  });
});

describe("the theme in the school's colours", () => {
  it('puts white text on the primary colour and the text that reads best on the secondary', () => {
    const green = themeFor({ primary_color: '#0b6e4f', secondary_color: '#ffd166' });
    expect(green.palette.primary.main).toBe('#0b6e4f');
    expect(green.palette.primary.contrastText).toBe('#ffffff');
    expect(green.palette.secondary.contrastText).toBe('#1b1b1b');
    const dark = themeFor({ primary_color: '#0b6e4f', secondary_color: '#5b2a86' });
    expect(dark.palette.secondary.contrastText).toBe('#ffffff');
    // One theme per pair, made once.
    expect(themeFor({ primary_color: '#0b6e4f', secondary_color: '#ffd166' })).toBe(green);
  });
});
