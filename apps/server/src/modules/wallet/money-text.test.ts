import { describe, expect, it } from 'vitest';
import { moneyText } from './money-text';

describe('moneyText', () => {
  it('writes piasters as pounds with two decimals, thousands separators and the currency', () => {
    expect(moneyText(125_050)).toBe('1,250.50 جنيه');
    expect(moneyText(50)).toBe('0.50 جنيه');
    expect(moneyText(100_000_000)).toBe('1,000,000.00 جنيه');
  });
});
