// Profile shapes (SPEC §3 Profile, §7 GET/PUT /api/auth/profile) and the reference lists of SPEC §3, defined once.
// Stored values are the lists' own display strings, so what the server accepts is exactly what the screen shows.
import { z } from 'zod';
import { multiLine, NameSchema, oneLine } from './auth.ts';
import { EmailAnswerSchema, TimestampSchema } from './envelope.ts';

export const PROFESSIONS = [
  'Producer',
  'Audio Engineer',
  'Mixing Engineer',
  'Mastering Engineer',
  'Recording Artist',
  'Songwriter',
  'Composer',
  'Sound Designer',
  'Music Director',
  'A&R Representative',
  'Music Manager',
  'Label Executive',
  'Sync Supervisor',
  'Music Educator',
  'Session Musician',
  'DJ',
  'Podcaster',
  'Voice Actor',
  'Other',
] as const;
export type Profession = (typeof PROFESSIONS)[number];

export const EXPERIENCE_LEVELS = [
  'Beginner (0-2 years)',
  'Intermediate (2-5 years)',
  'Professional (5-10 years)',
  'Expert (10+ years)',
  'Industry Veteran (15+ years)',
] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];

/** The 28 profile genres, from Rock to Other. */
export const PROFILE_GENRES = [
  'Rock',
  'Pop',
  'Hip Hop',
  'R&B',
  'Jazz',
  'Blues',
  'Country',
  'Electronic',
  'Classical',
  'Folk',
  'Reggae',
  'Metal',
  'Punk',
  'Funk',
  'Soul',
  'Indie',
  'Alternative',
  'Gospel',
  'Latin',
  'Techno',
  'House',
  'Drum & Bass',
  'Dubstep',
  'Trap',
  'Lo-Fi',
  'Ambient',
  'World',
  'Other',
] as const;
export type ProfileGenre = (typeof PROFILE_GENRES)[number];

export const PROFILE_VISIBILITIES = ['public', 'collaborators', 'private'] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];

/** SPEC §2 Privacy tab: the label and description of each visibility. */
export const VISIBILITY_LABELS: Record<ProfileVisibility, { label: string; description: string }> = {
  public: { label: 'Public', description: 'Anyone can view' },
  collaborators: { label: 'Collaborators', description: 'Collaborators Only' },
  private: { label: 'Private', description: 'Only you' },
};

export const NOTIFICATION_SETTINGS = [
  { key: 'emailNotifications', label: 'Email Notifications', hint: 'Account and activity emails' },
  { key: 'projectNotifications', label: 'Project Updates', hint: 'Changes to projects you work on' },
  {
    key: 'collaborationNotifications',
    label: 'Collaboration Invites',
    hint: 'When someone invites you to a project',
  },
  { key: 'marketingEmails', label: 'Marketing Emails', hint: 'News and offers from Mixdesk' },
] as const;
export type NotificationKey = (typeof NOTIFICATION_SETTINGS)[number]['key'];

export const PRIVACY_TOGGLES = [
  { key: 'showEmail', label: 'Show Email', hint: 'Others who can see your profile see your email' },
  { key: 'showPhone', label: 'Show Phone', hint: 'Others who can see your profile see your phone' },
  { key: 'showLocation', label: 'Show Location', hint: 'Others who can see your profile see your location' },
] as const;

export const PHONE_MAX = 30;
export const LOCATION_MAX = 100;
export const BIO_MAX = 1000;
export const PHONE_PATTERN = /^[0-9 +()\-.]*$/;

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Free text of the profile; control characters (NUL above all: PostgreSQL cannot store it) are cleaned. */
const optionalText = (label: string, max: number, clean: (v: string) => string = oneLine) =>
  z
    .string({ error: `${label} must be text` })
    .overwrite(clean)
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });

/** Keys that belong to the profile but are not the user's to set here. */
const readOnly = (message: string) => z.never({ error: message }).optional();

