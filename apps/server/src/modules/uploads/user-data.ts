// The uploads area's share of an account export and of deleting an account: the person's unfinished uploads
// (what each was to become and how far it got; their bytes are not theirs to keep until done), and, on
// deletion, their rows and their waiting bytes at once rather than at the next sweep.
import type { AppContext, UserDataHandler } from '../../platform/context.ts';
import * as repo from './repo.ts';
import { uploadStore } from './store.ts';

export const uploadsUserData: UserDataHandler = {
  area: 'uploads',
  async exportData(ctx: AppContext, userId: string) {
    const rows = await repo.uploadsOf(ctx.db, userId);
    return {
      data: rows.map((r) => ({
        id: r.id,
        target: r.target,
        projectId: r.project_id,
        trackId: r.track_id,
        filename: r.file_name,
        length: Number(r.length),
        status: r.status,
        createdAt: new Date(r.created_at).toISOString(),
        expiresAt: new Date(r.expires_at).toISOString(),
      })),
    };
  },
  async deleteData(ctx: AppContext, userId: string) {
    const store = uploadStore(ctx);
    for (const { id } of await repo.uploadsOf(ctx.db, userId)) {
      await repo.deleteUpload(ctx.db, id);
      await store.removeUpload(id);
    }
  },
};
