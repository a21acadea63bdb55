// The demo account's profile: filled in, so the profile screen shows what a working producer's looks like.
import type { AppContext } from '../../platform/context.ts';
import { nowIso } from '../../platform/ids.ts';
import { defaultProfileRow, saveProfileRow } from './repo.ts';

export async function seedProfile(ctx: AppContext, demoUserId: string): Promise<void> {
  await saveProfileRow(ctx.db, {
    ...defaultProfileRow(demoUserId, nowIso()),
    phone: '+1 (615) 555-0199',
    location: 'Nashville, TN, USA',
    bio: 'Producer and mix engineer. Records bands live to tape, finishes them in the box.',
    profession: 'Producer',
    experience: 'Professional (5-10 years)',
    genres: JSON.stringify(['Rock', 'Soul', 'Indie']),
    profile_visibility: 'public',
  });
}
