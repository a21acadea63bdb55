// Project shapes shared by the server (validation, responses) and the web (forms, cards, response parsing).
// SPEC §3 Project, §5 Project form, §7 Projects, §9 limits.
import { z } from 'zod';
import { EmailSchema, multiLine, oneLine, text } from './auth.ts';
import { PageNumberSchema } from './envelope.ts';

export const PROJECT_TYPES = ['album', 'ep', 'single', 'collaboration', 'remix', 'compilation'] as const;
export const PROJECT_STATUSES = [
  'planning',
  'in_progress',
  'recording',
  'mixing',
  'mastering',
  'completed',
  'released',
  'archived',
] as const;
export const PROJECT_GENRES = [
  'rock',
  'pop',
  'hip_hop',
  'jazz',
  'classical',
  'electronic',
  'blues',
  'country',
  'reggae',
  'folk',
  'metal',
  'punk',
  'funk',
  'soul',
  'r_and_b',
  'indie',
  'alternative',
  'world',
  'ambient',
  'experimental',
  'other',
] as const;
export const COLLABORATOR_PERMISSIONS = ['view', 'edit'] as const;
/** What the caller may do with a project: the owner, or a collaborator's permission. */
export const PROJECT_ACCESS = ['owner', 'edit', 'view'] as const;

export type ProjectType = (typeof PROJECT_TYPES)[number];
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export type ProjectGenre = (typeof PROJECT_GENRES)[number];
export type CollaboratorPermission = (typeof COLLABORATOR_PERMISSIONS)[number];
export type ProjectAccess = (typeof PROJECT_ACCESS)[number];

export const DEFAULT_PROJECT_TYPE: ProjectType = 'single';
export const DEFAULT_PROJECT_GENRE: ProjectGenre = 'other';
export const DEFAULT_PROJECT_STATUS: ProjectStatus = 'planning';

export const PROJECT_TITLE_MAX = 200;
export const PROJECT_DESCRIPTION_MAX = 1000;
export const PROJECTS_PAGE_SIZE = 12;
export const PROJECTS_LIMIT_MAX = 100;
export const PROJECT_SEARCH_MAX = 100;
export const PROJECT_TAG_MAX = 40;
export const PROJECT_TAGS_MAX = 20;
export const PROJECT_GENRES_MAX = 5;
export const METADATA_TEXT_MAX = 120;
export const COLLABORATOR_ROLE_MAX = 60;
export const COLLABORATORS_MAX = 50;

/** How each value reads on screen, written out so that a new value needs its own label ('ep' is "EP", 'r_and_b' "R&B"). */
export const PROJECT_TYPE_LABELS: Record<ProjectType, string> = {
  album: 'Album',
  ep: 'EP',
  single: 'Single',
  collaboration: 'Collaboration',
  remix: 'Remix',
  compilation: 'Compilation',
};
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  planning: 'Planning',
  in_progress: 'In progress',
  recording: 'Recording',
  mixing: 'Mixing',
  mastering: 'Mastering',
  completed: 'Completed',
  released: 'Released',
  archived: 'Archived',
};
export const PROJECT_GENRE_LABELS: Record<ProjectGenre, string> = {
  rock: 'Rock',
  pop: 'Pop',
  hip_hop: 'Hip-hop',
  jazz: 'Jazz',
  classical: 'Classical',
  electronic: 'Electronic',
  blues: 'Blues',
  country: 'Country',
  reggae: 'Reggae',
  folk: 'Folk',
  metal: 'Metal',
  punk: 'Punk',
  funk: 'Funk',
  soul: 'Soul',
  r_and_b: 'R&B',
  indie: 'Indie',
  alternative: 'Alternative',
  world: 'World',
  ambient: 'Ambient',
  experimental: 'Experimental',
  other: 'Other',
};

const PROJECT_LABELS: Record<string, string> = {
  ...PROJECT_GENRE_LABELS,
  ...PROJECT_STATUS_LABELS,
  ...PROJECT_TYPE_LABELS,
};

