// Settings › API Tokens (issue #38): personal tokens for scripts and tools, each with its name, what it may do,
// when it was made, last used and stops working; New Token makes one (shown once, to copy), Revoke ends one at
// once after a confirmation.
import { API_TOKENS_PER_USER_MAX, type ApiToken, type CreatedApiToken } from '@mixdesk/contract/api-tokens';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { ApiError } from '../../lib/api';
import { timeAgo } from '../../lib/time-ago';
import { useNow } from '../../lib/use-now';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast';
import { API_TOKENS_QUERY_KEY, fetchApiTokens, revokeApiToken } from './api-tokens-api';
import { CreatedTokenPanel } from './created-token-panel';
import { NewTokenDialog } from './new-token-dialog';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const when = (iso: string) => day.format(new Date(iso));

const isExpired = (token: ApiToken, now: Date) =>
  token.expiresAt !== null && Date.parse(token.expiresAt) <= now.getTime();

function TokenRow({ token, now, onRevoke }: { token: ApiToken; now: Date; onRevoke: () => void }) {
  const expired = isExpired(token, now);
  const canWrite = token.scopes.includes('write');
  const facts = [
    `Created ${when(token.createdAt)}`,
    token.lastUsedAt ? `Last used ${timeAgo(token.lastUsedAt, now)}` : 'Never used',
    token.expiresAt === null ? 'No expiry' : `${expired ? 'Expired' : 'Expires'} ${when(token.expiresAt)}`,
  ];
  return (
    <li className="flex items-start gap-3 px-3 py-2.5 sm:items-center">
      <KeyRound aria-hidden="true" className="size-4 shrink-0 text-muted max-sm:hidden" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="min-w-0 font-medium break-words">{token.name}</span>
          <Badge tone={canWrite ? 'warning' : 'info'}>{canWrite ? 'Read and write' : 'Read only'}</Badge>
          {expired && <Badge tone="danger">Expired</Badge>}
        </span>
        {/* One fact a line on a phone, in one line with dots between them on a wider screen. */}
        <span className="flex flex-col text-sm text-muted sm:flex-row sm:flex-wrap sm:gap-x-1.5">
          {facts.map((fact, i) => (
            <span key={fact} className="sm:whitespace-nowrap">
              {i > 0 && (
                <span aria-hidden="true" className="mr-1.5 max-sm:hidden">
                  ·
                </span>
              )}
              {fact}
            </span>
          ))}
        </span>
      </div>
      <Button size="sm" onClick={onRevoke} aria-label={`Revoke ${token.name}`}>
        <Trash2 aria-hidden="true" />
        Revoke
      </Button>
    </li>
  );
}

export function ApiTokensCard() {
  const titleId = useId();
  const now = useNow();
  const toast = useToast();
  const queryClient = useQueryClient();
  const tokens = useQuery({ queryKey: API_TOKENS_QUERY_KEY, queryFn: fetchApiTokens });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: API_TOKENS_QUERY_KEY });
  const count = tokens.data?.length;

  return (
    <Card aria-labelledby={titleId} className="flex flex-col lg:col-span-2">
      <CardHeader className="flex-row items-start gap-3">
        <span className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-md bg-accent-soft text-accent [&_svg]:size-5">
          <KeyRound aria-hidden="true" />
        </span>
        <div className="flex min-w-0 flex-col gap-0.5">
          <CardTitle id={titleId}>API Tokens</CardTitle>
          <CardDescription>
            Let a script or tool use the Mixdesk API as you. Anyone with a token can act as you: keep it
            secret, and revoke it when it is no longer used.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        {created && <CreatedTokenPanel created={created} onDone={() => setCreated(null)} />}
        {tokens.data ? (
          tokens.data.length > 0 ? (
            <ul
              aria-label="API tokens"
              className="flex flex-col divide-y divide-border rounded-md border border-border"
            >
              {tokens.data.map((token) => (
                <TokenRow key={token._id} token={token} now={now} onRevoke={() => setRevoking(token)} />
              ))}
            </ul>
          ) : (
            <p className="text-base text-muted">
              No tokens yet. Create one for each script or tool, so you can revoke one without the others.
            </p>
          )
        ) : tokens.isError ? (
          <Alert
            type="error"
            action={
              <Button size="sm" onClick={() => tokens.refetch()} loading={tokens.isFetching}>
                Try Again
              </Button>
            }
          >
            {tokens.error instanceof ApiError ? tokens.error.message : 'Failed to load your API tokens'}
          </Alert>
        ) : (
          <Spinner label="Loading API tokens..." />
        )}
      </CardContent>
      <CardFooter className="flex-wrap justify-between">
        <span className="text-sm text-subtle">
          {count === undefined ? '' : `${count} of ${API_TOKENS_PER_USER_MAX} tokens`}
        </span>
        <Button variant="primary" onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          New Token
        </Button>
      </CardFooter>
      <NewTokenDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(made) => {
          setCreated(made);
          toast.notify('success', 'API token created');
          void refresh();
        }}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        description="Scripts and tools using this token stop working at once. This cannot be undone."
        confirmLabel="Revoke Token"
        onConfirm={() => revokeApiToken(revoking?._id ?? '')}
        onClose={() => setRevoking(null)}
        onDone={() => {
          if (created?.apiToken._id === revoking?._id) setCreated(null);
          toast.notify('success', 'API token revoked');
          void refresh();
        }}
        errorMessage={(err) => (err instanceof ApiError ? err.message : 'Failed to revoke the token')}
      />
    </Card>
  );
}
