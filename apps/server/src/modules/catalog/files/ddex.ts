// A release as a DDEX ERN 4.3-style NewReleaseMessage: what a distributor's ingestion reads. The header names the
// account holder as sender; PartyList holds every person and company once (artists, credits, writers,
// publishers, master owners, the label), referred to as P1, P2, …; ResourceList has a SoundRecording per track
// (ISRC, P-line, ISWC, display artists, contributors with their DDEX roles, master owners as rights controllers
// with their percentage); ReleaseList has the release (UPC/EAN as ICPN, catalogue number, title, label, C-line,
// release date) with its tracks grouped by disc. No DealList: commercial terms are the distributor's.
// Deterministic: the same bundle, message id and time give the same bytes. Fields the data lacks (genre, a
// duration never measured) are left out rather than invented, so a strict validator names exactly those.
import { CREDIT_ROLE_LABELS, type CreditRole, type WriterRole } from '@mixdesk/contract/catalog';
import type { BundleTrack, ReleaseBundle } from '../bundle.ts';
import { el, type XmlElement, xmlDocument } from './xml.ts';

export const ERN_NAMESPACE = 'http://ddex.net/xml/ern/43';

export interface DdexOptions {
  /** Unique per message sent (the route makes one per download). */
  messageId: string;
  /** ISO timestamp of the message. */
  createdAt: string;
  /** The recipient's DDEX party id (DPID) and name, when known; the sender's own otherwise. */
  recipient?: { partyId: string; name: string };
}

const RELEASE_TYPES = { single: 'Single', ep: 'EP', album: 'Album', compilation: 'Album' } as const;

const WRITER_ROLES: Record<WriterRole, string> = {
  composer: 'Composer',
  lyricist: 'Lyricist',
  composer_lyricist: 'ComposerLyricist',
  arranger: 'Arranger',
};

/** Mixdesk's credit roles as DDEX ContributorRole values; `other` is UserDefined with its text. */
const CREDIT_ROLES: Record<Exclude<CreditRole, 'other'>, string> = {
  producer: 'StudioProducer',
  co_producer: 'CoProducer',
  mixing_engineer: 'MixingEngineer',
  mastering_engineer: 'MasteringEngineer',
  recording_engineer: 'RecordingEngineer',
  assistant_engineer: 'AssistantEngineer',
  musician: 'Musician',
  vocalist: 'Vocalist',
  programmer: 'Programmer',
  arranger: 'Arranger',
};

/** Basis points as a DDEX percentage: 3333 → "33.33". */
const percentage = (bp: number) => (bp / 100).toFixed(2).replace(/\.?0+$/, '');

/** ISWC as DDEX carries it: `T1234567894`, without the dots and hyphens of its printed form. */
const compactIswc = (iswc: string) => iswc.replace(/[^T0-9]/g, '');

/** ISO 8601 duration of whole seconds: 200 → PT3M20S. */
export function isoDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `PT${h ? `${h}H` : ''}${h || m ? `${m}M` : ''}${s}S`;
}

/** A track's length when the bundle carries one (the current version's duration). */
const durationOf = (track: BundleTrack) => track.durationSeconds;

/** Every party once, in order of first mention, each with its reference. */
class Parties {
  private readonly byKey = new Map<string, { ref: string; name: string; ipi: string | null }>();

  /** The same name is one party; it takes an IPI from any mention, and a second, different IPI is another. */
  ref(name: string, ipi: string | null = null): string {
    const named = this.byKey.get(name);
    if (named && (ipi === null || named.ipi === null || named.ipi === ipi)) {
      named.ipi ??= ipi;
      return named.ref;
    }
    const key = named ? `${name}\u0000${ipi}` : name;
    let party = this.byKey.get(key);
    if (!party) {
      party = { ref: `P${this.byKey.size + 1}`, name, ipi };
      this.byKey.set(key, party);
    }
    return party.ref;
  }

  list(): XmlElement {
    return el(
      'PartyList',
      [...this.byKey.values()].map((p) =>
        el('Party', [
          el('PartyReference', p.ref),
          el('PartyName', [el('FullName', p.name)]),
          p.ipi ? el('PartyId', [el('IpiNameNumber', p.ipi)]) : null,
        ]),
      ),
    );
  }
}