/**
 * A project type, status or genre as people read it ('in_progress' -> 'In progress'). Takes any string (some
 * answers carry the status as plain text); a value with no label yet reads as its words.
 */
export function enumLabel(value: string): string {
  if (Object.hasOwn(PROJECT_LABELS, value)) return PROJECT_LABELS[value]!;
  const words = value.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const oneOf = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` });

export const ProjectTypeSchema = oneOf(PROJECT_TYPES, 'Type');
export const ProjectStatusSchema = oneOf(PROJECT_STATUSES, 'Status');
export const ProjectGenreSchema = oneOf(PROJECT_GENRES, 'Genre');
export const CollaboratorPermissionSchema = oneOf(COLLABORATOR_PERMISSIONS, 'Permission');

export const ProjectTitleSchema = text('Project title')
  .overwrite(oneLine)
  .trim()
  .min(1, 'Project title is required')
  .max(PROJECT_TITLE_MAX, `Title must be less than ${PROJECT_TITLE_MAX} characters`);

/** Trimmed; blank means "no description". */
export const ProjectDescriptionSchema = text('Description')
  .overwrite(multiLine)
  .trim()
  .max(PROJECT_DESCRIPTION_MAX, `Description must be less than ${PROJECT_DESCRIPTION_MAX} characters`);

/** SPEC §3: a single genre or a list; stored as a de-duplicated list, the first one shown. */
export const GenreInputSchema = z
  .union([ProjectGenreSchema, z.array(ProjectGenreSchema)], {
    error: `Genre must be one of: ${PROJECT_GENRES.join(', ')}`,
  })
  .transform((g) => [...new Set(Array.isArray(g) ? g : [g])])
  .pipe(
    z
      .array(ProjectGenreSchema)
      .min(1, 'Choose at least one genre')
      .max(PROJECT_GENRES_MAX, `At most ${PROJECT_GENRES_MAX} genres`),
  );

/** Optional free text: trimmed, blank or null clears it. */
const optionalText = (label: string, max = METADATA_TEXT_MAX) =>
  z
    .union([text(label), z.null()])
    .transform((v) => (v === null ? null : oneLine(v).trim() || null))
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`).nullable());

/** For the OpenAPI document: a date field that a blank value clears (a date's form, or nothing but spaces). */
export const DATE_OR_BLANK = {
  pattern: '^\\s*(?:\\d{4}-\\d{2}-\\d{2}\\s*)?$',
  description: 'A date (YYYY-MM-DD); blank clears it',
};

/** A calendar date (YYYY-MM-DD); blank or null clears it. */
export const ReleaseDateSchema = z
  .union([text('Target release date').meta(DATE_OR_BLANK), z.null()])
  .transform((v) => (v === null ? null : v.trim() || null))
  .refine((v) => v === null || isCalendarDate(v), 'Target release date must be a date (YYYY-MM-DD)');

export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export const MetadataInputSchema = z.strictObject({
  genre: GenreInputSchema.optional(),
  targetReleaseDate: ReleaseDateSchema.optional(),
  recordLabel: optionalText('Record label').optional(),
  producer: optionalText('Producer').optional(),
  engineer: optionalText('Engineer').optional(),
  studio: optionalText('Studio').optional(),
});

