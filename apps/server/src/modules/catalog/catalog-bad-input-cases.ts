// The bad inputs of works, recordings and releases (issue #37) as a table: each case's name, body, the status
// it must be refused with and words its message must hold. catalog-bad-input.test.ts runs them.
import { publisher, recordingBody, releaseBody, workBody, writer } from './catalog-testing.ts';

type Ref = { projectId: string; trackId: string };

export const shares = (...bp: number[]) => ({
  writers: bp.slice(0, 1).map((s) => writer({ shareBasisPoints: s })),
  publishers: bp.slice(1).map((s) => publisher({ shareBasisPoints: s })),
});

export type Case = [name: string, body: object, status: number, message: string];

export const WORK_CASES: Case[] = [
  [
    'an ISWC with a wrong check digit',
    workBody({ iswc: 'T-034.524.680-2' }),
    400,
    'ISWC check digit is wrong: the last digit should be 1',
  ],
  [
    'an ISWC with 9 digits',
    workBody({ iswc: 'T-034.524.68-1' }),
    400,
    'ISWC must have 10 digits after the T (this has 9)',
  ],
  [
    'an ISWC with 11 digits',
    workBody({ iswc: 'T-034.524.680-12' }),
    400,
    'ISWC must have 10 digits after the T (this has 11)',
  ],
  [
    'an ISWC with a letter',
    workBody({ iswc: 'T-03A.524.680-1' }),
    400,
    'ISWC must be T followed by 10 digits',
  ],
  ['an ISWC without its T', workBody({ iswc: '034.524.680-1' }), 400, 'ISWC must start with T'],
  [
    'an IPI with wrong check digits',
    workBody({ writers: [writer({ ipi: '00014107339' })] }),
    400,
    'IPI check digits are wrong: the last two digits should be 38',
  ],
  [
    'an IPI of 12 digits',
    workBody({ writers: [writer({ ipi: '000141073380' })] }),
    400,
    'IPI must be 9 to 11 digits (this has 12)',
  ],
  [
    'an IPI of 4 digits',
    workBody({ writers: [writer({ ipi: '1234' })] }),
    400,
    'IPI must be 9 to 11 digits (this has 4)',
  ],
  [
    'an IPI with a letter',
    workBody({ writers: [writer({ ipi: '0001410733X' })] }),
    400,
    'IPI must be digits only',
  ],
  [
    "a publisher's IPI with wrong check digits",
    workBody({ publishers: [publisher({ ipi: '00014107337' })] }),
    400,
    'IPI check digits are wrong',
  ],
  ['shares totalling 9,999', workBody(shares(5000, 4999)), 400, 'they total 9,999 (99.99 %)'],
  ['shares totalling 10,001', workBody(shares(5000, 5001)), 400, 'they total 10,001 (100.01 %)'],
  ['a negative share', workBody(shares(-1, 10_000)), 400, 'Share must not be negative'],
  [
    'a fractional share',
    workBody(shares(5000.5, 4999.5)),
    400,
    'Share must be a whole number of basis points',
  ],
  ['a share over 10,000', workBody(shares(10_001)), 400, 'Share must be at most 10,000 basis points'],
  [
    'a share given as text',
    workBody({ writers: [writer({ shareBasisPoints: '10000' })], publishers: [] }),
    400,
    'Share must be a number of basis points',
  ],
  [
    'a share left out',
    workBody({ writers: [writer({ shareBasisPoints: undefined })], publishers: [] }),
    400,
    'Share is required',
  ],
  [
    'a writer role not on the list',
    workBody({ writers: [writer({ role: 'singer' })] }),
    400,
    'Writer role must be one of: composer, lyricist, composer_lyricist, arranger',
  ],
  ['a writer without a name', workBody({ writers: [writer({ name: '   ' })] }), 400, 'Name is required'],
  [
    'a writer name with a text-direction override',
    workBody({ writers: [writer({ name: 'Ada\u202eWriter' })] }),
    400,
    'Name must not contain control or text-direction characters',
  ],
  [
    "a writer's email that is not one",
    workBody({ writers: [writer({ email: 'ada@' })] }),
    400,
    'Enter a valid email address',
  ],
  ['a work without a title', workBody({ title: '' }), 400, 'Title is required'],
  [
    'a title of 201 characters',
    workBody({ title: 'x'.repeat(201) }),
    400,
    'Title must be at most 200 characters',
  ],
  ['writers that are not a list', workBody({ writers: 'Ada' }), 400, 'Writers must be a list'],
  [
    '51 writers',
    workBody({
      writers: Array.from({ length: 51 }, (_, i) =>
        writer({ name: `W${i}`, shareBasisPoints: i === 0 ? 10_000 : 0 }),
      ),
      publishers: [],
    }),
    400,
    'A work can list at most 50 writers',
  ],
  ['a field the contract does not have', { ...workBody(), lyrics: 'la la' }, 400, 'Unknown field'],
  [
    'a client who is not mine',
    workBody({ writers: [writer({ clientId: '0b9c3a4e-1111-4a4a-8b8b-123456789abc' })] }),
    400,
    'Ada Writer: client not found in your clients',
  ],
];

