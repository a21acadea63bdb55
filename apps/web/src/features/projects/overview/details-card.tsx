// The Overview's details: every field of the project, and for editors an Edit Details form.
import type { Project } from '@mixdesk/contract/project-responses';
import { Pencil } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../ui/card';
import { enumLabel } from '../../../ui/project-labels';
import { useToast } from '../../../ui/toast';
import { DetailsForm } from './details-form';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function releaseDate(value: string | null): string | null {
  return value ? dateFormat.format(new Date(`${value}T12:00:00`)) : null;
}

export function DetailsCard({ project, onSaved }: { project: Project; onSaved: (p: Project) => void }) {
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const toast = useToast();
  const canEdit = project.access !== 'view';
  const m = project.metadata;
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle id={titleId}>Details</CardTitle>
        {canEdit && !editing && (
          <Button size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            Edit Details
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {editing ? (
          <DetailsForm
            project={project}
            onCancel={() => setEditing(false)}
            onSaved={(saved) => {
              onSaved(saved);
              setEditing(false);
              toast.notify('success', 'Project details saved');
            }}
          />
        ) : (
          <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
            <Item label="Description" wide>
              {project.description ? (
                <span className="whitespace-pre-line">{project.description}</span>
              ) : null}
            </Item>
            <Item label="Type">{enumLabel(project.type)}</Item>
            <Item label="Status">{enumLabel(project.status)}</Item>
            <Item label="Genres">{m.genre.map(enumLabel).join(', ')}</Item>
            <Item label="Target release date">{releaseDate(m.targetReleaseDate)}</Item>
            <Item label="Record label">{m.recordLabel}</Item>
            <Item label="Producer">{m.producer}</Item>
            <Item label="Engineer">{m.engineer}</Item>
            <Item label="Studio">{m.studio}</Item>
            <Item label="Created">{dateTimeFormat.format(new Date(project.createdAt))}</Item>
            <Item label="Last activity">{dateTimeFormat.format(new Date(project.lastActivityAt))}</Item>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

function Item({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-base break-words">{children || <span className="text-subtle">Not set</span>}</dd>
    </div>
  );
}
