// "Ready to deliver" (issue #37): every missing or invalid field across a release, its recordings and their
// works, each with the field it is about and what to do. Read from a ReleaseBundle alone (pure), so the
// answer is the same wherever it is asked.
import { type Problem, SHARE_TOTAL, SPLITS_STATUS_LABELS } from '@mixdesk/contract/catalog';
import { checkIpi, checkIsrc, checkIswc, checkUpc } from '@mixdesk/contract/catalog-codes';
import type { BundleTrack, ReleaseBundle } from './bundle.ts';

/** Most tracks each type may hold, as the stores count them (a single up to 3, an EP up to 6). */
const TRACKS_AT_MOST = { single: 3, ep: 6 } as const;

function releaseProblems({ release }: ReleaseBundle): Problem[] {
  const problems: Problem[] = [];
  const missing = (field: string, what: string) => problems.push({ field, message: `${what} is missing` });
  if (!release.upc) missing('upc', 'UPC/EAN');
  else {
    const upc = checkUpc(release.upc);
    if (!upc.ok) problems.push({ field: 'upc', message: upc.message });
  }
  if (!release.label) missing('label', 'Label');
  if (!release.catalogueNumber) missing('catalogueNumber', 'Catalogue number');
  if (!release.releaseDate) missing('releaseDate', 'Release date');
  if (!release.cLine) missing('cLine', 'C-line (© year and owner)');
  if (!release.artwork) missing('artwork', 'Artwork (a square JPEG or PNG, 1400 to 6000 px)');
  if (release.tracks.length === 0)
    problems.push({ field: 'tracks', message: 'A release needs at least one track' });
  const most = TRACKS_AT_MOST[release.type as keyof typeof TRACKS_AT_MOST];
  if (most !== undefined && release.tracks.length > most)
    problems.push({
      field: 'type',
      message: `A${release.type === 'ep' ? 'n EP' : ' single'} holds at most ${most} tracks; this one has ${release.tracks.length}`,
    });
  const seen = new Map<string, number>();
  release.tracks.forEach((t, i) => {
    const at = `${t.disc}-${t.number}`;
    const first = seen.get(at);
    if (first !== undefined)
      problems.push({
        field: `tracks[${i}].number`,
        message: `Track ${i + 1} has the same disc and number (${t.disc}/${t.number}) as track ${first + 1}`,
      });
    else seen.set(at, i);
  });
  return problems;
}

function recordingProblems(t: BundleTrack, i: number): Problem[] {
  const problems: Problem[] = [];
  const name = `Track ${i + 1} "${t.line.title}"`;
  const at = (field: string) => `tracks[${i}].recording.${field}`;
  const { recording } = t;
  if (!recording.saved)
    problems.push({ field: `tracks[${i}].recording`, message: `${name}: its credits were never filled in` });
  if (!recording.isrc) problems.push({ field: at('isrc'), message: `${name}: ISRC is missing` });
  else {
    const isrc = checkIsrc(recording.isrc);
    if (!isrc.ok) problems.push({ field: at('isrc'), message: `${name}: ${isrc.message}` });
  }
  if (!recording.artists.some((a) => a.role === 'main'))
    problems.push({ field: at('artists'), message: `${name}: no main artist` });
  if (recording.masterOwners.length === 0)
    problems.push({ field: at('masterOwners'), message: `${name}: no master owner` });
  else if (recording.masterOwners.reduce((s, o) => s + o.shareBasisPoints, 0) !== SHARE_TOTAL)
    problems.push({ field: at('masterOwners'), message: `${name}: master shares do not total 100 %` });
  else if (recording.splitsStatus !== 'agreed')
    problems.push({
      field: at('splitsStatus'),
      message: `${name}: master split not agreed by every owner (${SPLITS_STATUS_LABELS[recording.splitsStatus]})`,
    });
  if (recording.pLineYear === null)
    problems.push({ field: at('pLineYear'), message: `${name}: P-line year is missing` });
  if (!recording.pLineOwner)
    problems.push({ field: at('pLineOwner'), message: `${name}: P-line owner is missing` });
  return problems;
}

function workProblems(t: BundleTrack, i: number): Problem[] {
  const name = `Track ${i + 1} "${t.line.title}"`;
  const at = (field: string) => `tracks[${i}].work.${field}`;
  const { work } = t;
  if (!work) return [{ field: `tracks[${i}].work`, message: `${name}: no work (composition) is linked` }];
  const problems: Problem[] = [];
  if (!work.iswc) problems.push({ field: at('iswc'), message: `${name}: work "${work.title}" has no ISWC` });
  else {
    const iswc = checkIswc(work.iswc);
    if (!iswc.ok) problems.push({ field: at('iswc'), message: `${name}: ${iswc.message}` });
  }
  if (work.writers.length === 0)
    problems.push({ field: at('writers'), message: `${name}: work "${work.title}" has no writers` });
  work.writers.forEach((w, j) => {
    if (!w.pro)
      problems.push({ field: at(`writers[${j}].pro`), message: `${name}: writer ${w.name} has no PRO` });
    if (!w.ipi)
      problems.push({ field: at(`writers[${j}].ipi`), message: `${name}: writer ${w.name} has no IPI` });
    else if (!checkIpi(w.ipi).ok)
      problems.push({
        field: at(`writers[${j}].ipi`),
        message: `${name}: writer ${w.name} has an invalid IPI`,
      });
  });
  const parties = [...work.writers, ...work.publishers];
  if (parties.length > 0 && parties.reduce((s, p) => s + p.shareBasisPoints, 0) !== SHARE_TOTAL)
    problems.push({
      field: at('writers'),
      message: `${name}: writer and publisher shares do not total 100 %`,
    });
  else if (parties.length > 0 && work.splitsStatus !== 'agreed')
    problems.push({
      field: at('splitsStatus'),
      message: `${name}: songwriting split not agreed by every party (${SPLITS_STATUS_LABELS[work.splitsStatus]})`,
    });
  return problems;
}

export function readinessOf(bundle: ReleaseBundle): Problem[] {
  return [
    ...releaseProblems(bundle),
    ...bundle.tracks.flatMap((t, i) => [...recordingProblems(t, i), ...workProblems(t, i)]),
  ];
}
