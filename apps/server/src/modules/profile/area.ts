// The profile area: a person's public profile and avatar.
import type { Area } from '../../platform/area.ts';
import { profileRoutes, userProfileRoutes } from './routes.ts';
import { seedProfile } from './seed.ts';

export const profileArea: Area = {
  name: 'profile',
  routes: [
    { prefix: '/api/auth', plugin: profileRoutes },
    { prefix: '/api/users', plugin: userProfileRoutes },
  ],
  seed: seedProfile,
  // A person's avatar.
  storedKeys: (db) => [db.selectFrom('user_profiles').select('avatar_key as key')],
};
