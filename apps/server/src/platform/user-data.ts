// The shape of an area's part of "everything a user owns" (export and deletion); the list of handlers is
// modules/user-data.ts.
import type { AppContext } from './context.ts';

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
