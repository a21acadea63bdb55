// The demo account's catalogue: the first owned project with two or more tracks gets a work and a recording per
// track (writers, publisher, credits, master owners, codes) and an EP release of those tracks, so the Credits tab
// and the Releases screen open on something real. Splits stay drafts: the demo has no one to agree with.

import { RecordingInputSchema, ReleaseInputSchema, WorkInputSchema } from '@mixdesk/contract/catalog';
import { gtinCheckDigit } from '@mixdesk/contract/catalog-codes';
import type { Seeder } from '../../platform/context.ts';
import { findTrackRow, trackIdsInOrder } from '../media/public.ts';
import { projectsOwnedBy } from '../projects/public.ts';
import { saveRecording } from './recordings.ts';
import { createRelease } from './releases.ts';
import { createWork } from './works.ts';

export const seedCatalog: Seeder = async (ctx, demoUserId) => {
  const projects = await projectsOwnedBy(ctx.db, demoUserId)
    .select(['id', 'title'])
    .orderBy('created_at', 'desc')
    .execute();
  for (const project of projects) {
    const trackIds = (await trackIdsInOrder(ctx.db, project.id)).slice(0, 2);
    if (trackIds.length < 2) continue;
    for (const [i, trackId] of trackIds.entries()) {
      const track = await findTrackRow(ctx.db, project.id, trackId);
      const work = await createWork(
        ctx,
        demoUserId,
        WorkInputSchema.parse({
          title: track?.title ?? `Track ${i + 1}`,
          writers: [
            { name: 'Demo Producer', role: 'composer', pro: 'ASCAP', shareBasisPoints: 3750 },
            {
              name: 'Maya Chen',
              role: 'lyricist',
              pro: 'BMI',
              email: 'maya@mayachenmusic.com',
              shareBasisPoints: 3750,
            },
          ],
          publishers: [{ name: 'Neon Harbor Publishing', pro: 'ASCAP', shareBasisPoints: 2500 }],
        }),
      );
      await saveRecording(
        ctx,
        demoUserId,
        project.id,
        trackId,
        RecordingInputSchema.parse({
          isrc: `QZDEM260000${i + 1}`,
          workId: work._id,
          artists: [{ name: 'Maya Chen', role: 'main' }],
          credits: [
            { name: 'Demo Producer', role: 'producer' },
            { name: 'Sam Okafor', role: 'mixing_engineer' },
            { name: 'Lena Vogel', role: 'musician', instrument: 'Synthesizer' },
          ],
          masterOwners: [
            { name: 'Neon Harbor Records', shareBasisPoints: 8000 },
            { name: 'Maya Chen', email: 'maya@mayachenmusic.com', shareBasisPoints: 2000 },
          ],
          studio: 'Hansa Studio 2',
          pLineYear: 2026,
          pLineOwner: 'Neon Harbor Records',
        }),
      );
    }
    const upcBody = '19700000001';
    await createRelease(
      ctx,
      demoUserId,
      ReleaseInputSchema.parse({
        title: `${project.title} (EP)`,
        type: 'ep',
        upc: `${upcBody}${gtinCheckDigit(upcBody)}`,
        label: 'Neon Harbor Records',
        catalogueNumber: 'NHR-014',
        releaseDate: '2026-10-16',
        cLine: '2026 Neon Harbor Records',
        tracks: trackIds.map((trackId) => ({ projectId: project.id, trackId })),
      }),
    );
    return;
  }
};
