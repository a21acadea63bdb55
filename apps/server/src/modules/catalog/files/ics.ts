// The release calendar as iCalendar (RFC 5545): one all-day VEVENT per dated release or project, for a calendar
// app that subscribes to the private feed. Text is escaped (backslash, semicolon, comma, line breaks), lines end
// in CRLF and are folded at 75 octets without splitting a UTF-8 character. Each event's UID is stable (made from
// what it is and its id), so a refresh updates events instead of duplicating them; DTSTAMP is the item's last
// change, so the same data gives the same bytes.

export interface CalendarEvent {
  /** Stable across refreshes: e.g. `release-<id>@<host>`. */
  uid: string;
  /** YYYY-MM-DD: the day the event takes. */
  date: string;
  summary: string;
  description?: string;
  url?: string;
  /** ISO timestamp of the item's last change. */
  updatedAt: string;
}

const CRLF = '\r\n';
const LINE_OCTETS = 75;

/** A TEXT value (RFC 5545 3.3.11). */
export const escapeIcsText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters may not appear in TEXT
    .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, ' ');

/** A content line folded into lines of at most 75 octets, each continuation starting with a space. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? LINE_OCTETS : LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const basicDate = (date: string) => date.replace(/-/g, '');

/** The day after a YYYY-MM-DD date: an all-day event's exclusive end. */
export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** An ISO timestamp as an iCalendar UTC date-time: 20260115T100000Z. */
const stamp = (iso: string) => {
  const d = new Date(iso);
  const valid = Number.isNaN(d.getTime()) ? new Date(0) : d;
  return `${valid.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
};

export function icsCalendar(name: string, events: readonly CalendarEvent[]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Mixdesk//Release calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeIcsText(name)}`,
  ];
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeIcsText(e.uid)}`,
      `DTSTAMP:${stamp(e.updatedAt)}`,
      `DTSTART;VALUE=DATE:${basicDate(e.date)}`,
      `DTEND;VALUE=DATE:${basicDate(nextDay(e.date))}`,
      `SUMMARY:${escapeIcsText(e.summary)}`,
    );
    if (e.description) lines.push(`DESCRIPTION:${escapeIcsText(e.description)}`);
    // A URI value is not TEXT: written as it is (it never holds a line break).
    if (e.url) lines.push(`URL:${e.url.replace(/[\r\n]/g, '')}`);
    lines.push('TRANSP:TRANSPARENT', 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
