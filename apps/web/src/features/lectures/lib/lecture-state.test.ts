import { describe, expect, it } from 'vitest';
import { lectureFixture } from '../../../test/catalog-fixtures';
import { lectureState, lectureTap } from './lecture-state';

const lecture = lectureFixture;

describe('lectureState', () => {
  it('is free when marked free or priced 0', () => {
    expect(lectureState(lecture({ free: true, price: 40 }), 'lectures')).toMatchObject({
      free: true,
      price: 0,
    });
    expect(lectureState(lecture({ price: 0 }), 'lectures')).toMatchObject({ free: true, price: 0 });
    expect(lectureState(lecture(), 'lectures')).toMatchObject({ free: false, price: 40 });
  });

  it('gives a bought lecture access', () => {
    expect(lectureState(lecture({ purchased: true }), 'lectures')).toMatchObject({
      status: 'purchased',
      hasAccess: true,
    });
  });

  it('opens previews only for a whole-course purchase', () => {
    expect(lectureState(lecture({ preview: true }), 'course')).toMatchObject({
      status: 'preview',
      hasAccess: true,
    });
    expect(lectureState(lecture({ preview: true }), 'lectures')).toMatchObject({
      status: 'locked',
      hasAccess: false,
    });
  });

  it('locks a whole-course lecture that is neither preview nor purchased', () => {
    expect(lectureState(lecture(), 'course')).toMatchObject({
      status: 'locked',
      hasAccess: false,
    });
  });

  it('locks a free lecture until it is got (it costs nothing)', () => {
    expect(lectureState(lecture({ free: true }), 'lectures')).toMatchObject({
      status: 'locked',
      hasAccess: false,
      price: 0,
    });
  });

  it('takes access away when the purchase expired', () => {
    expect(lectureState(lecture({ purchased: true, expired: true }), 'lectures')).toMatchObject({
      status: 'expired',
      hasAccess: false,
    });
  });

  it('keeps a preview open after the course expired', () => {
    expect(
      lectureState(lecture({ purchased: true, expired: true, preview: true }), 'course'),
    ).toMatchObject({ status: 'preview', hasAccess: true });
  });

  it('prices a spent repurchasable lecture at its repurchase price', () => {
    const spent = lecture({
      purchased: true,
      expired: true,
      repurchasable: true,
      repurchase_price: 20,
    });
    expect(lectureState(spent, 'lectures').price).toBe(20);
    expect(lectureState({ ...spent, repurchase_price: null }, 'lectures').price).toBe(40);
  });
});

describe('lectureTap', () => {
  const signedIn = { signedIn: true, payType: 'lectures' as const };

  it('sends guests to login', () => {
    const l = lecture({ preview: true });
    expect(lectureTap(lectureState(l, 'course'), l, { signedIn: false, payType: 'course' })).toBe(
      'login',
    );
  });

  it('opens a lecture with access', () => {
    const l = lecture({ purchased: true });
    expect(lectureTap(lectureState(l, 'lectures'), l, signedIn)).toBe('open');
  });

  it('offers a lecture without access for purchase', () => {
    const l = lecture();
    expect(lectureTap(lectureState(l, 'lectures'), l, signedIn)).toBe('buy-lecture');
  });

  it('offers the course for a locked lecture of a whole-course purchase', () => {
    const l = lecture();
    expect(lectureTap(lectureState(l, 'course'), l, { signedIn: true, payType: 'course' })).toBe(
      'get-course',
    );
  });

  it('offers a spent repurchasable lecture again, and says expired otherwise', () => {
    const spent = lecture({ purchased: true, expired: true, repurchasable: true });
    expect(lectureTap(lectureState(spent, 'lectures'), spent, signedIn)).toBe('buy-lecture');
    const gone = lecture({ purchased: true, expired: true });
    expect(lectureTap(lectureState(gone, 'lectures'), gone, signedIn)).toBe('expired');
  });
});
