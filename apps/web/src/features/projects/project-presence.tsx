// Who has the project open right now (SPEC §3 Presence entry, §4 Realtime): the page joins the project's room
// while it is shown, and the room's presence list is drawn as the people's avatars with their status.
import type { Project } from '@mixdesk/contract/project-responses';
import { useEffect } from 'react';
import { realtime, useRealtime } from '../../lib/realtime';
import { useSession } from '../../lib/session';
import { Avatar } from '../../ui/avatar';
import { cn } from '../../ui/cn';

const STATUS_DOT: Record<string, string> = { online: 'bg-success', away: 'bg-warning', busy: 'bg-danger' };

export function ProjectPresence({ project }: { project: Project }) {
  const { user } = useSession();
  const { presence, currentProjectId } = useRealtime();
  useEffect(() => {
    realtime.connect();
    realtime.joinProject(project._id);
    return () => realtime.leaveProject();
  }, [project._id]);

  const people = new Map([project.owner, ...project.collaborators.map((c) => c.user)].map((p) => [p._id, p]));
  const here = currentProjectId === project._id ? presence.filter((p) => people.has(p.userId)) : [];
  if (here.length === 0) return null;
  return (
    <div className="flex items-center gap-2">
      <span className="text-xs text-muted">Here now</span>
      <ul aria-label="Here now" className="flex -space-x-1.5">
        {here.map((p) => {
          const name = people.get(p.userId)?.name ?? 'Someone';
          const label = `${p.userId === user?._id ? `${name} (you)` : name}, ${p.status}`;
          return (
            <li key={p.userId} title={label} aria-label={label} className="relative">
              <Avatar name={name} size="sm" className="ring-2 ring-surface" />
              <span
                aria-hidden="true"
                className={cn(
                  'absolute -right-0.5 -bottom-0.5 size-2.5 rounded-full ring-2 ring-surface',
                  STATUS_DOT[p.status] ?? 'bg-subtle',
                )}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
