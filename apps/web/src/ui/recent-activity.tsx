// Recent Activity (SPEC §2 Dashboard): what happened lately on the user's projects and documents, as the server
// recorded it, each leading to what it is about. Nothing is made up: with no activity the card says so. The
// dashboard shows it, and a project's overview shows its own activity with it.
import type { ActivityItem, ActivityKind } from '@mixdesk/contract/dashboard';
import {
  AudioLines,
  CheckCheck,
  FilePlus2,
  FileText,
  FolderPlus,
  History,
  type LucideIcon,
  MessageSquare,
  Music,
  SlidersHorizontal,
  UserPlus,
} from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { timeAgo } from '../lib/time-ago';
import { Card, CardTitle } from './card';
import { Skeleton } from './skeleton';

const KIND_ICON: Record<ActivityKind, LucideIcon> = {
  project_created: FolderPlus,
  collaborator_added: UserPlus,
  track_added: Music,
  version_uploaded: AudioLines,
  version_mastered: SlidersHorizontal,
  file_uploaded: FilePlus2,
  document_event: FileText,
  comment_added: MessageSquare,
  version_reviewed: CheckCheck,
};

const SLOTS = ['one', 'two', 'three', 'four'];

/** `items` undefined: still loading. */
export function RecentActivity({
  items,
  now,
  className,
  title = 'Recent Activity',
  footer,
  error,
}: {
  items: ActivityItem[] | undefined;
  now: Date;
  className?: string;
  title?: string;
  /** Under the list (a "Show more"). */
  footer?: ReactNode;
  /** Shown instead of the list when it could not be read. */
  error?: string | null;
}) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className={className}>
      <div className="px-5 pt-5 pb-3">
        <CardTitle id={titleId}>{title}</CardTitle>
      </div>
      {error ? (
        <p role="alert" className="px-5 pb-5 text-sm text-danger">
          {error}
        </p>
      ) : items === undefined ? (
        <ul aria-hidden="true" className="flex flex-col gap-4 px-5 pt-1 pb-5">
          {SLOTS.map((slot) => (
            <li key={slot} className="flex items-start gap-3">
              <Skeleton className="size-7 rounded-full" />
              <span className="flex flex-1 flex-col gap-1.5">
                <Skeleton className="h-4 w-4/5" />
                <Skeleton className="h-3 w-1/3" />
              </span>
            </li>
          ))}
        </ul>
      ) : items.length === 0 ? (
        <div className="mx-5 mb-5 flex flex-col items-center gap-2 rounded-lg border border-dashed border-border-strong px-6 py-8 text-center">
          <History aria-hidden="true" className="size-7 text-muted" />
          <h3 className="text-base font-semibold">Nothing has happened yet</h3>
          <p className="max-w-xs text-sm text-muted">
            New projects, tracks, uploads, collaborators and documents show up here as they happen.
          </p>
        </div>
      ) : (
        <ol className="flex flex-col px-2 pb-3 sm:px-3">
          {items.map((item) => (
            <li key={item._id}>
              <ActivityRow item={item} now={now} />
            </li>
          ))}
        </ol>
      )}
      {footer}
    </Card>
  );
}

function ActivityRow({ item, now }: { item: ActivityItem; now: Date }) {
  const Icon = KIND_ICON[item.kind];
  // Most summaries start with who did it ("Ana added the track..."); name them only where they do not.
  const by = item.actor && !item.summary.startsWith(item.actor.name) ? item.actor.name : null;
  return (
    <Link
      to={item.link}
      className="group flex min-w-0 items-start gap-3 rounded-md px-3 py-2.5 hover:bg-surface-2"
    >
      <span className="mt-0.5 grid size-7 shrink-0 place-items-center rounded-full bg-accent-soft text-accent">
        <Icon aria-hidden="true" className="size-3.5" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="text-sm break-words group-hover:text-accent">{item.summary}</span>
        <span className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted">
          {by && <span>by {by}</span>}
          {by && <span aria-hidden="true">·</span>}
          <time dateTime={item.createdAt} title={new Date(item.createdAt).toLocaleString()}>
            {timeAgo(item.createdAt, now)}
          </time>
        </span>
      </span>
    </Link>
  );
}