const displayTitle = (title: string) => [
  el('DisplayTitleText', title),
  el('DisplayTitle', [el('TitleText', title)]),
];

type Artists = ReadonlyArray<{ name: string; role: 'main' | 'featured' }>;

/** "Ana Sousa feat. Nour": main artists joined, then the featured ones. */
function displayArtistName(artists: Artists) {
  const main = artists.filter((a) => a.role === 'main').map((a) => a.name);
  const featured = artists.filter((a) => a.role === 'featured').map((a) => a.name);
  const name = main.join(' & ');
  return featured.length > 0 ? `${name} feat. ${featured.join(' & ')}` : name;
}

function displayArtists(parties: Parties, artists: Artists) {
  return artists.map((a, i) =>
    el(
      'DisplayArtist',
      [
        el('ArtistPartyReference', parties.ref(a.name)),
        el('DisplayArtistRole', a.role === 'main' ? 'MainArtist' : 'FeaturedArtist'),
      ],
      [['SequenceNumber', String(i + 1)]],
    ),
  );
}

function contributors(parties: Parties, track: BundleTrack): XmlElement[] {
  const out: XmlElement[] = [];
  const add = (partyRef: string, role: XmlElement, instrument?: XmlElement) =>
    out.push(
      el(
        'Contributor',
        [el('ContributorPartyReference', partyRef), role, instrument ?? null],
        [['SequenceNumber', String(out.length + 1)]],
      ),
    );
  for (const w of track.work?.writers ?? [])
    add(parties.ref(w.name, w.ipi), el('Role', WRITER_ROLES[w.role]));
  for (const p of track.work?.publishers ?? []) add(parties.ref(p.name, p.ipi), el('Role', 'MusicPublisher'));
  for (const c of track.recording.credits) {
    const role =
      c.role === 'other'
        ? el('Role', 'UserDefined', [['UserDefinedValue', c.roleText || CREDIT_ROLE_LABELS.other]])
        : el('Role', CREDIT_ROLES[c.role]);
    const instrument =
      c.role === 'musician' && c.instrument
        ? el('InstrumentType', 'UserDefined', [['UserDefinedValue', c.instrument]])
        : undefined;
    add(parties.ref(c.name), role, instrument);
  }
  return out;
}

function soundRecording(parties: Parties, track: BundleTrack, ref: string, releaseBy: Artists): XmlElement {
  const { recording, work, line } = track;
  // A recording that lists no artist is by the release's artists.
  const artists = recording.artists.length > 0 ? recording.artists : releaseBy;
  const pLine =
    recording.pLineOwner || recording.pLineYear
      ? el('PLine', [
          recording.pLineYear ? el('Year', String(recording.pLineYear)) : null,
          recording.pLineOwner ? el('PLineCompany', recording.pLineOwner) : null,
          el('PLineText', ['℗', recording.pLineYear, recording.pLineOwner].filter(Boolean).join(' ')),
        ])
      : null;
  const duration = durationOf(track);
  return el('SoundRecording', [
    el('ResourceReference', ref),
    el('Type', 'MusicalWorkSoundRecording'),
    el('SoundRecordingEdition', [
      el('ResourceId', recording.isrc ? [el('ISRC', recording.isrc)] : undefined),
      pLine,
    ]),
    work?.iswc ? el('WorkId', [el('ISWC', compactIswc(work.iswc))]) : null,
    ...displayTitle(line.title),
    el('DisplayArtistName', displayArtistName(artists)),
    ...displayArtists(parties, artists),
    ...contributors(parties, track),
    ...recording.masterOwners.map((o, i) =>
      el(
        'ResourceRightsController',
        [
          el('RightsControllerPartyReference', parties.ref(o.name)),
          el('RightsControlType', 'RightsController'),
          el('RightSharePercentage', percentage(o.shareBasisPoints)),
        ],
        [['SequenceNumber', String(i + 1)]],
      ),
    ),
    duration !== null ? el('Duration', isoDuration(duration)) : null,
    recording.recordedOn ? el('CreationDate', recording.recordedOn) : null,
    el('ParentalWarningType', 'NoAdviceAvailable'),
  ]);
}

