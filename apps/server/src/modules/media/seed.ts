// Sample tracks, versions and files for the demo account, so its newest project has a running order to
// play: short synthesised clips go through the same upload path as real ones (stored, probed, waveform job).
import { Readable } from 'node:stream';
import type { CreateTrackInput } from '@mixdesk/contract/media';
import { CreateTrackSchema } from '@mixdesk/contract/media';
import type { Seeder } from '../../platform/context.ts';
import { projectsOwnedBy } from '../projects/public.ts';
import { uploadFile } from './files-service.ts';
import { createTrack } from './tracks-service.ts';
import type { IncomingUpload } from './upload.ts';
import { uploadVersion } from './versions-service.ts';

const TRACKS: (CreateTrackInput & { clips?: { label: string; root: number }[] })[] = [
  {
    title: 'Neon Tide',
    status: 'mixing',
    bpm: 118,
    musicalKey: 'Am',
    isrc: 'PT-N7H-26-00001',
    notes: 'Vocal comp from take 4. Ride the pad under the second chorus.',
    clips: [
      { label: 'Rough mix', root: 220 },
      { label: 'Mix v2', root: 220 },
    ],
  },
  {
    title: 'Glass Hours',
    status: 'recording',
    bpm: 96,
    musicalKey: 'F',
    clips: [{ label: 'Demo', root: 174.61 }],
  },
  { title: 'Static Bloom', status: 'writing', bpm: 124, musicalKey: 'C#m' },
  { title: 'Afterglow (Reprise)', status: 'idea' },
];

/** A few seconds of a plucked arpeggio, mono 16-bit at 22.05 kHz: small, and with a waveform worth seeing. */
export function demoClip(root: number, seconds = 8): Buffer {
  const rate = 22_050;
  const frames = Math.round(seconds * rate);
  const data = Buffer.alloc(frames * 2);
  const steps = [1, 1.25, 1.5, 2, 1.5, 1.25];
  const noteLength = Math.round(rate * 0.5);
  for (let i = 0; i < frames; i++) {
    const note = Math.floor(i / noteLength);
    const t = (i % noteLength) / rate;
    const hz = root * steps[note % steps.length]!;
    const envelope = Math.exp(-t * 5) * (0.55 + 0.35 * Math.sin((Math.PI * i) / frames));
    const v = Math.sin(2 * Math.PI * hz * t) + 0.3 * Math.sin(4 * Math.PI * hz * t);
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, v * envelope * 0.7)) * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** An upload made from bytes in memory, for seeding through the same path as HTTP uploads. */
function bytesUpload(
  bytes: Buffer,
  fileName: string,
  fields: Record<string, string>,
): () => Promise<IncomingUpload> {
  return async () => ({
    fields,
    fileName,
    stream: Readable.from([bytes]),
    truncated: () => false,
    discard: () => undefined,
  });
}

export const seedMedia: Seeder = async (ctx, demoUserId) => {
  const project = await projectsOwnedBy(ctx.db, demoUserId)
    .select('id')
    .orderBy('last_activity_at', 'desc')
    .executeTakeFirst();
  if (!project) return;
  for (const { clips = [], ...input } of TRACKS) {
    const { track } = await createTrack(ctx, demoUserId, project.id, CreateTrackSchema.parse(input));
    for (const [i, clip] of clips.entries()) {
      const fields = { label: clip.label, makeCurrent: 'true' };
      const name = `${track.title} - ${clip.label}.wav`;
      const ids = { projectId: project.id, trackId: track._id };
      await uploadVersion(
        ctx,
        demoUserId,
        ids,
        bytesUpload(demoClip(clip.root * (1 + i * 0.5)), name, fields),
      );
    }
  }
  const lyrics =
    'Neon Tide\n\nVerse 1\nLights on the water, the city exhales\nWe drift past the harbour, unfurling our sails\n';
  await uploadFile(
    ctx,
    demoUserId,
    project.id,
    bytesUpload(Buffer.from(lyrics), 'Neon Tide - lyrics.txt', { category: 'lyrics' }),
  );
};
