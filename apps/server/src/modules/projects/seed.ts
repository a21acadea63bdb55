// Sample projects for the demo account: a realistic spread of types, statuses, genres and metadata.
import { type CreateProjectInput, CreateProjectSchema } from '@mixdesk/contract/projects';
import type { Seeder } from '../../platform/context.ts';
import { createProject } from './service.ts';

const DAY = 24 * 3600 * 1000;

const SAMPLES: (CreateProjectInput & { daysAgo: number })[] = [
  {
    title: 'Midnight Frequencies',
    description: 'Debut full-length: late-night synth-pop recorded between Lisbon and Berlin.',
    type: 'album',
    status: 'mixing',
    metadata: {
      genre: ['electronic', 'pop'],
      targetReleaseDate: '2026-10-16',
      recordLabel: 'Neon Harbor Records',
      producer: 'Demo Producer',
      engineer: 'Sam Okafor',
      studio: 'Hansa Studio 2',
    },
    tags: ['synthwave', 'analog', 'vocals', 'dolby-atmos'],
    daysAgo: 0.1,
  },
  {
    title: 'Golden Hour EP',
    description: 'Four warm, sample-based beats with live bass and Rhodes.',
    type: 'ep',
    status: 'recording',
    metadata: { genre: ['hip_hop', 'soul'], producer: 'Demo Producer', studio: 'Home studio' },
    tags: ['boom-bap', 'live bass'],
    daysAgo: 1.5,
  },
  {
    title: 'Paper Boats (Single)',
    description: 'Acoustic lead single; radio edit and instrumental due to the label.',
    type: 'single',
    status: 'mastering',
    metadata: {
      genre: 'folk',
      targetReleaseDate: '2026-06-05',
      recordLabel: 'Quiet Field',
      engineer: 'Lena Park',
      studio: 'Rockfield Studios',
    },
    tags: ['acoustic', 'radio edit'],
    daysAgo: 3,
  },
  {
    title: 'Night Drive (Kaleido Remix)',
    description: 'Official remix commission: 124 BPM, stems delivered by the label.',
    type: 'remix',
    status: 'in_progress',
    metadata: { genre: 'electronic', recordLabel: 'Kaleido Music', producer: 'Demo Producer' },
    tags: ['club', 'stems', 'deadline'],
    daysAgo: 6,
  },
  {
    title: 'Southside Sessions Vol. 2',
    description: 'Compilation of live-room recordings from the spring residency.',
    type: 'compilation',
    status: 'planning',
    metadata: { genre: ['jazz', 'funk'], studio: 'The Southside Room' },
    tags: ['live', 'residency', 'multitrack', 'vinyl', 'liner notes'],
    daysAgo: 12,
  },
  {
    title: 'Paper Planes Duet',
    description: 'Cross-country collaboration: vocals tracked remotely, session files shared weekly.',
    type: 'collaboration',
    status: 'released',
    metadata: {
      genre: ['indie', 'alternative'],
      targetReleaseDate: '2025-11-21',
      recordLabel: 'Self-released',
      producer: 'Demo Producer',
      engineer: 'Ari Cohen',
    },
    tags: ['remote', 'duet'],
    daysAgo: 40,
  },
];

export const seedProjects: Seeder = async (ctx, demoUserId) => {
  for (const { daysAgo, ...sample } of SAMPLES) {
    const project = await createProject(ctx, demoUserId, CreateProjectSchema.parse(sample));
    const at = new Date(Date.now() - daysAgo * DAY).toISOString();
    await ctx.db
      .updateTable('projects')
      .set({ created_at: at, updated_at: at, last_activity_at: at })
      .where('id', '=', project._id)
      .execute();
  }
};
