// Project invitations (issue #20): the owner invites an email to a project; nobody gets access until a
// verified account with that email accepts. POST /api/projects/:id/collaborators answers the same 201 whether
// or not the email has an account, so the answer never tells who is registered.
import { z } from 'zod';
import { EmailAnswerSchema, envelope, TimestampSchema } from './envelope.ts';
import { CollaboratorPermissionSchema } from './projects.ts';

/** How long an invitation waits for an answer. */
export const INVITATION_DAYS = 14;

export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'revoked'] as const;
export const InvitationStatusSchema = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.infer<typeof InvitationStatusSchema>;

/** An invitation as its project's owner sees it (the collaborators list, the create answer). */
export const ProjectInvitationSchema = z.object({
  _id: z.string(),
  email: EmailAnswerSchema,
  permission: CollaboratorPermissionSchema,
  role: z.string(),
  status: InvitationStatusSchema,
  createdAt: TimestampSchema,
  expiresAt: TimestampSchema,
});
export type ProjectInvitation = z.infer<typeof ProjectInvitationSchema>;

/** An invitation as the invited person sees it (GET /api/invitations). */
export const MyInvitationSchema = z.object({
  _id: z.string(),
  project: z.object({ _id: z.string(), title: z.string() }),
  inviter: z.object({ _id: z.string(), name: z.string() }),
  permission: CollaboratorPermissionSchema,
  role: z.string(),
  createdAt: TimestampSchema,
  expiresAt: TimestampSchema,
});
export type MyInvitation = z.infer<typeof MyInvitationSchema>;

export const InvitationParamsSchema = z.object({ id: z.string().max(200) });
export const ProjectInvitationParamsSchema = z.object({
  id: z.string().max(200),
  invitationId: z.string().max(200),
});

export const InvitationCreatedResponseSchema = envelope(z.object({ invitation: ProjectInvitationSchema }));
export const ProjectInvitationsResponseSchema = envelope(
  z.object({ invitations: z.array(ProjectInvitationSchema) }),
);
export const MyInvitationsResponseSchema = envelope(z.object({ invitations: z.array(MyInvitationSchema) }));
export type MyInvitationsResponse = z.infer<typeof MyInvitationsResponseSchema>;
export const MyInvitationResponseSchema = envelope(z.object({ invitation: MyInvitationSchema }));

/** Accepting answers with the project now open to the caller (its id); declining with the bare envelope. */
export const InvitationAcceptedResponseSchema = envelope(
  z.object({ projectId: z.string(), invitation: MyInvitationSchema }),
);