/** The release's artists: every track's main artists, each once, in order; else the account holder. */
function releaseArtists(bundle: ReleaseBundle): Artists {
  const seen = new Set<string>();
  const out: Array<{ name: string; role: 'main' }> = [];
  for (const t of bundle.tracks)
    for (const a of t.recording.artists)
      if (a.role === 'main' && !seen.has(a.name)) {
        seen.add(a.name);
        out.push({ name: a.name, role: 'main' });
      }
  return out.length > 0 ? out : [{ name: bundle.owner.name, role: 'main' }];
}

function resourceGroup(bundle: ReleaseBundle, refs: string[]): XmlElement {
  const discs = [...new Set(bundle.tracks.map((t) => t.line.disc))].sort((a, b) => a - b);
  return el(
    'ResourceGroup',
    discs.map((disc) =>
      el('ResourceGroup', [
        el('SequenceNumber', String(disc)),
        ...bundle.tracks
          .map((t, i) => ({ t, ref: refs[i]! }))
          .filter(({ t }) => t.line.disc === disc)
          .map(({ t, ref }) =>
            el('ResourceGroupContentItem', [
              el('SequenceNumber', String(t.line.number)),
              el('ReleaseResourceReference', ref),
            ]),
          ),
      ]),
    ),
  );
}

function release(bundle: ReleaseBundle, parties: Parties, refs: string[], artists: Artists): XmlElement {
  const r = bundle.release;
  const various = r.type === 'compilation';
  return el('Release', [
    el('ReleaseReference', 'R0'),
    el('ReleaseType', RELEASE_TYPES[r.type]),
    el('ReleaseId', [
      r.upc ? el('ICPN', r.upc) : null,
      r.catalogueNumber ? el('CatalogNumber', r.catalogueNumber, [['Namespace', r.label || 'Label']]) : null,
    ]),
    ...displayTitle(r.title),
    el('DisplayArtistName', various ? 'Various Artists' : displayArtistName(artists)),
    ...displayArtists(parties, artists),
    r.label ? el('ReleaseLabelReference', parties.ref(r.label)) : null,
    r.cLine ? el('CLine', [el('CLineText', r.cLine.startsWith('©') ? r.cLine : `© ${r.cLine}`)]) : null,
    r.releaseDate ? el('ReleaseDate', r.releaseDate) : null,
    el('ParentalWarningType', 'NoAdviceAvailable'),
    various ? el('IsMultiArtistCompilation', 'true') : null,
    resourceGroup(bundle, refs),
  ]);
}

/** The NewReleaseMessage's XML. */
export function ddexMessage(bundle: ReleaseBundle, options: DdexOptions): string {
  const parties = new Parties();
  const refs = bundle.tracks.map((_, i) => `A${i + 1}`);
  // Release first, so its artists and label are the first parties listed.
  const artists = releaseArtists(bundle);
  const releaseElement = release(bundle, parties, refs, artists);
  const recordings = bundle.tracks.map((t, i) => soundRecording(parties, t, refs[i]!, artists));
  const sender = el('MessageSender', [
    el('PartyId', `Mixdesk-${bundle.owner.id}`),
    el('PartyName', [el('FullName', bundle.owner.name)]),
  ]);
  const recipient = options.recipient
    ? el('MessageRecipient', [
        el('PartyId', options.recipient.partyId),
        el('PartyName', [el('FullName', options.recipient.name)]),
      ])
    : null;
  return xmlDocument(
    el(
      'ern:NewReleaseMessage',
      [
        el('MessageHeader', [
          el('MessageThreadId', options.messageId),
          el('MessageId', options.messageId),
          sender,
          recipient,
          el('MessageCreatedDateTime', options.createdAt),
          el('MessageControlType', 'LiveMessage'),
        ]),
        parties.list(),
        el('ResourceList', recordings),
        el('ReleaseList', [releaseElement]),
      ],
      [
        ['xmlns:ern', ERN_NAMESPACE],
        ['LanguageAndScriptCode', 'en'],
        ['AvsVersionId', '4'],
      ],
    ),
  );
}