/** Tags: trimmed, blank ones dropped, de-duplicated case-insensitively (the first spelling wins). */
export const TagsSchema = z
  .array(
    text('Tag')
      .overwrite(oneLine)
      .trim()
      .max(PROJECT_TAG_MAX, `A tag must be at most ${PROJECT_TAG_MAX} characters`),
    {
      error: 'Tags must be a list of text',
    },
  )
  .max(PROJECT_TAGS_MAX * 2, `At most ${PROJECT_TAGS_MAX} tags`)
  .transform((tags) => {
    const seen = new Set<string>();
    return tags.filter((t) => {
      const key = t.toLowerCase();
      if (!t || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  })
  .pipe(z.array(z.string()).max(PROJECT_TAGS_MAX, `At most ${PROJECT_TAGS_MAX} tags`));

const projectFields = {
  title: ProjectTitleSchema,
  description: z.union([ProjectDescriptionSchema, z.null()]).optional(),
  type: ProjectTypeSchema,
  status: ProjectStatusSchema,
  metadata: MetadataInputSchema,
  tags: TagsSchema,
};

/** POST /api/projects. */
export const CreateProjectSchema = z.strictObject({
  ...projectFields,
  type: projectFields.type.default(DEFAULT_PROJECT_TYPE),
  status: projectFields.status.default(DEFAULT_PROJECT_STATUS),
  metadata: projectFields.metadata.default({}),
  tags: projectFields.tags.default([]),
});
export type CreateProjectInput = z.input<typeof CreateProjectSchema>;

/** PUT /api/projects/:id: the same payload; fields left out keep their value (metadata key by key). */
export const UpdateProjectSchema = z
  .strictObject({
    title: projectFields.title.optional(),
    description: projectFields.description,
    type: projectFields.type.optional(),
    status: projectFields.status.optional(),
    metadata: projectFields.metadata.optional(),
    tags: projectFields.tags.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change')
  .meta({ minProperties: 1 });
export type UpdateProjectInput = z.input<typeof UpdateProjectSchema>;

const queryText = (label: string) => z.string({ error: `${label} must be given once, as text` });
/** A filter: one of `values`, or '' or 'all' for none (the document lists them all). */
const optionalEnumQuery = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  queryText(label)
    .transform((v) => (v === '' || v === 'all' ? undefined : v))
    .pipe(oneOf(values, label).optional())
    .meta({ enum: ['', 'all', ...values] })
    .optional();

/** GET /api/projects query: page from 1, limit capped at 100, search bounded, filters from the enums. */
export const ListProjectsQuerySchema = z.object({
  page: PageNumberSchema,
  limit: z.coerce
    .number({ error: 'Limit must be a whole number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be 1 or more')
    .transform((n) => Math.min(n, PROJECTS_LIMIT_MAX))
    .default(PROJECTS_PAGE_SIZE),
  search: queryText('Search')
    .overwrite(oneLine)
    .trim()
    .max(PROJECT_SEARCH_MAX, `Search must be at most ${PROJECT_SEARCH_MAX} characters`)
    .optional(),
  type: optionalEnumQuery(PROJECT_TYPES, 'Type'),
  status: optionalEnumQuery(PROJECT_STATUSES, 'Status'),
  genre: optionalEnumQuery(PROJECT_GENRES, 'Genre'),
});
export type ListProjectsQuery = z.output<typeof ListProjectsQuerySchema>;

export const ProjectIdParamsSchema = z.object({ id: z.string().max(200) });
export const CollaboratorParamsSchema = z.object({ id: z.string().max(200), userId: z.string().max(200) });

/** POST /api/projects/:id/collaborators: a registered user by email. */
export const AddCollaboratorSchema = z.strictObject({
  email: EmailSchema,
  permission: CollaboratorPermissionSchema.default('view'),
  role: text('Role')
    .overwrite(oneLine)
    .trim()
    .max(COLLABORATOR_ROLE_MAX, `Role must be at most ${COLLABORATOR_ROLE_MAX} characters`)
    .default(''),
});
export type AddCollaboratorInput = z.input<typeof AddCollaboratorSchema>;

export const UpdateCollaboratorSchema = z
  .strictObject({
    permission: CollaboratorPermissionSchema.optional(),
    role: text('Role')
      .overwrite(oneLine)
      .trim()
      .max(COLLABORATOR_ROLE_MAX, `Role must be at most ${COLLABORATOR_ROLE_MAX} characters`)
      .optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Send a permission or a role to change')
  .meta({ minProperties: 1 });
export type UpdateCollaboratorInput = z.input<typeof UpdateCollaboratorSchema>;
