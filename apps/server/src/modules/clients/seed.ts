// Sample clients for the demo account: a believable network across roles, types, statuses and currencies.
import { type CreateClientInput, CreateClientSchema } from '@mixdesk/contract/clients';
import type { AppContext } from '../../platform/context.ts';
import { projectsOwnedBy } from '../projects/public.ts';
import { setProjectClient } from './links.ts';
import { createClient } from './service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const SAMPLES: CreateClientInput[] = [
  {
    name: 'Maya Chen',
    email: 'maya@mayachenmusic.com',
    phone: '+1 (323) 555-0142',
    role: 'artist',
    type: 'individual',
    status: 'active',
    location: 'Los Angeles, CA, USA',
    genres: ['Indie Pop', 'Electronic', 'R&B'],
    budget: { min: 5000, max: 15000, currency: 'USD' },
    preferredStudios: ['Sunset Sound', 'EastWest Studios'],
    equipment: ['Neumann U87', 'Sequential Prophet-6'],
    previousWork: ['Paper Lanterns (EP, 2023)', 'Night Swim (single, 2024)'],
    totalProjects: 4,
    activeProjects: 1,
    completedProjects: 3,
    totalRevenue: 18250,
    lastProjectDate: '2025-09-14',
    preferredContactMethod: 'email',
    timezone: 'America/Los_Angeles',
    notes: 'Prefers evening sessions. Stems delivered as 24-bit WAV.',
  },
  {
    name: 'The Velvet Hours',
    email: 'band@thevelvethours.com',
    phone: '+1 (615) 555-0199',
    role: 'artist',
    type: 'band',
    status: 'active',
    location: 'Nashville, TN, USA',
    genres: ['Alternative Rock', 'Americana'],
    budget: { min: 8000, max: 20000, currency: 'USD' },
    preferredStudios: ['RCA Studio A'],
    equipment: ['Vintage Ludwig kit', 'Fender Twin Reverb'],
    previousWork: ['Slow Burn (album, 2022)'],
    totalProjects: 3,
    activeProjects: 1,
    completedProjects: 2,
    totalRevenue: 26400,
    lastProjectDate: '2025-10-02',
    preferredContactMethod: 'phone',
    timezone: 'America/Chicago',
  },
  {
    name: 'Jonas Berg',
    email: 'jonas.berg@northlinerecords.se',
    company: 'Northline Records',
    role: 'a_and_r',
    type: 'label',
    status: 'potential',
    location: 'Stockholm, Sweden',
    genres: ['Electronic', 'Synth Pop', 'House'],
    budget: { min: 50000, max: 120000, currency: 'SEK' },
    previousWork: ['Signed Aurora Fields (2021)'],
    preferredContactMethod: 'email',
    timezone: 'Europe/Stockholm',
    notes: 'Met at ADE. Interested in a remix package for their spring roster.',
  },
  {
    name: 'Dara Okafor',
    email: 'dara@brightsidemgmt.com',
    phone: '+234 803 555 0117',
    company: 'Brightside Management',
    role: 'manager',
    type: 'management_company',
    status: 'active',
    location: 'Lagos, Nigeria',
    genres: ['Afrobeats', 'Afro Fusion', 'Hip Hop'],
    budget: { min: 10000, max: 40000, currency: 'USD' },
    totalProjects: 5,
    activeProjects: 2,
    completedProjects: 3,
    totalRevenue: 41800,
    lastProjectDate: '2025-08-21',
    preferredContactMethod: 'phone',
    timezone: 'Africa/Lagos',
  },
  {
    name: 'Luis Ortega',
    email: 'luis.ortega@estudioortega.mx',
    role: 'producer',
    type: 'individual',
    status: 'on_hold',
    location: 'Mexico City, Mexico',
    genres: ['Latin', 'Reggaeton'],
    budget: { min: 3000, max: 9000, currency: 'USD' },
    equipment: ['Ableton Push 3', 'Moog Subsequent 37'],
    totalProjects: 2,
    completedProjects: 1,
    totalRevenue: 6200,
    lastProjectDate: '2025-03-30',
    preferredContactMethod: 'email',
    timezone: 'America/Mexico_City',
    notes: 'Paused until his tour ends in the autumn.',
  },
  {
    name: 'Harbor Lights Festival',
    email: 'bookings@harborlightsfest.org',
    phone: '+1 (207) 555-0164',
    company: 'Harbor Lights Festival',
    role: 'venue_owner',
    type: 'venue',
    status: 'completed',
    location: 'Portland, ME, USA',
    genres: ['Folk', 'Indie'],
    budget: { min: 2500, max: 6000, currency: 'USD' },
    previousWork: ['Live recording, main stage 2024'],
    totalProjects: 2,
    completedProjects: 2,
    totalRevenue: 9750,
    lastProjectDate: '2024-08-18',
    preferredContactMethod: 'email',
    timezone: 'America/New_York',
  },
  {
    name: 'Priya Raman',
    email: 'priya@ariasync.co.uk',
    company: 'Aria Sync Partners',
    role: 'sync_supervisor',
    type: 'brand',
    status: 'potential',
    location: 'London, UK',
    genres: ['Cinematic', 'Ambient'],
    budget: { min: 4000, max: 12000, currency: 'GBP' },
    preferredContactMethod: 'email',
    timezone: 'Europe/London',
    notes: 'Looking for instrumental versions for a streaming series trailer.',
  },
  {
    name: 'Kenji Watanabe',
    email: 'kenji.watanabe@kumomusic.jp',
    company: 'Kumo Music Publishing',
    role: 'publisher',
    type: 'publisher',
    status: 'inactive',
    location: 'Tokyo, Japan',
    genres: ['City Pop', 'Jazz'],
    budget: { min: 500000, max: 1500000, currency: 'JPY' },
    totalProjects: 1,
    completedProjects: 1,
    totalRevenue: 3100,
    lastProjectDate: '2023-11-05',
    preferredContactMethod: 'email',
    timezone: 'Asia/Tokyo',
  },
];

export async function seedClients(ctx: AppContext, demoUserId: string): Promise<void> {
  const created = [];
  const now = Date.now();
  for (const [i, sample] of SAMPLES.entries()) {
    const client = await createClient(ctx, demoUserId, CreateClientSchema.parse(sample));
    // Added over the past weeks, the first sample most recently: the list shows them in this order.
    const addedAt = new Date(now - i * 7 * DAY_MS).toISOString();
    await ctx.db
      .updateTable('clients')
      .set({ created_at: addedAt, updated_at: addedAt })
      .where('id', '=', client._id)
      .execute();
    created.push(client);
  }
  // When the demo account already has projects, link the two newest to the first two clients.
  const projects = await projectsOwnedBy(ctx.db, demoUserId)
    .select('id')
    .orderBy('created_at', 'desc')
    .limit(2)
    .execute();
  for (const [i, project] of projects.entries()) await setProjectClient(ctx.db, project.id, created[i]!._id);
}
