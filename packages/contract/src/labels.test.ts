// Every enum value the web shows has a label written out (issue #32: 'a_and_r' read "A And R"): each value of
// each enum has one, none is a mechanical spelling of an abbreviation, and the project helper reads them.
import { describe, expect, it } from 'vitest';
import { CLIENT_ROLE_LABELS, CLIENT_STATUS_LABELS, CLIENT_TYPE_LABELS } from './client-labels.ts';
import { CLIENT_ROLES, CLIENT_STATUSES, CLIENT_TYPES } from './clients.ts';
import {
  enumLabel,
  PROJECT_GENRE_LABELS,
  PROJECT_GENRES,
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  PROJECT_TYPE_LABELS,
  PROJECT_TYPES,
} from './projects.ts';

const maps = [
  ['client roles', CLIENT_ROLES, CLIENT_ROLE_LABELS],
  ['client types', CLIENT_TYPES, CLIENT_TYPE_LABELS],
  ['client statuses', CLIENT_STATUSES, CLIENT_STATUS_LABELS],
  ['project types', PROJECT_TYPES, PROJECT_TYPE_LABELS],
  ['project statuses', PROJECT_STATUSES, PROJECT_STATUS_LABELS],
  ['project genres', PROJECT_GENRES, PROJECT_GENRE_LABELS],
] as const;

describe('enum labels', () => {
  it.each(maps)('%s: one label per value, and nothing else', (_, values, labels) => {
    expect(Object.keys(labels).sort()).toEqual([...values].sort());
  });

  it.each(maps)('%s: no label is the value mechanically title-cased', (_, values, labels) => {
    const read = labels as Record<string, string>;
    for (const value of values) {
      const label = read[value]!;
      expect(label, value).not.toMatch(/_/);
      expect(label, value).toMatch(/^[A-Z]/);
      // "A And R", "R And B": an abbreviation spelled out word by word.
      expect(label, value).not.toMatch(/\bAnd\b|\band\b/);
    }
  });

  it('abbreviations read as people write them', () => {
    expect(CLIENT_ROLE_LABELS.a_and_r).toBe('A&R');
    expect(PROJECT_GENRE_LABELS.r_and_b).toBe('R&B');
    expect(PROJECT_TYPE_LABELS.ep).toBe('EP');
    expect(CLIENT_STATUS_LABELS.on_hold).toBe('On Hold');
  });

  it("the project helper reads the labels, and a value it does not know as the value's words", () => {
    expect(enumLabel('in_progress')).toBe('In progress');
    expect(enumLabel('hip_hop')).toBe('Hip-hop');
    expect(enumLabel('mixing')).toBe('Mixing');
    expect(enumLabel('on_tour')).toBe('On tour');
    expect(enumLabel('constructor')).toBe('Constructor');
  });
});
