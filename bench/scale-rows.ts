// bench:scale's rows, one generator per table (scale-data.ts says how many and when), so a million comments
// never sit in memory at once.
import { FILE_CATEGORIES } from '@mixdesk/contract/media';
import { NOTIFICATION_KINDS } from '@mixdesk/contract/notifications';
import { PROJECT_GENRES, PROJECT_STATUSES, PROJECT_TYPES } from '@mixdesk/contract/projects';
import type { Insertable } from 'kysely';
import type { CommentLikesTable, CommentsTable } from '../apps/server/src/modules/comments/tables.ts';
import type {
  ProjectFilesTable,
  TracksTable,
  TrackVersionsTable,
} from '../apps/server/src/modules/media/tables.ts';
import type { NotificationsTable } from '../apps/server/src/modules/notifications/tables.ts';
import { searchTextOf } from '../apps/server/src/modules/projects/repo.ts';
import type { ProjectsTable } from '../apps/server/src/modules/projects/tables.ts';
import {
  COMMENTS_PER_VERSION,
  commentAt,
  FILES_PER_PROJECT,
  fileAt,
  HOUR,
  hasCollaborators,
  iso,
  Kind,
  lastActivity,
  type Plan,
  projectId,
  projectStart,
  spread,
  TRACKS_PER_PROJECT,
  trackAt,
  trackId,
  uid,
  VERSIONS_PER_TRACK,
  versionAt,
  versionId,
} from './scale-data.ts';

const ADJECTIVES = ['Golden', 'Midnight', 'Electric', 'Velvet', 'Broken', 'Silver', 'Quiet', 'Neon', 'Wild'];
const NOUNS = ['Echoes', 'Harbor', 'Skyline', 'Roads', 'Letters', 'Fever', 'Rooms', 'Tides', 'Signals'];
const TAGS = ['analog', 'vocals', 'live', 'stems', 'vinyl', 'remote', 'strings', 'tape', 'atmos', 'demo'];
const PEAKS = JSON.stringify(
  Array.from({ length: 64 }, (_, n) => Math.round(Math.abs(Math.sin(n / 5)) * 1e4) / 1e4),
);
const VERSION_BYTES = 52_428_800;
const FILE_BYTES = 4_194_304;
const DURATION = 215;

/** The measured search and filter match project 0 of every account (and 1 in 9, and 1 in 24, of the others). */
export const PROJECT_SEARCH = ADJECTIVES[0]!.toLowerCase();
export const PROJECT_FILTER = { type: PROJECT_TYPES[0], status: PROJECT_STATUSES[0] };

/** projects.client_id comes with the clients area (migration 0004-clients, see modules/clients/links.ts). */
export type ProjectRow = Insertable<ProjectsTable> & { client_id: string | null };

export function* projectRows(p: Plan, ownerId: string, clientIds: readonly string[]): Generator<ProjectRow> {
  for (let i = 0; i < p.projects; i++) {
    const title = `${ADJECTIVES[i % ADJECTIVES.length]} ${NOUNS[(i * 7) % NOUNS.length]} ${i}`;
    const description = `Sessions in ${['Berlin', 'Lagos', 'Austin', 'Lisbon'][i % 4]}, ${['late', 'early', 'long'][i % 3]} nights.`;
    const tags = [TAGS[i % TAGS.length]!, TAGS[(i * 3 + 1) % TAGS.length]!];
    yield {
      id: projectId(p, i),
      owner_id: ownerId,
      title,
      description,
      type: PROJECT_TYPES[i % PROJECT_TYPES.length]!,
      status: PROJECT_STATUSES[i % PROJECT_STATUSES.length]!,
      genre: JSON.stringify([PROJECT_GENRES[i % PROJECT_GENRES.length]]),
      target_release_date: null,
      record_label: i % 3 ? null : 'Bench Records',
      producer: 'Bench Producer',
      engineer: null,
      studio: i % 2 ? null : 'Harbor Studio',
      tags: JSON.stringify(tags),
      track_count: TRACKS_PER_PROJECT,
      total_duration: TRACKS_PER_PROJECT * DURATION,
      total_file_size:
        TRACKS_PER_PROJECT * VERSIONS_PER_TRACK * VERSION_BYTES + FILES_PER_PROJECT * FILE_BYTES,
      search_text: searchTextOf({ title, description, tags }),
      // Every tenth project is linked to one of the account's clients.
      client_id: i % 10 === 0 && clientIds.length ? clientIds[(i / 10) % clientIds.length]! : null,
      created_at: iso(projectStart(p, i)),
      updated_at: iso(lastActivity(p, i)),
      last_activity_at: iso(lastActivity(p, i)),
    };
  }
}

export function* trackRows(p: Plan, ownerId: string): Generator<Insertable<TracksTable>> {
  for (let i = 0; i < p.projects; i++)
    for (let t = 0; t < TRACKS_PER_PROJECT; t++)
      yield {
        id: trackId(p, i, t),
        project_id: projectId(p, i),
        position: t + 1,
        title: `Track ${t + 1}`,
        status: 'mixing',
        bpm: 90 + t,
        musical_key: null,
        isrc: null,
        notes: '',
        current_version_id: versionId(p, i, t, VERSIONS_PER_TRACK - 1),
        created_by: ownerId,
        created_at: iso(trackAt(p, i, t)),
        updated_at: iso(trackAt(p, i, t)),
      };
}