export const RECORDING_CASES: Case[] = [
  [
    'an ISRC of 11 characters',
    recordingBody({ isrc: 'USRC1760783' }),
    400,
    'ISRC must be 12 characters CCXXXYYNNNNN (this has 11)',
  ],
  [
    'an ISRC of 13 characters',
    recordingBody({ isrc: 'USRC176078390' }),
    400,
    'ISRC must be 12 characters CCXXXYYNNNNN (this has 13)',
  ],
  [
    'an ISRC whose country is digits',
    recordingBody({ isrc: '12RC17607839' }),
    400,
    'ISRC must start with a two-letter country code',
  ],
  [
    'an ISRC whose registrant has a symbol',
    recordingBody({ isrc: 'USR$17607839' }),
    400,
    'ISRC characters 3 to 5 (the registrant code) must be letters or digits',
  ],
  [
    'an ISRC whose year has a letter',
    recordingBody({ isrc: 'USRC1A607839' }),
    400,
    'ISRC characters 6 and 7 (the year) must be digits',
  ],
  [
    'an ISRC whose designation has a letter',
    recordingBody({ isrc: 'USRC176078A9' }),
    400,
    'ISRC characters 8 to 12 (the designation code) must be digits',
  ],
  [
    'master shares totalling 9,999',
    recordingBody({ masterOwners: [{ name: 'A', shareBasisPoints: 9999 }] }),
    400,
    'Master owner shares must total exactly 10,000 basis points (100 %); they total 9,999',
  ],
  [
    'master shares totalling 10,001',
    recordingBody({
      masterOwners: [
        { name: 'A', shareBasisPoints: 5001 },
        { name: 'B', shareBasisPoints: 5000 },
      ],
    }),
    400,
    'they total 10,001',
  ],
  [
    'a negative master share',
    recordingBody({ masterOwners: [{ name: 'A', shareBasisPoints: -5 }] }),
    400,
    'Share must not be negative',
  ],
  [
    'a musician without an instrument',
    recordingBody({ credits: [{ name: 'Gus', role: 'musician' }] }),
    400,
    'A musician credit needs the instrument played',
  ],
  [
    'an "other" credit without its role',
    recordingBody({ credits: [{ name: 'Sam', role: 'other' }] }),
    400,
    'An "other" credit needs its role written out',
  ],
  [
    'a credit role not on the list',
    recordingBody({ credits: [{ name: 'Sam', role: 'caterer' }] }),
    400,
    'Credit role must be one of',
  ],
  [
    'an artist role not on the list',
    recordingBody({ artists: [{ name: 'X', role: 'guest' }] }),
    400,
    'Artist role must be "main" or "featured"',
  ],
  ['a BPM of 19', recordingBody({ bpm: 19 }), 400, 'BPM must be between 20 and 999'],
  ['a BPM of 1000', recordingBody({ bpm: 1000 }), 400, 'BPM must be between 20 and 999'],
  [
    'a key that is not one',
    recordingBody({ key: 'H' }),
    400,
    'Key must be one of the 24 major and minor keys',
  ],
  [
    'a recording date that does not exist',
    recordingBody({ recordedOn: '2026-02-30' }),
    400,
    'Recording date must be a date (YYYY-MM-DD)',
  ],
  [
    'a P-line year of 1899',
    recordingBody({ pLineYear: 1899 }),
    400,
    'P-line year must be between 1900 and 2100',
  ],
  ['a fractional P-line year', recordingBody({ pLineYear: 2026.5 }), 400, 'P-line year must be a whole year'],
  [
    '201 credits',
    recordingBody({ credits: Array.from({ length: 201 }, (_, i) => ({ name: `C${i}`, role: 'producer' })) }),
    400,
    'A recording can list at most 200 credits',
  ],
  [
    'a work that does not exist',
    recordingBody({ workId: '0b9c3a4e-1111-4a4a-8b8b-123456789abc' }),
    404,
    'Work not found',
  ],
];

