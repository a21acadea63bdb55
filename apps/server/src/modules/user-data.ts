// Each area's part of "everything a user owns": for the account export and for account deletion.
// An area adds one handler here; the account export and delete-account walk this list. The areas import
// only the handler's type (platform/user-data.ts), so the list sits above them and nothing imports back.
import type { UserDataHandler } from '../platform/user-data.ts';
import { clientsUserData } from './clients/user-data.ts';
import { commentsUserData } from './comments/user-data.ts';
import { invitationsUserData } from './invitations/user-data.ts';
import { mediaUserData } from './media/user-data.ts';
import { notificationsUserData } from './notifications/user-data.ts';
import { projectsUserData } from './projects/user-data.ts';
import { reviewsUserData } from './reviews/user-data.ts';
import { shareLinksUserData } from './share-links/user-data.ts';

export const userDataHandlers: UserDataHandler[] = [
  mediaUserData,
  projectsUserData,
  clientsUserData,
  commentsUserData,
  notificationsUserData,
  reviewsUserData,
  shareLinksUserData,
  invitationsUserData,
];