export function* versionRows(p: Plan, ownerId: string): Generator<Insertable<TrackVersionsTable>> {
  for (let i = 0; i < p.projects; i++)
    for (let t = 0; t < TRACKS_PER_PROJECT; t++)
      for (let v = 0; v < VERSIONS_PER_TRACK; v++) {
        const id = versionId(p, i, t, v);
        yield {
          id,
          track_id: trackId(p, i, t),
          project_id: projectId(p, i),
          label: `Mix v${v + 1}`,
          uploaded_by: ownerId,
          storage_key: `projects/${projectId(p, i)}/versions/${id}`,
          mime: 'audio/wav',
          format: 'wav',
          original_name: `Track ${t + 1} - Mix v${v + 1}.wav`,
          size: VERSION_BYTES,
          duration: DURATION,
          sample_rate: 48_000,
          bit_depth: 24,
          channels: 2,
          peaks: PEAKS,
          // Ready: the waveform job must find nothing to decode (there are no audio files behind these rows).
          peaks_status: 'ready',
          created_at: iso(versionAt(p, i, t, v)),
        };
      }
}

/** Ten per version; every second one a reply to the one before; on shared projects, replies by collaborators. */
export function* commentRows(
  p: Plan,
  ownerId: string,
  collaboratorIds: readonly string[],
): Generator<Insertable<CommentsTable>> {
  let n = 0;
  for (let i = 0; i < p.projects; i++) {
    const shared = hasCollaborators(p, i);
    let k = 0;
    for (let t = 0; t < TRACKS_PER_PROJECT; t++)
      for (let v = 0; v < VERSIONS_PER_TRACK; v++)
        for (let c = 0; c < COMMENTS_PER_VERSION; c++, k++, n++) {
          const at = commentAt(p, i, k);
          const reply = c % 2 === 1;
          yield {
            id: uid(at, Kind.comment, p.tag, n),
            project_id: projectId(p, i),
            track_id: trackId(p, i, t),
            version_id: versionId(p, i, t, v),
            parent_id: reply ? uid(at - 2 * HOUR, Kind.comment, p.tag, n - 1) : null,
            author_id: reply && shared ? collaboratorIds[n % collaboratorIds.length]! : ownerId,
            guest_name: null,
            body: reply
              ? 'Agreed, I will fix it in the next mix.'
              : `The snare is a little loud around here (${c}).`,
            at_sec: (c * 17) % DURATION,
            end_sec: null,
            created_at: iso(at),
          };
        }
  }
}

/** The owner likes every tenth comment. */
export function* likeRows(p: Plan, ownerId: string): Generator<Insertable<CommentLikesTable>> {
  for (const comment of commentRows(p, ownerId, [ownerId]))
    if (Number.parseInt(comment.id.slice(-12), 16) % 10 === 0)
      yield { comment_id: comment.id, user_id: ownerId, created_at: comment.created_at };
}

export function* fileRows(p: Plan, ownerId: string): Generator<Insertable<ProjectFilesTable>> {
  for (let i = 0; i < p.projects; i++)
    for (let f = 0; f < FILES_PER_PROJECT; f++) {
      const id = uid(fileAt(p, i, f), Kind.file, p.tag, i * FILES_PER_PROJECT + f);
      const category = FILE_CATEGORIES[f % FILE_CATEGORIES.length]!;
      yield {
        id,
        project_id: projectId(p, i),
        category,
        storage_key: `projects/${projectId(p, i)}/files/${id}`,
        original_name: `${category}-${f + 1}.zip`,
        mime: 'application/zip',
        size: FILE_BYTES,
        uploaded_by: ownerId,
        created_at: iso(fileAt(p, i, f)),
      };
    }
}

/** Mentions, replies, review asks and the like; four in five read, and all dealt with by the email sweep. */
export function* notificationRows(
  p: Plan,
  userId: string,
  collaboratorIds: readonly string[],
): Generator<Insertable<NotificationsTable>> {
  for (let j = 0; j < p.notifications; j++) {
    const at = iso(spread(j, p.notifications));
    const i = j % p.projects;
    const actor = collaboratorIds[j % collaboratorIds.length]!;
    yield {
      id: uid(spread(j, p.notifications), Kind.notification, p.tag, j),
      user_id: userId,
      kind: NOTIFICATION_KINDS[j % 4]!,
      actor_id: actor,
      actor_name: `Bench Collaborator ${j % collaboratorIds.length}`,
      project_id: projectId(p, i),
      title: `Bench Collaborator ${j % collaboratorIds.length} replied to your comment`,
      body: 'Agreed, I will fix it in the next mix.',
      link: `/projects/${projectId(p, i)}/tracks?track=${trackId(p, i, 0)}&version=${versionId(p, i, 0, 0)}`,
      dedupe_key: null,
      read_at: j % 5 === 4 ? null : at,
      emailed_at: at,
      created_at: at,
    };
  }
}
