// The project's tags on the Overview: editors add and remove them, each change saved at once.

import type { Project } from '@mixdesk/contract/project-responses';
import { PROJECT_TAG_MAX, PROJECT_TAGS_MAX } from '@mixdesk/contract/projects';
import { useMutation } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { updateProject } from '../../../lib/projects-api';
import { Button } from '../../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../ui/card';
import { Input } from '../../../ui/input';
import { useToast } from '../../../ui/toast';
import { saveErrorMessage } from '../project-errors';

export function TagsCard({ project, onSaved }: { project: Project; onSaved: (p: Project) => void }) {
  const titleId = useId();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const canEdit = project.access !== 'view';
  const mutation = useMutation({
    mutationFn: (tags: string[]) => updateProject(project._id, { tags }),
    onSuccess: (saved) => {
      onSaved(saved);
      setDraft('');
    },
    onError: (err) => toast.notify('error', saveErrorMessage(err)),
  });

  const add = (event: FormEvent) => {
    event.preventDefault();
    const tag = draft.trim();
    if (!tag) return;
    if (tag.length > PROJECT_TAG_MAX) return setError(`A tag must be at most ${PROJECT_TAG_MAX} characters`);
    if (project.tags.some((t) => t.toLowerCase() === tag.toLowerCase()))
      return setError('That tag is already here');
    if (project.tags.length >= PROJECT_TAGS_MAX) return setError(`At most ${PROJECT_TAGS_MAX} tags`);
    mutation.mutate([...project.tags, tag]);
  };

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Tags</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {project.tags.length === 0 ? (
          <p className="text-base text-subtle">No tags yet.</p>
        ) : (
          <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
            {project.tags.map((tag) => (
              <li
                key={tag}
                className="flex h-6 items-center gap-1 rounded-sm border border-border bg-surface-2 pr-1 pl-2 text-sm"
              >
                {tag}
                {canEdit && (
                  <button
                    type="button"
                    aria-label={`Remove tag ${tag}`}
                    disabled={mutation.isPending}
                    onClick={() => mutation.mutate(project.tags.filter((t) => t !== tag))}
                    className="grid size-4 cursor-pointer place-items-center rounded-sm text-muted hover:bg-surface-3 hover:text-text"
                  >
                    <X aria-hidden="true" className="size-3" />
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {canEdit && (
          <form onSubmit={add} className="flex flex-col gap-1">
            <div className="flex gap-2">
              <Input
                aria-label="New tag"
                placeholder="Add a tag (e.g. analog, vocals)"
                value={draft}
                aria-invalid={error ? true : undefined}
                onChange={(e) => {
                  setDraft(e.target.value);
                  setError(null);
                }}
              />
              <Button type="submit" loading={mutation.isPending} disabled={!draft.trim()}>
                <Plus aria-hidden="true" />
                Add
              </Button>
            </div>
            {error && <p className="text-xs text-danger">{error}</p>}
          </form>
        )}
      </CardContent>
    </Card>
  );
}