export interface Refs {
  track: Ref;
  other: Ref;
  theirs: Ref;
}

/** Each body is made from the test's tracks, made before the cases run. */
export const RELEASE_CASES: Array<[string, (r: Refs) => object, number, string]> = [
  [
    'a UPC with a wrong check digit',
    (r) => releaseBody([r.track], { upc: '036000291453' }),
    400,
    'UPC/EAN check digit is wrong: the last digit should be 2',
  ],
  [
    'an EAN with a wrong check digit',
    (r) => releaseBody([r.track], { upc: '4006381333932' }),
    400,
    'UPC/EAN check digit is wrong: the last digit should be 1',
  ],
  [
    'a UPC of 11 digits',
    (r) => releaseBody([r.track], { upc: '03600029145' }),
    400,
    'UPC/EAN must be 12 digits (UPC) or 13 digits (EAN) (this has 11)',
  ],
  ['a barcode of 14 digits', (r) => releaseBody([r.track], { upc: '40063813339310' }), 400, '(this has 14)'],
  [
    'a UPC with a letter',
    (r) => releaseBody([r.track], { upc: '03600029145A' }),
    400,
    'UPC/EAN must be digits only',
  ],
  ['a release with no tracks', () => releaseBody([]), 400, 'A release needs at least one track'],
  [
    'a release without its track list',
    (r) => ({ ...releaseBody([r.track]), tracks: undefined }),
    400,
    'Tracks must be a list of recordings',
  ],
  [
    'a release type not on the list',
    (r) => releaseBody([r.track], { type: 'mixtape' }),
    400,
    'Release type must be one of: single, ep, album, compilation',
  ],
  [
    'a release date that does not exist',
    (r) => releaseBody([r.track], { releaseDate: '2027-13-01' }),
    400,
    'Release date must be a date (YYYY-MM-DD)',
  ],
  [
    'the same track twice',
    (r) => releaseBody([r.track, r.other, r.track]),
    400,
    'Track 3 is already on this release',
  ],
  ['disc 0', (r) => releaseBody([{ ...r.track, disc: 0 }]), 400, 'Disc must be 1 or more'],
  [
    'track number 1000',
    (r) => releaseBody([{ ...r.track, number: 1000 }]),
    400,
    'Track number must be at most 999',
  ],
  [
    "a stranger's track",
    (r) => releaseBody([r.track, r.theirs]),
    400,
    'Track 2: no such track in your projects',
  ],
  [
    'a track id that is not an id',
    (r) => releaseBody([{ projectId: r.track.projectId, trackId: 'nope' }]),
    400,
    'Track 1: no such track in your projects',
  ],
  [
    '501 tracks',
    (r) => releaseBody(Array.from({ length: 501 }, () => r.track)),
    400,
    'A release can hold at most 500 tracks',
  ],
];
