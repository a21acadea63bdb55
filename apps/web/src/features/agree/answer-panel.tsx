// Accepting or declining (with a reason, which the owner is sent). A refusal the server explains (an answer
// already given, a request that no longer counts) is shown in its words, and the page reloads what stands.
import { DECLINE_REASON_MAX, DeclineSchema } from '@mixdesk/contract/catalog';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Field } from '../../ui/field';
import { Textarea } from '../../ui/input';
import { acceptAgreement, declineAgreement } from './api';
import { agreeErrorMessage } from './errors';

const SEND_FAILED = 'Your answer could not be sent. Please try again.';

interface Props {
  token: string;
  requestedBy: string;
  /** Called after any answer, given or refused: the page loads where things stand. */
  onAnswered: () => void;
}

export function AnswerPanel({ token, requestedBy, onAnswered }: Props) {
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const acceptance = useMutation({ mutationFn: () => acceptAgreement(token), onSettled: onAnswered });
  const refusal = useMutation({
    mutationFn: (why: string) => declineAgreement(token, why),
    onSettled: onAnswered,
  });
  const busy = acceptance.isPending || refusal.isPending;
  const failed = acceptance.error ?? refusal.error;

  const submitDecline = (event: FormEvent) => {
    event.preventDefault();
    const checked = DeclineSchema.safeParse({ reason });
    if (!checked.success) {
      setReasonError(checked.error.issues[0]?.message ?? 'Say why you decline');
      reasonRef.current?.focus();
      return;
    }
    refusal.mutate(checked.data.reason);
  };

  return (
    <Card aria-labelledby="answer-heading">
      <CardHeader>
        <CardTitle id="answer-heading">Your answer</CardTitle>
        <CardDescription>
          The split counts as agreed only when every party accepts it. {requestedBy} sees every answer.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {failed ? <Alert type="error">{agreeErrorMessage(failed, SEND_FAILED)}</Alert> : null}
        {declining ? (
          <form onSubmit={submitDecline} noValidate className="flex flex-col gap-3">
            <Field
              label="Why do you decline?"
              required
              error={reasonError}
              hint={`${requestedBy} is sent your reason, for example: my share should be 40 %.`}
            >
              {(control) => (
                <Textarea
                  {...control}
                  ref={reasonRef}
                  rows={4}
                  maxLength={DECLINE_REASON_MAX}
                  value={reason}
                  onChange={(event) => {
                    setReason(event.target.value);
                    setReasonError(null);
                  }}
                />
              )}
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="danger" loading={refusal.isPending} disabled={busy}>
                Decline the split
              </Button>
              <Button type="button" onClick={() => setDeclining(false)} disabled={busy}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="primary"
              loading={acceptance.isPending}
              disabled={busy}
              onClick={() => acceptance.mutate()}
            >
              Accept the split
            </Button>
            <Button
              disabled={busy}
              onClick={() => {
                setDeclining(true);
                requestAnimationFrame(() => reasonRef.current?.focus());
              }}
            >
              Decline…
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