export const ProfileUpdateSchema = z.strictObject({
  name: NameSchema,
  phone: optionalText('Phone', PHONE_MAX).regex(
    PHONE_PATTERN,
    'Phone may contain only digits, spaces and + ( ) - .',
  ),
  location: optionalText('Location', LOCATION_MAX),
  bio: optionalText('Bio', BIO_MAX, multiLine),
  profession: z.union([z.literal(''), z.enum(PROFESSIONS)], {
    error: 'Profession must be one of the listed professions',
  }),
  experience: z.union([z.literal(''), z.enum(EXPERIENCE_LEVELS)], {
    error: 'Experience must be one of the listed experience levels',
  }),
  genres: z
    .array(z.enum(PROFILE_GENRES, { error: 'Each genre must be one of the listed genres' }), {
      error: 'Genres must be a list',
    })
    .max(PROFILE_GENRES.length, `At most ${PROFILE_GENRES.length} genres`)
    // Stored once each, in the list's order, whatever order the boxes were ticked in.
    .transform((list) => PROFILE_GENRES.filter((g) => list.includes(g))),
  emailNotifications: flag('Email Notifications'),
  projectNotifications: flag('Project Updates'),
  collaborationNotifications: flag('Collaboration Invites'),
  marketingEmails: flag('Marketing Emails'),
  profileVisibility: z.enum(PROFILE_VISIBILITIES, {
    error: 'Profile visibility must be public, collaborators or private',
  }),
  showEmail: flag('showEmail'),
  showPhone: flag('showPhone'),
  showLocation: flag('showLocation'),
  email: readOnly('Email cannot be changed here'),
  avatar: readOnly('Upload or remove the avatar with its own action'),
  memberSince: readOnly('Member Since cannot be changed'),
  totalProjects: readOnly('Stats are counted, not set'),
  totalTracks: readOnly('Stats are counted, not set'),
  totalCollaborations: readOnly('Stats are counted, not set'),
});

/** PUT /api/auth/profile: any of the editable fields (the web sends them all; settings sends a few). */
export const ProfileUpdateBodySchema = ProfileUpdateSchema.partial()
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    error: 'Send at least one profile field to update',
  })
  .meta({ minProperties: 1 });
export type ProfileUpdate = z.input<typeof ProfileUpdateBodySchema>;

export const ProfileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: EmailAnswerSchema,
  phone: z.string(),
  location: z.string(),
  bio: z.string(),
  profession: z.string(),
  experience: z.string(),
  genres: z.array(z.string()),
  /** URL of the avatar image, or null for the initial. */
  avatar: z.string().nullable(),
  memberSince: TimestampSchema,
  totalProjects: z.number().int(),
  totalTracks: z.number().int(),
  totalCollaborations: z.number().int(),
  emailNotifications: z.boolean(),
  projectNotifications: z.boolean(),
  collaborationNotifications: z.boolean(),
  marketingEmails: z.boolean(),
  profileVisibility: z.enum(PROFILE_VISIBILITIES),
  showEmail: z.boolean(),
  showPhone: z.boolean(),
  showLocation: z.boolean(),
});
export type Profile = z.infer<typeof ProfileSchema>;
export const ProfileDataSchema = z.object({ profile: ProfileSchema });

/** Another user's profile as its owner's privacy settings allow; hidden fields are absent. */
export const PublicProfileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  bio: z.string(),
  profession: z.string(),
  experience: z.string(),
  genres: z.array(z.string()),
  memberSince: TimestampSchema,
  email: EmailAnswerSchema.optional(),
  phone: z.string().optional(),
  location: z.string().optional(),
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;
export const PublicProfileDataSchema = z.object({ profile: PublicProfileSchema });

export const UserIdParamsSchema = z.object({
  id: z.string().max(64, 'Unknown user'),
});
/** GET /api/users/:id/avatar: `v` only tells caches the image changed (the avatar URL carries it). */
export const AvatarQuerySchema = z.object({
  v: z.string().max(40).optional().describe("The image's version, as the avatar URL gives it"),
});
