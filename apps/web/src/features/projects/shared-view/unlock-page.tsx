// A share link with a password: asked before anything of the project is shown. The server answers a right
// password with what the link shows (and a cookie for that link alone); a wrong one, or too many, in its words.
import { SHARE_PASSWORD_MAX, type ShareView } from '@mixdesk/contract/share-links';
import { useMutation } from '@tanstack/react-query';
import { LockKeyhole } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';
import { PublicLayout, PublicNotice } from '../../../ui/public-layout';
import { mediaErrorMessage } from '../media/media-errors';
import { unlockShare } from './api';

export function UnlockPage({ token, onUnlocked }: { token: string; onUnlocked: (share: ShareView) => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const unlock = useMutation({
    mutationFn: () => unlockShare(token, password),
    onSuccess: onUnlocked,
    onError: (failure) => setError(mediaErrorMessage(failure, 'This link could not be unlocked')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError('Password is required');
    unlock.mutate();
  };

  return (
    <PublicLayout title="Password needed">
      <PublicNotice>
        <LockKeyhole aria-hidden="true" className="size-10 text-accent" />
        <h1 className="text-2xl font-semibold tracking-tight">This link is protected</h1>
        <p className="text-base text-muted">Enter the password you were given with the link to listen.</p>
        <form
          onSubmit={submit}
          noValidate
          aria-label="Unlock the shared link"
          className="mt-2 flex w-full flex-col gap-3 text-left"
        >
          <Field label="Password">
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="current-password"
                autoFocus
                maxLength={SHARE_PASSWORD_MAX}
                value={password}
                aria-invalid={error ? true : undefined}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setError(null);
                }}
              />
            )}
          </Field>
          {error && <Alert type="error">{error}</Alert>}
          <Button type="submit" variant="primary" size="lg" loading={unlock.isPending}>
            Unlock
          </Button>
        </form>
      </PublicNotice>
    </PublicLayout>
  );
}
