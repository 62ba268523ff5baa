import { describe, expect, it } from 'vitest';
import { deliveryDays, deliveryTime, dueSlot, possibleLocalDates, type ScheduleFields } from './schedule.js';
import { eventTime, unsubscribeMailto, absoluteUrl } from './delivery-parts.js';

const user = (over: Partial<ScheduleFields> = {}): ScheduleFields => ({
  selected_days: '[1,2,3,4,5]',
  recommendation_frequency: null,
  recommendation_day: null,
  recommendation_time: '19:00',
  timezone: 'America/New_York',
  created_at: '2020-01-01T00:00:00.000Z',
  ...over,
});
const at = (iso: string) => new Date(iso);

describe('deliveryDays', () => {
  it('reads selected_days, sorted, without repeats or values outside 1-7', () => {
    expect(deliveryDays(user({ selected_days: '[5,1,3,3,9,0]' }))).toEqual([1, 3, 5]);
  });
  it('falls back to the legacy frequency and day when selected_days is empty or unreadable', () => {
    expect(deliveryDays(user({ selected_days: '[]', recommendation_frequency: 'daily' }))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(deliveryDays(user({ selected_days: 'x', recommendation_frequency: 'Weekdays' }))).toEqual([1, 2, 3, 4, 5]);
    expect(deliveryDays(user({ selected_days: '[]', recommendation_frequency: 'weekly', recommendation_day: 3 }))).toEqual([3]);
    expect(deliveryDays(user({ selected_days: '[]', recommendation_frequency: 'weekly', recommendation_day: 0 }))).toEqual([7]);
    expect(deliveryDays(user({ selected_days: '[]' }))).toEqual([]);
  });
  it('uses the default time for a stored time it cannot read', () => {
    expect(deliveryTime(user({ recommendation_time: '7pm' }))).toBe('19:00');
    expect(deliveryTime(user({ recommendation_time: '06:05' }))).toBe('06:05');
  });
});

describe('dueSlot', () => {
  it('is due from the local time on, on a selected day, with the local date', () => {
    // Monday 2026-01-05, 19:00 in New York is 00:00 UTC on Tuesday.
    expect(dueSlot(user(), at('2026-01-05T23:59:59Z'))).toBeNull();
    expect(dueSlot(user(), at('2026-01-06T00:00:00Z'))).toEqual({
      localDate: '2026-01-05',
      dueAt: at('2026-01-06T00:00:00Z'),
      timeZone: 'America/New_York',
      time: '19:00',
    });
    expect(dueSlot(user(), at('2026-01-06T04:59:00Z'))?.localDate).toBe('2026-01-05');
  });
  it('is never due on an unselected day, nor for the day before once the local day has turned', () => {
    // Saturday in New York.
    expect(dueSlot(user(), at('2026-01-10T23:30:00Z'))).toBeNull();
    // Tuesday 00:30 local: Monday's slot is gone, Tuesday's is not yet due.
    expect(dueSlot(user(), at('2026-01-06T05:30:00Z'))).toBeNull();
  });
  it('keeps 19:00 local across both DST changes in New York', () => {
    const daily = user({ selected_days: '[1,2,3,4,5,6,7]' });
    expect(dueSlot(daily, at('2026-03-07T23:59:00Z'))).toBeNull();
    expect(dueSlot(daily, at('2026-03-08T00:00:00Z'))?.localDate).toBe('2026-03-07'); // EST, UTC-5
    expect(dueSlot(daily, at('2026-03-08T22:59:00Z'))).toBeNull();
    expect(dueSlot(daily, at('2026-03-08T23:00:00Z'))?.localDate).toBe('2026-03-08'); // EDT, UTC-4
    expect(dueSlot(daily, at('2026-11-01T23:59:00Z'))).toBeNull();
    expect(dueSlot(daily, at('2026-10-31T23:00:00Z'))?.localDate).toBe('2026-10-31'); // EDT
    expect(dueSlot(daily, at('2026-11-02T00:00:00Z'))?.localDate).toBe('2026-11-01'); // EST
  });
  it('moves a time skipped by spring-forward to just after the jump', () => {
    const early = user({ selected_days: '[7]', recommendation_time: '02:30' });
    expect(dueSlot(early, at('2026-03-08T06:59:00Z'))).toBeNull();
    expect(dueSlot(early, at('2026-03-08T07:30:00Z'))?.dueAt).toEqual(at('2026-03-08T07:30:00Z')); // 03:30 EDT
  });
  it('uses the local date of zones ahead of UTC, and half-hour offsets', () => {
    const sydney = user({ timezone: 'Australia/Sydney', selected_days: '[2]', recommendation_time: '07:30' });
    // Tuesday 07:30 in Sydney (AEDT, UTC+11) is Monday 20:30 UTC.
    expect(dueSlot(sydney, at('2026-03-02T20:29:00Z'))).toBeNull();
    expect(dueSlot(sydney, at('2026-03-02T20:30:00Z'))?.localDate).toBe('2026-03-03');
    const kolkata = user({ timezone: 'Asia/Kolkata' });
    expect(dueSlot(kolkata, at('2026-03-02T13:29:00Z'))).toBeNull();
    expect(dueSlot(kolkata, at('2026-03-02T13:30:00Z'))?.localDate).toBe('2026-03-02');
  });
  it('is not due for a slot that passed before the account existed; an unknown zone is UTC', () => {
    expect(dueSlot(user({ created_at: '2026-01-06T00:30:00Z' }), at('2026-01-06T01:00:00Z'))).toBeNull();
    expect(dueSlot(user({ timezone: 'Mars/Olympus' }), at('2026-01-05T19:00:00Z'))?.timeZone).toBe('UTC');
  });
  it('covers every local date a zone can be on', () => {
    expect(possibleLocalDates(at('2026-01-05T12:00:00Z'))).toEqual(['2026-01-04', '2026-01-05', '2026-01-06']);
  });
});

describe('delivery parts', () => {
  const slot = { localDate: '2026-01-05', timeZone: 'Asia/Kolkata', time: '19:00', dueAt: at('2026-01-05T13:30:00Z') };
  it('starts a caught-up calendar event at the next quarter hour of the same day', () => {
    expect(eventTime(slot, at('2026-01-05T13:40:00Z'))).toBe('19:00');
    expect(eventTime(slot, at('2026-01-05T15:02:00Z'))).toBe('20:45');
    expect(eventTime(slot, at('2026-01-05T18:25:00Z'))).toBe('19:00'); // 23:55 -> tomorrow: keep the slot
  });
  it('builds the mailto from MAIL_FROM and absolute poster URLs', () => {
    expect(unsubscribeMailto("Tonight's Pick <no-reply@picks.example>")).toBe('mailto:no-reply@picks.example?subject=unsubscribe');
    expect(unsubscribeMailto('picks@example.test')).toBe('mailto:picks@example.test?subject=unsubscribe');
    expect(unsubscribeMailto('nobody')).toBeNull();
    expect(absoluteUrl('https://a.test', '/api/x.svg')).toBe('https://a.test/api/x.svg');
    expect(absoluteUrl('https://a.test', 'https://cdn.test/p.jpg')).toBe('https://cdn.test/p.jpg');
  });
});
