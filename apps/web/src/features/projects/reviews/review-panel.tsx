// The review of the version in the player: each person's latest decision, who was asked and where they
// stand, my own Approve / Request changes (with an optional note), and, for editors, asking people to review.
import type { ProjectAccess } from '@mixdesk/contract/projects';
import { REVIEW_NOTE_MAX, type ReviewDecisionKind, type VersionReviewState } from '@mixdesk/contract/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, CircleCheck, MessageSquareWarning, UserPlus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '../../../ui/alert';
import { Avatar } from '../../../ui/avatar';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { Input } from '../../../ui/input';
import type { VersionRef } from '../comments/api';
import { mediaErrorMessage } from '../media/media-errors';
import { askForReview, decide, reviewKeys, withdrawRequest } from './api';
import { DECISION_LABEL, DECISION_TONE } from './review-labels';
import { useReview } from './use-review';

export interface Person {
  _id: string;
  name: string;
}

interface Props {
  versionRef: VersionRef;
  versionLabel: string;
  me: string | null;
  access: ProjectAccess;
  /** The project's people (owner and collaborators), who may be asked. */
  people: Person[];
  onChanged: () => void;
}

export function ReviewPanel({ versionRef, versionLabel, me, access, people, onChanged }: Props) {
  const client = useQueryClient();
  const titleId = useId();
  const review = useReview(versionRef);
  const [note, setNote] = useState('');
  const [asking, setAsking] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  const change = useMutation({
    mutationFn: (action: () => Promise<VersionReviewState>) => action(),
    onSuccess: (state) => {
      client.setQueryData(reviewKeys.version(versionRef.versionId), state);
      setError(null);
      onChanged();
    },
    onError: (failure) => setError(mediaErrorMessage(failure, 'That did not work; try again')),
  });

  const state = review.data;
  const mine = state?.reviews.find((r) => r.reviewer._id === me)?.decision ?? null;
  const decideAs = (decision: ReviewDecisionKind) =>
    change.mutate(async () => {
      const next = await decide(versionRef, { decision, note });
      setNote('');
      return next;
    });
  const askable = people.filter(
    (p) => p._id !== me && !state?.requests.some((r) => r.reviewer._id === p._id),
  );
  const canAsk = access !== 'view';
  const asked = new Set(state?.requests.map((r) => r.reviewer._id));
  const others = state?.reviews.filter((r) => !asked.has(r.reviewer._id)) ?? [];

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-md border border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="flex items-center gap-2 text-base font-semibold">
          <CircleCheck aria-hidden="true" className="size-4" />
          Review of {versionLabel}
        </h3>
        {state?.approved ? (
          <Badge tone="success">Approved</Badge>
        ) : state && state.requests.length > 0 ? (
          <Badge tone="info">
            {`Waiting for ${state.requests.filter((r) => r.decision !== 'approved').length} of ${state.requests.length}`}
          </Badge>
        ) : null}
      </div>
      {review.isError ? (
        <p role="alert" className="text-sm text-danger">
          {mediaErrorMessage(review.error, 'Failed to load the review')}
        </p>
      ) : !state ? (
        <p className="text-sm text-muted">Loading the review…</p>
      ) : (
        <>
          {state.requests.length === 0 && others.length === 0 ? (
            <p className="text-sm text-muted">
              Nobody has reviewed this version yet.{canAsk ? ' Ask the people who should sign it off.' : ''}
            </p>
          ) : (
            <ul aria-label="Reviewers" className="flex flex-col gap-1.5">
              {state.requests.map((r) => (
                <li key={r.reviewer._id} className="flex items-center gap-2 text-sm">
                  <Avatar name={r.reviewer.name} size="sm" />
                  <span className="font-medium">{r.reviewer.name}</span>
                  {r.decision ? (
                    <Badge tone={DECISION_TONE[r.decision]}>{DECISION_LABEL[r.decision]}</Badge>
                  ) : (
                    <Badge>Waiting</Badge>
                  )}
                  {canAsk && (
                    <Button
                      size="icon"
                      variant="ghost"
                      className="ml-auto size-7"
                      aria-label={`Stop asking ${r.reviewer.name}`}
                      onClick={() => change.mutate(() => withdrawRequest(versionRef, r.reviewer._id))}
                    >
                      <X aria-hidden="true" />
                    </Button>
                  )}
                </li>
              ))}
              {others.map((r) => (
                <li key={r.reviewer._id} className="flex items-center gap-2 text-sm">
                  <Avatar name={r.reviewer.name} size="sm" />
                  <span className="font-medium">{r.reviewer.name}</span>
                  <Badge tone={DECISION_TONE[r.decision]}>{DECISION_LABEL[r.decision]}</Badge>
                </li>
              ))}
            </ul>
          )}
          {state.reviews.some((r) => r.note) && (
            <ul aria-label="Review notes" className="flex flex-col gap-1 text-sm">
              {state.reviews
                .filter((r) => r.note)
                .map((r) => (
                  <li key={r.reviewer._id} className="text-muted">
                    <span className="font-medium text-text">{r.reviewer.name}:</span> {r.note}
                  </li>
                ))}
            </ul>
          )}
          <form
            className="flex flex-wrap items-end gap-2"
            aria-label="Your decision"
            onSubmit={(e) => e.preventDefault()}
          >
            <div className="flex min-w-48 flex-1 flex-col gap-1">
              <label htmlFor={`${titleId}-note`} className="text-xs font-medium text-muted">
                Note <span className="font-normal">(optional)</span>
              </label>
              <Input
                id={`${titleId}-note`}
                value={note}
                maxLength={REVIEW_NOTE_MAX}
                placeholder={mine ? `You: ${DECISION_LABEL[mine]}` : 'What should change, or why it is ready'}
                onChange={(e) => setNote(e.target.value)}
              />
            </div>
            <Button
              size="sm"
              variant={mine === 'approved' ? 'secondary' : 'primary'}
              disabled={change.isPending}
              aria-pressed={mine === 'approved'}
              onClick={() => decideAs('approved')}
            >
              <Check aria-hidden="true" />
              Approve
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={change.isPending}
              aria-pressed={mine === 'changes_requested'}
              onClick={() => decideAs('changes_requested')}
            >
              <MessageSquareWarning aria-hidden="true" />
              Request changes
            </Button>
          </form>
          {canAsk &&
            askable.length > 0 &&
            (asking ? (
              <fieldset className="flex flex-col gap-2 rounded-md bg-surface-2 p-2.5">
                <legend className="sr-only">People to ask for a review</legend>
                {askable.map((p) => (
                  <Checkbox
                    key={p._id}
                    label={p.name}
                    checked={picked.includes(p._id)}
                    onCheckedChange={(on) =>
                      setPicked((list) =>
                        on === true ? [...list, p._id] : list.filter((id) => id !== p._id),
                      )
                    }
                  />
                ))}
                <div className="flex justify-end gap-2">
                  <Button size="sm" variant="ghost" onClick={() => setAsking(false)}>
                    Cancel
                  </Button>
                  <Button
                    size="sm"
                    variant="primary"
                    disabled={picked.length === 0 || change.isPending}
                    onClick={() =>
                      change.mutate(async () => {
                        const next = await askForReview(versionRef, picked);
                        setPicked([]);
                        setAsking(false);
                        return next;
                      })
                    }
                  >
                    Ask for review
                  </Button>
                </div>
              </fieldset>
            ) : (
              <Button size="sm" variant="ghost" className="self-start" onClick={() => setAsking(true)}>
                <UserPlus aria-hidden="true" />
                Ask for review
              </Button>
            ))}
        </>
      )}
      {error && <Alert type="error">{error}</Alert>}
    </section>
  );
}
