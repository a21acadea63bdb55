// The iCalendar writer judged by ical.js (an RFC 5545 parser): escaping, folding at 75 octets, all-day events.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { type CalendarEvent, foldLine, icsCalendar } from './ics.ts';

const event = (over: Partial<CalendarEvent> = {}): CalendarEvent => ({
  uid: 'release-1@mixdesk.test',
  date: '2026-03-20',
  summary: 'Release: Night & Day',
  updatedAt: '2026-01-15T10:00:00.000Z',
  ...over,
});

const parse = (ics: string) =>
  new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));

describe('iCalendar feed', () => {
  it('is one all-day event per item, read back by an iCalendar parser', () => {
    const [e] = parse(
      icsCalendar('Mixdesk releases', [
        event({ description: 'Album · UPC/EAN 036000291452', url: 'https://x.test/releases/1' }),
      ]),
    );
    expect(e!.uid).toBe('release-1@mixdesk.test');
    expect(e!.summary).toBe('Release: Night & Day');
    expect(e!.description).toBe('Album · UPC/EAN 036000291452');
    expect(e!.startDate.isDate).toBe(true);
    expect(e!.startDate.toString()).toBe('2026-03-20');
    expect(e!.endDate.toString()).toBe('2026-03-21');
  });

  it('escapes commas, semicolons, backslashes and line breaks so they come back as written', () => {
    const summary = 'A, B; C\\D\nE';
    const [e] = parse(icsCalendar('x', [event({ summary, description: 'one;two,three' })]));
    expect(e!.summary).toBe(summary);
    expect(e!.description).toBe('one;two,three');
  });

  it('folds lines at 75 octets without splitting a UTF-8 character, and unfolds to the same text', () => {
    const summary = `Release: ${'山田太郎 نور é '.repeat(20)}`;
    const ics = icsCalendar('x', [event({ summary })]);
    const octets = ics.split('\r\n').map((line) => Buffer.byteLength(line, 'utf8'));
    expect(Math.max(...octets)).toBeLessThanOrEqual(75);
    expect(Math.max(...octets)).toBeGreaterThanOrEqual(72);
    expect(ics).not.toContain('\ufffd');
    expect(parse(ics)[0]!.summary).toBe(summary);
  });

  it('folds a line of exactly 75 octets not at all, and one of 76 once', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  it('gives stable UIDs and the same bytes for the same data; ends lines in CRLF', () => {
    const a = icsCalendar('x', [event(), event({ uid: 'project-2@mixdesk.test', date: '2026-12-31' })]);
    expect(icsCalendar('x', [event(), event({ uid: 'project-2@mixdesk.test', date: '2026-12-31' })])).toBe(a);
    expect(a.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(a.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const events = parse(a);
    expect(events.map((e) => e.uid)).toEqual(['release-1@mixdesk.test', 'project-2@mixdesk.test']);
    expect(events[1]!.endDate.toString()).toBe('2027-01-01');
  });

  it('is an empty calendar when nothing is dated', () => {
    const ics = icsCalendar('x', []);
    expect(parse(ics)).toEqual([]);
    expect(ics).toContain('BEGIN:VCALENDAR');
  });
});
