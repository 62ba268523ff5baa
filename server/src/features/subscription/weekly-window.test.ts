import { describe, expect, it } from 'vitest';
import { weeklyWindow } from './weekly-window.js';
import { localToday, zonedTimeToUtc } from '../../time/zoned-time.js';

describe('weeklyWindow', () => {
  it('Asia/Kolkata: Sunday 23:59:59 is the old week, Monday 00:00 the new one', () => {
    // Monday 2025-03-10 00:00 IST = 2025-03-09T18:30:00Z
    const sunday = weeklyWindow(new Date('2025-03-09T18:29:59Z'), 'Asia/Kolkata');
    const monday = weeklyWindow(new Date('2025-03-09T18:30:00Z'), 'Asia/Kolkata');
    expect(sunday.weekStart).toBe('2025-03-03');
    expect(sunday.start.toISOString()).toBe('2025-03-02T18:30:00.000Z');
    expect(sunday.end.toISOString()).toBe('2025-03-09T18:30:00.000Z');
    expect(monday.weekStart).toBe('2025-03-10');
    expect(monday.start.toISOString()).toBe('2025-03-09T18:30:00.000Z');
    expect(monday.end.toISOString()).toBe('2025-03-16T18:30:00.000Z');
  });

  it('America/New_York: Sunday 23:59:59 vs Monday 00:00', () => {
    // Monday 2025-06-16 00:00 EDT = 04:00Z
    const sunday = weeklyWindow(new Date('2025-06-16T03:59:59Z'), 'America/New_York');
    const monday = weeklyWindow(new Date('2025-06-16T04:00:00Z'), 'America/New_York');
    expect(sunday.weekStart).toBe('2025-06-09');
    expect(sunday.end.toISOString()).toBe('2025-06-16T04:00:00.000Z');
    expect(monday.weekStart).toBe('2025-06-16');
    expect(monday.start.toISOString()).toBe('2025-06-16T04:00:00.000Z');
  });

  it('a DST week in New York is 167 hours (spring forward) and 169 hours (fall back)', () => {
    // Clocks go forward on Sunday 2025-03-09: Monday 03-03 is EST, Monday 03-10 is EDT.
    const spring = weeklyWindow(new Date('2025-03-09T12:00:00Z'), 'America/New_York');
    expect(spring.weekStart).toBe('2025-03-03');
    expect(spring.start.toISOString()).toBe('2025-03-03T05:00:00.000Z');
    expect(spring.end.toISOString()).toBe('2025-03-10T04:00:00.000Z');
    expect((spring.end.getTime() - spring.start.getTime()) / 3_600_000).toBe(167);
    // Clocks go back on Sunday 2025-11-02.
    const fall = weeklyWindow(new Date('2025-11-02T12:00:00Z'), 'America/New_York');
    expect(fall.start.toISOString()).toBe('2025-10-27T04:00:00.000Z');
    expect(fall.end.toISOString()).toBe('2025-11-03T05:00:00.000Z');
    expect((fall.end.getTime() - fall.start.getTime()) / 3_600_000).toBe(169);
    // The last second of the DST week still belongs to it.
    expect(weeklyWindow(new Date('2025-03-10T03:59:59Z'), 'America/New_York').weekStart).toBe('2025-03-03');
    expect(weeklyWindow(new Date('2025-03-10T04:00:00Z'), 'America/New_York').weekStart).toBe('2025-03-10');
  });

  it('a DST week in Europe/London', () => {
    const w = weeklyWindow(new Date('2025-03-30T12:00:00Z'), 'Europe/London');
    expect(w.start.toISOString()).toBe('2025-03-24T00:00:00.000Z');
    expect(w.end.toISOString()).toBe('2025-03-30T23:00:00.000Z');
  });

  it('uses UTC when the timezone is missing or unknown', () => {
    for (const tz of [null, undefined, '', 'Mars/Olympus']) {
      const w = weeklyWindow(new Date('2025-01-05T23:59:59Z'), tz);
      expect(w.weekStart).toBe('2024-12-30');
      expect(w.end.toISOString()).toBe('2025-01-06T00:00:00.000Z');
    }
    expect(weeklyWindow(new Date('2025-01-06T00:00:00Z'), 'UTC').weekStart).toBe('2025-01-06');
  });

  it('a week never crosses its own bounds, hour by hour through a year, in several zones', () => {
    for (const tz of ['America/Los_Angeles', 'Asia/Kolkata', 'Australia/Sydney', 'Europe/Paris', 'America/Santiago']) {
      for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2026, 0, 1); t += 3_600_000 * 7) {
        const w = weeklyWindow(new Date(t), tz);
        expect(w.start.getTime()).toBeLessThanOrEqual(t);
        expect(w.end.getTime()).toBeGreaterThan(t);
        const hours = (w.end.getTime() - w.start.getTime()) / 3_600_000;
        expect(hours).toBeGreaterThanOrEqual(167);
        expect(hours).toBeLessThanOrEqual(169);
      }
    }
  });
});

describe('zonedTimeToUtc', () => {
  it('converts a wall time, resolves a skipped time forward and a repeated one to the first', () => {
    expect(zonedTimeToUtc({ year: 2025, month: 7, day: 1, hour: 19, minute: 0 }, 'Asia/Kolkata').toISOString()).toBe('2025-07-01T13:30:00.000Z');
    expect(zonedTimeToUtc({ year: 2025, month: 3, day: 9, hour: 2, minute: 30 }, 'America/New_York').toISOString()).toBe('2025-03-09T07:30:00.000Z');
    expect(zonedTimeToUtc({ year: 2025, month: 11, day: 2, hour: 1, minute: 30 }, 'America/New_York').toISOString()).toBe('2025-11-02T05:30:00.000Z');
  });

  it('knows today in a zone', () => {
    expect(localToday(new Date('2025-03-09T18:30:00Z'), 'Asia/Kolkata')).toBe('2025-03-10');
    expect(localToday(new Date('2025-03-09T18:30:00Z'), 'America/New_York')).toBe('2025-03-09');
  });
});
