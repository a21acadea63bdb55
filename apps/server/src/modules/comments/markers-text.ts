// The two text formats of a marker export: an Audacity label track and a REAPER marker/region list. Both are
// UTF-8; each escapes a comment's words as its reader needs.
import type { Marker } from './markers-model.ts';

/**
 * Audacity's label track (File > Import > Labels): one line per label, `start<TAB>end<TAB>text`, times in
 * seconds with six decimals; a point label has start = end. A tab or a line break would end the field or the
 * line, so each becomes a space. No markers: an empty file, which Audacity imports as an empty label track.
 */
export function audacityLabels(markers: readonly Marker[]): string {
  return markers
    .map((m) => {
      const text = m.label.replace(/[\t\r\n]/g, ' ');
      return `${m.at.toFixed(6)}\t${(m.end ?? m.at).toFixed(6)}\t${text}\n`;
    })
    .join('');
}

/** Milliseconds as REAPER's Minutes:Seconds ruler writes them: `1:02.500`, `1:01:02.500` past an hour. */
export function reaperTime(ms: number): string {
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = ((ms % 60_000) / 1000).toFixed(3).padStart(6, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** One CSV field as RFC 4180 writes it: quoted (its quotes doubled) when it holds a quote, comma or line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * REAPER's Region/Marker Manager list (its Export… and Import… take the same file): the header
 * `#,Name,Start,End,Length`, then `M1, M2, …` for markers and `R1, R2, …` for regions, numbered apart in
 * timeline order. Times are written as REAPER writes them with its ruler in Minutes:Seconds (`m:ss.sss`, to
 * the millisecond) rather than as bars and beats, which would hang on the project's tempo; a marker leaves End
 * and Length empty, as REAPER's own export does. Rows end in CRLF and a name is quoted as RFC 4180 has it.
 */
export function reaperCsv(markers: readonly Marker[]): string {
  const rows = ['#,Name,Start,End,Length'];
  let points = 0;
  let regions = 0;
  for (const m of markers) {
    // Whole milliseconds first, so that End − Start is exactly the Length written.
    const start = Math.round(m.at * 1000);
    const name = csvField(m.label);
    if (m.end === null) {
      rows.push(`M${++points},${name},${reaperTime(start)},,`);
    } else {
      const end = Math.round(m.end * 1000);
      rows.push(`R${++regions},${name},${reaperTime(start)},${reaperTime(end)},${reaperTime(end - start)}`);
    }
  }
  return `${rows.join('\r\n')}\r\n`;
}
