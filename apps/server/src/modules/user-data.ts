// Each area's part of "everything a user owns": for the account export and for account deletion.
// An area adds one handler here; the profile area's export and delete-account walk this list.
import type { AppContext } from '../platform/context.ts';
import { clientsUserData } from './clients/user-data.ts';
import { mediaUserData } from './media/user-data.ts';
import { projectsUserData } from './projects/user-data.ts';

export interface ExportedFile {
  /** Path inside the export ZIP, e.g. `projects/<projectId>/tracks/<file name>`. */
  path: string;
  /** The object's key in storage. */
  storageKey: string;
}

export interface UserDataHandler {
  area: string;
  /** The user's records of this area as plain JSON, and the stored files to add to the ZIP. */
  exportData(ctx: AppContext, userId: string): Promise<{ data: unknown; files?: ExportedFile[] }>;
  /** Deletes the user's records of this area and their stored files; runs before the user row goes. */
  deleteData(ctx: AppContext, userId: string): Promise<void>;
}

export const userDataHandlers: UserDataHandler[] = [mediaUserData, projectsUserData, clientsUserData];
