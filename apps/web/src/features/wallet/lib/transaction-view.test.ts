import { describe, expect, it } from 'vitest';
import { transactionFixture } from '../../../test/wallet-fixtures';
import { formatSignedMoney, transactionName, truncateName, valueTone } from './transaction-view';

describe('truncateName', () => {
  it('keeps a name of exactly 25 characters whole', () => {
    const name = 'أ'.repeat(25);
    expect(truncateName(name)).toBe(name);
  });

  it('cuts a 26-character name at 25 and marks the cut', () => {
    expect(truncateName('ب'.repeat(26))).toBe(`${'ب'.repeat(25)}…`);
    expect(truncateName('مراجعة ليلة الامتحان في الكيمياء العضوية')).toBe(
      'مراجعة ليلة الامتحان في ا…',
    );
  });

  it('counts characters outside the basic plane as one', () => {
    expect(truncateName(`${'😀'.repeat(25)}x`)).toBe(`${'😀'.repeat(25)}…`);
  });
});

describe('transactionName', () => {
  it('names the lecture or course bought', () => {
    const lecture = transactionFixture('1', {
      type: 'lecture_purchase',
      value: -40,
      lecture_resource: { name: 'قوانين نيوتن' },
    });
    const course = transactionFixture('2', {
      type: 'course_purchase',
      value: -150,
      course_resource: { name: 'الفيزياء' },
    });
    expect(transactionName(lecture)).toBe('قوانين نيوتن');
    expect(transactionName(course)).toBe('الفيزياء');
  });

  it('names the other side of a transfer by its direction', () => {
    const people = { recipient_user_name: 'منى علي', sender_user_name: 'سارة محمود' };
    const sent = transactionFixture('1', {
      type: 'balance_transfer',
      value: -20,
      transfer_resource: people,
    });
    const received = transactionFixture('2', {
      type: 'balance_transfer',
      value: 20,
      transfer_resource: people,
    });
    expect(transactionName(sent)).toBe('إلى منى علي');
    expect(transactionName(received)).toBe('من سارة محمود');
  });

  it('has no name for a recharge or a staff adjustment', () => {
    expect(transactionName(transactionFixture('1'))).toBeNull();
    expect(transactionName(transactionFixture('2', { type: 'support', value: 5 }))).toBeNull();
  });
});

describe('formatSignedMoney', () => {
  it('signs credits and debits, with two decimals, separators and the currency', () => {
    expect(formatSignedMoney(150)).toBe('\u200E+150.00 جنيه');
    expect(formatSignedMoney(-1234.5)).toBe('\u200E-1,234.50 جنيه');
    expect(formatSignedMoney(0)).toBe('0.00 جنيه');
  });
});

describe('valueTone', () => {
  it('tells a credit from a debit', () => {
    expect(valueTone(0.01)).toBe('credit');
    expect(valueTone(-0.01)).toBe('debit');
    expect(valueTone(0)).toBe('none');
  });
});
