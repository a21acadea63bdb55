// A release bundle for the file writers' tests: three tracks on two discs, one work recorded twice, every kind of
// party and credit, and text that tests the escaping of each format (XML's & < ", CSV's commas and quotes, a
// spreadsheet formula, Japanese and Arabic names the PDF must print).
import type { Recording, Work } from '@mixdesk/contract/catalog';
import type { BundleTrack, ReleaseBundle } from '../bundle.ts';

const STAMP = '2026-01-15T10:00:00.000Z';

export const sampleWork: Work = {
  _id: 'work-1',
  title: 'Intro, Part 1',
  iswc: 'T-123.456.789-4',
  writers: [
    {
      name: 'Ana Sousa',
      email: 'ana@example.com',
      clientId: null,
      role: 'composer_lyricist',
      pro: 'SPA',
      ipi: '00014107338',
      shareBasisPoints: 5000,
    },
    {
      name: '山田 太郎',
      email: null,
      clientId: null,
      role: 'composer',
      pro: 'JASRAC',
      ipi: '00256741845',
      shareBasisPoints: 2500,
    },
  ],
  publishers: [
    {
      name: '=HYPERLINK("x") Publishing',
      email: null,
      clientId: null,
      pro: 'PRS',
      ipi: '00432198758',
      shareBasisPoints: 2500,
    },
  ],
  splitsStatus: 'draft',
  agreement: null,
  recordings: [],
  createdAt: STAMP,
  updatedAt: STAMP,
};

const baseRecording = (projectId: string, trackId: string, trackTitle: string): Recording => ({
  projectId,
  trackId,
  trackTitle,
  isrc: null,
  workId: null,
  artists: [],
  credits: [],
  masterOwners: [],
  bpm: null,
  key: null,
  studio: '',
  recordedOn: null,
  pLineYear: null,
  pLineOwner: '',
  splitsStatus: 'draft',
  agreement: null,
  saved: true,
  updatedAt: STAMP,
});

const line = (
  trackId: string,
  disc: number,
  number: number,
  title: string,
  isrc: string | null,
): BundleTrack['line'] => ({
  projectId: 'project-1',
  trackId,
  disc,
  number,
  title,
  projectName: 'Night & Day sessions',
  isrc,
});

export function sampleBundle(): ReleaseBundle {
  const intro: BundleTrack = {
    line: line('track-1', 1, 1, 'Intro, Part 1', 'USRC17607839'),
    work: sampleWork,
    durationSeconds: null,
    recording: {
      ...baseRecording('project-1', 'track-1', 'Intro, Part 1'),
      isrc: 'USRC17607839',
      workId: 'work-1',
      artists: [
        { name: 'Ana Sousa', role: 'main' },
        { name: 'نور', role: 'featured' },
      ],
      credits: [
        {
          name: 'Sam "The Ear" Lee',
          role: 'producer',
          instrument: '',
          roleText: '',
          email: null,
          clientId: null,
        },
        {
          name: 'Kim Park',
          role: 'musician',
          instrument: 'Cello',
          roleText: '',
          email: 'kim@example.com',
          clientId: null,
        },
        {
          name: 'Lee <Jr>',
          role: 'other',
          instrument: '',
          roleText: 'Whistling',
          email: null,
          clientId: null,
        },
        { name: 'Ana Sousa', role: 'vocalist', instrument: '', roleText: '', email: null, clientId: null },
      ],
      masterOwners: [
        {
          name: 'Harbour Lights Records',
          email: 'label@example.com',
          clientId: null,
          shareBasisPoints: 7000,
        },
        { name: 'Ana Sousa', email: null, clientId: null, shareBasisPoints: 3000 },
      ],
      bpm: 92.5,
      key: 'F#m',
      studio: 'Studio A, Lisbon',
      recordedOn: '2025-11-02',
      pLineYear: 2026,
      pLineOwner: 'Harbour Lights Records',
    },
  };
  const interlude: BundleTrack = {
    line: line('track-2', 1, 2, '-Interlude-', null),
    work: null,
    durationSeconds: null,
    recording: baseRecording('project-1', 'track-2', '-Interlude-'),
  };
  const reprise: BundleTrack = {
    line: { ...line('track-3', 2, 1, 'Intro (Reprise)', 'GBAYE2600012'), projectName: 'B-sides' },
    work: sampleWork,
    durationSeconds: null,
    recording: {
      ...baseRecording('project-2', 'track-3', 'Intro (Reprise)'),
      isrc: 'GBAYE2600012',
      workId: 'work-1',
      artists: [{ name: 'Ana Sousa', role: 'main' }],
      credits: [
        {
          name: 'Jo Mix',
          role: 'mixing_engineer',
          instrument: '',
          roleText: '',
          email: null,
          clientId: null,
        },
      ],
      masterOwners: [
        { name: 'Harbour Lights Records', email: null, clientId: null, shareBasisPoints: 10000 },
      ],
      pLineYear: 2026,
      pLineOwner: 'Harbour Lights Records',
    },
  };
  reprise.line.projectId = 'project-2';
  return {
    owner: { id: 'user-1', name: 'Ana Sousa', email: 'ana@example.com' },
    release: {
      _id: 'release-1',
      title: 'Night & Day <Deluxe>',
      type: 'album',
      upc: '036000291452',
      label: 'Harbour "Lights" Records',
      catalogueNumber: 'HLR-001',
      releaseDate: '2026-03-20',
      cLine: '2026 Harbour Lights Records',
      artwork: null,
      tracks: [intro.line, interlude.line, reprise.line],
      createdAt: STAMP,
      updatedAt: STAMP,
    },
    tracks: [intro, interlude, reprise],
  };
}

/** A release of `count` tracks, each with its own work and a few credits: for sizes and timings. */
export function bigBundle(count: number): ReleaseBundle {
  const base = sampleBundle();
  const first = base.tracks[0]!;
  const tracks: BundleTrack[] = Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    const lineOf = { ...first.line, trackId: `track-${n}`, number: i + 1, title: `Song ${n}` };
    return {
      line: lineOf,
      work: { ...sampleWork, _id: `work-${n}`, title: `Song ${n}` },
      durationSeconds: 180 + i,
      recording: {
        ...first.recording,
        trackId: `track-${n}`,
        trackTitle: `Song ${n}`,
        isrc: `USRC1760${String(7800 + i)}`,
      },
    };
  });
  return { ...base, release: { ...base.release, tracks: tracks.map((t) => t.line) }, tracks };
}
