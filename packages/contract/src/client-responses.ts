// What the clients API answers (SPEC §3 Client, §7 Clients): the client, the list with its summary, and the
// projects linked to a client. The request side (enums, rules, bodies, query) is in clients.ts.
import { z } from 'zod';
import { ClientRoleSchema, ClientStatusSchema, ClientTypeSchema, ContactMethodSchema } from './clients.ts';
import { DateAnswerSchema, EmailAnswerSchema, PaginationSchema, TimestampSchema } from './envelope.ts';

export const LinkedCountsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  completed: z.number().int(),
});

export const ClientSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: EmailAnswerSchema,
  phone: z.string().nullable(),
  company: z.string().nullable(),
  role: ClientRoleSchema,
  type: ClientTypeSchema,
  status: ClientStatusSchema,
  location: z.string().nullable(),
  genres: z.array(z.string()),
  budget: z.object({ min: z.number(), max: z.number(), currency: z.string() }).nullable(),
  preferredStudios: z.array(z.string()),
  equipment: z.array(z.string()),
  previousWork: z.array(z.string()),
  /** Include the linked projects (`linkedProjects`), which follow those projects' statuses. */
  totalProjects: z.number().int(),
  activeProjects: z.number().int(),
  completedProjects: z.number().int(),
  linkedProjects: LinkedCountsSchema,
  totalRevenue: z.number(),
  lastProjectDate: DateAnswerSchema.nullable(),
  preferredContactMethod: ContactMethodSchema.nullable(),
  timezone: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Client = z.infer<typeof ClientSchema>;

export const ClientSummarySchema = z.object({
  /** Every client in the caller's network, whatever the filters. */
  total: z.number().int(),
  active: z.number().int(),
  potential: z.number().int(),
  completedProjects: z.number().int(),
  totalRevenue: z.number(),
});
export type ClientSummary = z.infer<typeof ClientSummarySchema>;

export const ClientListDataSchema = z.object({
  clients: z.array(ClientSchema),
  pagination: PaginationSchema.extend({ totalClients: z.number().int() }),
  summary: ClientSummarySchema,
});
export type ClientListData = z.infer<typeof ClientListDataSchema>;

export const ClientDataSchema = z.object({ client: ClientSchema });

export const ClientProjectSchema = z.object({
  _id: z.string(),
  title: z.string(),
  status: z.string(),
  /** The client a project is linked to now, if any. */
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
});
export type ClientProject = z.infer<typeof ClientProjectSchema>;

export const ClientProjectsDataSchema = z.object({
  /** Projects linked to this client. */
  linked: z.array(ClientProjectSchema),
  /** The caller's own projects that are not linked to this client (most recent first). */
  available: z.array(ClientProjectSchema),
});
export type ClientProjectsData = z.infer<typeof ClientProjectsDataSchema>;
