// Sample records for the demo account, one seeder per area, run once when the account is created.
import { seedClients } from '../../modules/clients/seed.ts';
import { seedDocuments } from '../../modules/documents/seed.ts';
import { seedMedia } from '../../modules/media/seed.ts';
import { seedProfile } from '../../modules/profile/seed.ts';
import { seedProjects } from '../../modules/projects/seed.ts';
import type { Seeder } from '../../platform/context.ts';

export const seeders: Seeder[] = [seedProjects, seedMedia, seedClients, seedProfile, seedDocuments];
