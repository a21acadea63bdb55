// A version's comments, kept live: loaded once, then every comment:new / updated / deleted / liked of the
// project's room is applied to the cached list, so each person sees the others' comments as they are posted
// (a first comment its author deleted after others replied arrives as comment:updated, a placeholder). The
// list also holds the open threads carried from the track's earlier versions (issue #35): their events name
// the version they were written on, so an event about another version of the track reads the list again
// (what is carried, and until when, is the server's to say).
import type { Comment } from '@mixdesk/contract/comments';
import type { ServerEventData } from '@mixdesk/contract/realtime-events';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { realtime, useRealtime } from '../../../lib/realtime';
import { type CommentDeletion, commentKeys, fetchComments, type VersionRef } from './api';

/** The order of the list and of the markers: by time, then as posted. */
export function sortComments(list: Comment[]): Comment[] {
  return [...list].sort(
    (a, b) => a.at - b.at || a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id),
  );
}

/** Puts a comment into a version's cached list (replacing the one with its id). */
export function storeComment(client: QueryClient, comment: Comment): void {
  client.setQueryData<Comment[]>(commentKeys.version(comment.versionId), (list) =>
    list ? sortComments([...list.filter((c) => c._id !== comment._id), comment]) : list,
  );
}

export function forgetComments(client: QueryClient, versionId: string, ids: string[]): void {
  client.setQueryData<Comment[]>(commentKeys.version(versionId), (list) =>
    list?.filter((c) => !ids.includes(c._id)),
  );
}

/** Applies a delete's answer: what went leaves the list, a placeholder left instead replaces its comment. */
export function applyDeletion(client: QueryClient, versionId: string, deletion: CommentDeletion): void {
  forgetComments(client, versionId, deletion.deletedIds);
  if (deletion.placeholder) storeComment(client, deletion.placeholder);
}

/**
 * After a change to a thread carried from an earlier version: every comments list is read again (the one it is
 * shown in may no longer carry it, once resolved).
 */
export function refreshCarried(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: commentKeys.all });
}

const COMMENT_EVENTS = ['comment:new', 'comment:updated', 'comment:deleted', 'comment:liked'] as const;
type CommentEventName = (typeof COMMENT_EVENTS)[number];

/** Calls `apply` with each `event` about this version (the contract has read the payload already). */
function listen<E extends CommentEventName>(
  event: E,
  versionId: string,
  apply: (data: ServerEventData<E>) => void,
): () => void {
  return realtime.onLiveEvent(event, (data) => {
    if (data.versionId === versionId) apply(data);
  });
}

/** The comments of `ref` (none while it is null: no version to comment on yet). */
export function useComments(ref: VersionRef | null) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: commentKeys.version(ref?.versionId ?? ''),
    queryFn: ({ signal }) => fetchComments(ref!, signal).then(sortComments),
    enabled: ref !== null,
  });

  const projectId = ref?.projectId;
  const trackId = ref?.trackId;
  const versionId = ref?.versionId;
  // Events missed while the connection was down are read again when it is back.
  const { status } = useRealtime();
  const wasConnected = useRef(status === 'connected');
  useEffect(() => {
    if (status === 'connected' && !wasConnected.current && versionId)
      void client.invalidateQueries({ queryKey: commentKeys.version(versionId) });
    wasConnected.current = status === 'connected';
  }, [status, client, versionId]);

  useEffect(() => {
    if (!projectId || !versionId) return;
    const release = realtime.watchProject(projectId);
    const readAgain = () => void client.invalidateQueries({ queryKey: commentKeys.version(versionId) });
    const offs = [
      listen('comment:new', versionId, (e) => storeComment(client, e.comment)),
      listen('comment:updated', versionId, (e) => storeComment(client, e.comment)),
      listen('comment:deleted', versionId, (e) => forgetComments(client, versionId, e.deletedIds)),
      listen('comment:liked', versionId, (e) =>
        client.setQueryData<Comment[]>(commentKeys.version(versionId), (list) =>
          list?.map((c) => (c._id === e.commentId ? { ...c, likes: e.likes, likedBy: e.likedBy } : c)),
        ),
      ),
      // Another version of the track: a thread carried here may have changed, or one may now be carried.
      ...COMMENT_EVENTS.map((event) =>
        realtime.onLiveEvent(event, (data) => {
          if (data.trackId === trackId && data.versionId !== versionId) readAgain();
        }),
      ),
    ];
    return () => {
      for (const off of offs) off();
      release();
    };
  }, [client, projectId, trackId, versionId]);

  return query;
}
