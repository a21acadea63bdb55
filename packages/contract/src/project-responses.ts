// Response shapes of the projects API (SPEC §3 Project, §7 Projects), parsed by the web and checked by the server.
import { z } from 'zod';
import { DateAnswerSchema, EmailAnswerSchema, envelope, TimestampSchema } from './envelope.ts';
import {
  CollaboratorPermissionSchema,
  PROJECT_ACCESS,
  ProjectGenreSchema,
  ProjectStatusSchema,
  ProjectTypeSchema,
} from './projects.ts';

export const PersonSchema = z.object({ _id: z.string(), name: z.string(), email: EmailAnswerSchema });
export type Person = z.infer<typeof PersonSchema>;

export const CollaboratorSchema = z.object({
  user: PersonSchema,
  permission: CollaboratorPermissionSchema,
  role: z.string(),
  addedAt: TimestampSchema,
});
export type Collaborator = z.infer<typeof CollaboratorSchema>;

export const ProjectMetadataSchema = z.object({
  genre: z.array(ProjectGenreSchema),
  targetReleaseDate: DateAnswerSchema.nullable(),
  recordLabel: z.string().nullable(),
  producer: z.string().nullable(),
  engineer: z.string().nullable(),
  studio: z.string().nullable(),
});
export type ProjectMetadata = z.infer<typeof ProjectMetadataSchema>;

export const ProjectSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  type: ProjectTypeSchema,
  status: ProjectStatusSchema,
  owner: PersonSchema,
  collaborators: z.array(CollaboratorSchema),
  metadata: ProjectMetadataSchema,
  tags: z.array(z.string()),
  trackCount: z.number(),
  totalDuration: z.number(),
  totalFileSize: z.number(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  lastActivityAt: TimestampSchema,
  /** What the caller may do: owner (everything), edit, or view. */
  access: z.enum(PROJECT_ACCESS),
});
export type Project = z.infer<typeof ProjectSchema>;

export const ProjectsPaginationSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalProjects: z.number().int(),
  limit: z.number().int(),
});
export type ProjectsPagination = z.infer<typeof ProjectsPaginationSchema>;

export const ProjectListDataSchema = z.object({
  projects: z.array(ProjectSchema),
  pagination: ProjectsPaginationSchema,
});
export const ProjectDataSchema = z.object({ project: ProjectSchema });

export const CollaboratorsDataSchema = z.object({
  owner: PersonSchema,
  collaborators: z.array(CollaboratorSchema),
});

export const ProjectListResponseSchema = envelope(ProjectListDataSchema);
export const ProjectResponseSchema = envelope(ProjectDataSchema);
export const CollaboratorsResponseSchema = envelope(CollaboratorsDataSchema);
export type ProjectListResponse = z.infer<typeof ProjectListResponseSchema>;
export type ProjectResponse = z.infer<typeof ProjectResponseSchema>;
