// The token itself, shown once after it is made: the server keeps only its hash, so this is the only moment it
// can be copied. A Copy button, the plain text to select where copying is refused, and how to send it.
import type { CreatedApiToken } from '@mixdesk/contract/api-tokens';
import { KeyRound } from 'lucide-react';
import { useId } from 'react';
import { CopyOnceField } from '../../ui/copy-once-field';

export function CreatedTokenPanel({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  const id = useId();

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-md border border-accent/60 bg-accent-soft/40 p-4"
    >
      <div className="flex items-start gap-3">
        <span className="grid size-8 shrink-0 place-items-center rounded-full bg-accent-soft text-accent">
          <KeyRound aria-hidden="true" className="size-4" />
        </span>
        <div className="flex min-w-0 flex-col gap-0.5">
          <h3 id={`${id}-title`} className="text-base font-semibold break-words">
            “{created.apiToken.name}” is ready
          </h3>
          <p className="text-sm text-muted">
            Copy it now: you won’t see it again. If it is lost, revoke it and create a new one.
          </p>
        </div>
      </div>
      <CopyOnceField label="API token" value={created.token} what="token" onDone={onDone}>
        <p className="text-sm text-muted">
          Send it as <code className="font-mono text-text">Authorization: Bearer {'<token>'}</code>.
        </p>
      </CopyOnceField>
    </section>
  );
}
