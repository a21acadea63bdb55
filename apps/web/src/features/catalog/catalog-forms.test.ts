import {
  type Recording,
  RecordingInputSchema,
  type Release,
  ReleaseInputSchema,
  type Work,
  WorkInputSchema,
} from '@mixdesk/contract/catalog';
import { describe, expect, it } from 'vitest';
import {
  emptyCredit,
  emptyParty,
  linkedTo,
  recordingErrorsOf,
  recordingInputOf,
  recordingValuesOf,
  workInputOf,
  workValuesOf,
} from './credits-model';
import {
  EMPTY_RELEASE,
  moveRow,
  releaseErrorsOf,
  releaseInputOf,
  releaseValuesOf,
  renumber,
} from './release-model';

const party = { email: null, clientId: null, pro: '', ipi: null };
const work: Work = {
  _id: 'w1',
  title: 'Night Drive',
  iswc: 'T-034.524.680-1',
  writers: [
    { ...party, name: 'Ana Writer', role: 'composer', pro: 'PRS', shareBasisPoints: 3333 },
    { ...party, name: 'Ben Lyric', role: 'lyricist', email: 'ben@example.com', shareBasisPoints: 3334 },
  ],
  publishers: [{ ...party, name: 'Owl Songs', shareBasisPoints: 3333 }],
  splitsStatus: 'draft',
  agreement: null,
  recordings: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('the work form', () => {
  it('turns a stored work into the form and back into a body the contract accepts unchanged', () => {
    const body = workInputOf(workValuesOf(work));
    const parsed = WorkInputSchema.parse(body);
    expect(parsed.writers.map((w) => w.shareBasisPoints)).toEqual([3333, 3334]);
    expect(parsed.publishers[0]?.shareBasisPoints).toBe(3333);
    expect(parsed.writers[1]?.email).toBe('ben@example.com');
    expect(parsed.iswc).toBe(work.iswc);
  });

  it('sends a share that does not read as one so the server refuses it rather than guessing', () => {
    const values = workValuesOf(work);
    values.writers[0] = { ...values.writers[0]!, share: '33.333' };
    expect(WorkInputSchema.safeParse(workInputOf(values)).success).toBe(false);
  });

  it('keeps the client a writer or publisher is linked to from the stored work to the body sent', () => {
    const linked: Work = {
      ...work,
      writers: [{ ...work.writers[0]!, clientId: 'client-ana' }, work.writers[1]!],
      publishers: [{ ...work.publishers[0]!, clientId: 'client-owl' }],
    };
    const parsed = WorkInputSchema.parse(workInputOf(workValuesOf(linked)));
    expect(parsed.writers.map((w) => w.clientId)).toEqual(['client-ana', null]);
    expect(parsed.publishers[0]?.clientId).toBe('client-owl');
  });

  it('links a picked client (name and email filled), keeps the link when the name is edited, and unlinks', () => {
    const values = { ...workValuesOf(work), writers: [{ ...emptyParty(), share: '66.67' }] };
    const client = { _id: 'client-cy', name: 'Cy Client', email: 'cy@example.com' };
    values.writers[0] = { ...values.writers[0]!, ...linkedTo(client, values.writers[0]!.email) };
    values.writers[0] = { ...values.writers[0]!, name: 'Cy C. Client' };
    const sent = WorkInputSchema.parse(workInputOf(values)).writers[0];
    expect(sent).toMatchObject({ name: 'Cy C. Client', email: 'cy@example.com', clientId: 'client-cy' });
    values.writers[0] = { ...values.writers[0]!, clientId: null };
    expect(WorkInputSchema.parse(workInputOf(values)).writers[0]).toMatchObject({
      name: 'Cy C. Client',
      email: 'cy@example.com',
      clientId: null,
    });
  });

  it('keeps an email already typed when the picked client has none', () => {
    const picked = linkedTo({ _id: 'client-dee', name: 'Dee', email: '' }, 'dee@example.com');
    expect(picked).toEqual({ clientId: 'client-dee', name: 'Dee', email: 'dee@example.com' });
  });

  it('sends a new, empty party as one the contract refuses for its missing name', () => {
    const values = { ...workValuesOf(work), writers: [emptyParty()], publishers: [] };
    const result = WorkInputSchema.safeParse(workInputOf(values));
    expect(result.success).toBe(false);
  });
});

const recording: Recording = {
  projectId: 'p1',
  trackId: 't1',
  trackTitle: 'Night Drive',
  isrc: 'USRC17607839',
  workId: 'w1',
  artists: [
    { name: 'Tess', role: 'main' },
    { name: 'Guest', role: 'featured' },
  ],
  credits: [
    { name: 'Max', role: 'musician', instrument: 'Bass', roleText: '', email: null, clientId: null },
    { name: 'Kim', role: 'other', instrument: '', roleText: 'Whistling', email: null, clientId: null },
  ],
  masterOwners: [
    { name: 'Tess', email: 'tess@example.com', clientId: null, shareBasisPoints: 7500 },
    { name: 'Owl Records', email: null, clientId: null, shareBasisPoints: 2500 },
  ],
  bpm: 122.5,
  key: 'F#m',
  studio: 'Room 2',
  recordedOn: '2026-02-03',
  pLineYear: 2026,
  pLineOwner: 'Owl Records',
  splitsStatus: 'draft',
  agreement: null,
  saved: true,
  updatedAt: null,
};

describe('the recording form', () => {
  it('round-trips a stored recording into a body the contract accepts with the same values', () => {
    const parsed = RecordingInputSchema.parse(recordingInputOf(recordingValuesOf(recording), 'w1'));
    expect(parsed).toMatchObject({
      isrc: 'USRC17607839',
      workId: 'w1',
      bpm: 122.5,
      key: 'F#m',
      recordedOn: '2026-02-03',
      pLineYear: 2026,
      masterOwners: [{ shareBasisPoints: 7500 }, { shareBasisPoints: 2500 }],
    });
    expect(parsed.credits.map((c) => [c.role, c.instrument, c.roleText])).toEqual([
      ['musician', 'Bass', ''],
      ['other', '', 'Whistling'],
    ]);
  });

  it('keeps the client a credit or master owner is linked to from the stored recording to the body sent', () => {
    const linked: Recording = {
      ...recording,
      credits: [{ ...recording.credits[0]!, clientId: 'client-max' }, recording.credits[1]!],
      masterOwners: [recording.masterOwners[0]!, { ...recording.masterOwners[1]!, clientId: 'client-owl' }],
    };
    const parsed = RecordingInputSchema.parse(recordingInputOf(recordingValuesOf(linked), 'w1'));
    expect(parsed.credits.map((c) => c.clientId)).toEqual(['client-max', null]);
    expect(parsed.masterOwners.map((o) => o.clientId)).toEqual([null, 'client-owl']);
    const added = { ...emptyCredit(), ...linkedTo({ _id: 'client-kim', name: 'Kim', email: '' }, '') };
    const values = { ...recordingValuesOf(linked), credits: [added] };
    expect(RecordingInputSchema.parse(recordingInputOf(values, null)).credits[0]).toMatchObject({
      name: 'Kim',
      role: 'producer',
      email: null,
      clientId: 'client-kim',
    });
  });

  it('drops an instrument left over from a role that no longer needs it', () => {
    const values = recordingValuesOf(recording);
    values.credits[0] = { ...values.credits[0]!, role: 'producer' };
    expect(recordingInputOf(values, null).credits?.[0]).toMatchObject({ role: 'producer', instrument: '' });
  });

  it('refuses words typed as BPM or year before sending, and sends empty ones as null', () => {
    const values = { ...recordingValuesOf(recording), bpm: 'fast', pLineYear: '20.5' };
    expect(Object.keys(recordingErrorsOf(values)).sort()).toEqual(['bpm', 'pLineYear']);
    const blank = { ...values, bpm: '', pLineYear: '' };
    expect(recordingErrorsOf(blank)).toEqual({});
    expect(recordingInputOf(blank, null)).toMatchObject({ bpm: null, pLineYear: null });
  });
});

describe('the release form', () => {
  const row = (trackId: string, disc = '1', number = '') => ({
    projectId: 'p1',
    trackId,
    title: trackId,
    projectName: 'P',
    disc,
    number,
  });

  it('refuses a release with no tracks through the contract, and accepts one with a track', () => {
    expect(ReleaseInputSchema.safeParse(releaseInputOf({ ...EMPTY_RELEASE, title: 'EP' })).success).toBe(
      false,
    );
    const body = releaseInputOf({ ...EMPTY_RELEASE, title: 'EP', tracks: [row('a', '1', '1')] });
    expect(ReleaseInputSchema.parse(body).tracks).toEqual([
      { projectId: 'p1', trackId: 'a', disc: 1, number: 1 },
    ]);
  });

  it('round-trips a stored release', () => {
    const release: Release = {
      _id: 'r1',
      title: 'Night EP',
      type: 'ep',
      upc: '036000291452',
      label: 'Owl',
      catalogueNumber: 'OWL001',
      releaseDate: '2026-05-01',
      cLine: '2026 Owl',
      artwork: null,
      tracks: [
        { projectId: 'p1', trackId: 't1', disc: 1, number: 1, title: 'A', projectName: 'P', isrc: null },
      ],
      createdAt: '',
      updatedAt: '',
    };
    expect(ReleaseInputSchema.parse(releaseInputOf(releaseValuesOf(release)))).toMatchObject({
      title: 'Night EP',
      type: 'ep',
      upc: '036000291452',
      releaseDate: '2026-05-01',
      tracks: [{ trackId: 't1', disc: 1, number: 1 }],
    });
  });

  it('moves a track and numbers each disc again by place', () => {
    const rows = [row('a'), row('b'), row('c', '2'), row('d', '2')];
    expect(moveRow(rows, 0, 1).map((r) => r.trackId)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveRow(rows, 0, -1).map((r) => r.trackId)).toEqual(['a', 'b', 'c', 'd']);
    expect(moveRow(rows, 3, 4).map((r) => r.trackId)).toEqual(['a', 'b', 'c', 'd']);
    const numbered = renumber(moveRow(rows, 3, 2));
    expect(numbered.map((r) => `${r.trackId}:${r.disc}.${r.number}`)).toEqual([
      'a:1.1',
      'b:1.2',
      'd:2.1',
      'c:2.2',
    ]);
    expect(renumber([row('x', '')])[0]).toMatchObject({ disc: '1', number: '1' });
  });

  it('refuses a disc or number that is not a whole number before sending', () => {
    const values = { ...EMPTY_RELEASE, tracks: [row('a', 'one', '1.5')] };
    expect(releaseErrorsOf(values)).toEqual({
      'tracks.0.disc': 'Disc must be a whole number',
      'tracks.0.number': 'Track number must be a whole number',
    });
  });
});
