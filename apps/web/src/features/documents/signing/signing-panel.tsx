// Where the signer signs (POST /api/sign/:token): draw the signature or type it, agree to sign electronically,
// Sign; or Decline. The contract's own rules check the signature before it goes; the server's refusals show
// beside the button, and a link that died meanwhile (voided, replaced) hands over to the page.
import { type SigningView, SignWithLinkSchema, TYPED_SIGNATURE_MAX } from '@mixdesk/contract/signing';
import { useMutation } from '@tanstack/react-query';
import { PenLine } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { Checkbox } from '../../../ui/checkbox';
import { cn } from '../../../ui/cn';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../ui/tabs';
import { signWithLink } from './api';
import { DeclineDialog } from './decline-dialog';
import { isDeadEnd, signingErrorMessage } from './errors';
import { SignaturePad } from './signature-pad';
import { TypedSignature } from './typed-signature';
import { useSignaturePad } from './use-signature-pad';

export const CONSENT =
  'I agree to sign this document electronically, and that my electronic signature is as binding as one on paper.';
const SIGN_FAILED = 'Your signature could not be recorded. Please try again.';

type Method = 'draw' | 'type';
type Problems = Partial<Record<'draw' | 'type' | 'consent', string>>;

interface Props {
  token: string;
  signing: SigningView;
  onSigned: (status: 'signed' | 'completed') => void;
  onDeclined: () => void;
  /** The link stopped working (or the address is throttled): the page shows the server's words. */
  onDeadEnd: (error: unknown) => void;
}

export function SigningPanel({ token, signing, onSigned, onDeclined, onDeadEnd }: Props) {
  const ids = {
    heading: useId(),
    hint: useId(),
    drawError: useId(),
    consent: useId(),
    consentError: useId(),
  };
  const typedRef = useRef<HTMLInputElement>(null);
  const pad = useSignaturePad();
  const [method, setMethod] = useState<Method>('draw');
  const [typed, setTyped] = useState(signing.signer.name);
  const [consent, setConsent] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [declining, setDeclining] = useState(false);

  // Ink on the pad answers 'Draw your signature to sign'.
  useEffect(() => {
    if (!pad.empty) setProblems((p) => (p.draw ? { ...p, draw: undefined } : p));
  }, [pad.empty]);

  const mutation = useMutation({
    mutationFn: (input: Parameters<typeof signWithLink>[1]) => signWithLink(token, input),
    onSuccess: onSigned,
    onError: (error) => {
      console.error(SIGN_FAILED, error);
      if (isDeadEnd(error)) onDeadEnd(error);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const value = method === 'draw' ? pad.toDataUrl() : typed;
    const input = { signature: { kind: method === 'draw' ? 'drawn' : 'typed', value }, consent };
    const checked = SignWithLinkSchema.safeParse(input);
    if (!checked.success) {
      const found: Problems = {};
      for (const issue of checked.error.issues)
        found[issue.path[0] === 'consent' ? 'consent' : method] ??= issue.message;
      setProblems(found);
      // The first thing to fix takes the focus (the pad cannot: its hint and error are read with it).
      if (found.type) typedRef.current?.focus();
      else if (found.consent && !found.draw) document.getElementById(ids.consent)?.focus();
      return;
    }
    setProblems({});
    mutation.mutate(checked.data);
  };

  const failure =
    mutation.isError && !isDeadEnd(mutation.error) ? signingErrorMessage(mutation.error, SIGN_FAILED) : null;
  return (
    <Card aria-labelledby={ids.heading} className="flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex flex-col gap-0.5">
        <h2 id={ids.heading} className="text-lg font-semibold tracking-tight">
          Sign as {signing.signer.name}
        </h2>
        <p className="text-sm break-all text-muted">{signing.signer.email}</p>
      </div>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Tabs value={method} onValueChange={(v) => setMethod(v as Method)} className="flex flex-col gap-3">
          <TabsList fullWidth aria-label="How to sign">
            <TabsTrigger value="draw">Draw</TabsTrigger>
            <TabsTrigger value="type">Type</TabsTrigger>
          </TabsList>
          <TabsContent value="draw" className="flex flex-col gap-1">
            <SignaturePad
              pad={pad}
              hintId={ids.hint}
              invalid={Boolean(problems.draw)}
              describedBy={cn(ids.hint, problems.draw && ids.drawError)}
            />
            {problems.draw && <FieldError id={ids.drawError}>{problems.draw}</FieldError>}
          </TabsContent>
          <TabsContent value="type">
            <Field label="Your name, as your signature" error={problems.type}>
              {(control) => (
                <Input
                  {...control}
                  ref={typedRef}
                  autoComplete="name"
                  maxLength={TYPED_SIGNATURE_MAX}
                  value={typed}
                  onChange={(event) => {
                    setTyped(event.target.value);
                    setProblems((p) => ({ ...p, type: undefined }));
                  }}
                />
              )}
            </Field>
            <TypedSignature name={typed} />
          </TabsContent>
        </Tabs>
        <div className="flex flex-col gap-1">
          <Checkbox
            id={ids.consent}
            checked={consent}
            onCheckedChange={(checked) => {
              setConsent(checked === true);
              setProblems((p) => ({ ...p, consent: undefined }));
            }}
            aria-invalid={problems.consent ? true : undefined}
            aria-describedby={problems.consent ? ids.consentError : undefined}
            className="items-start [&>button]:mt-0.5"
            label={<span className="text-sm">{CONSENT}</span>}
          />
          {problems.consent && <FieldError id={ids.consentError}>{problems.consent}</FieldError>}
        </div>
        {failure && <Alert type="error">{failure}</Alert>}
        <Button type="submit" variant="primary" size="lg" loading={mutation.isPending}>
          {!mutation.isPending && <PenLine aria-hidden="true" />}
          {mutation.isPending ? 'Signing...' : 'Sign document'}
        </Button>
      </form>
      <div className="flex items-center justify-between gap-2 border-t border-border pt-3 text-sm text-muted">
        <span>Not right, or not yours to sign?</span>
        <Button variant="ghost" size="sm" onClick={() => setDeclining(true)} disabled={mutation.isPending}>
          Decline to sign
        </Button>
      </div>
      <DeclineDialog
        open={declining}
        onOpenChange={setDeclining}
        token={token}
        title={signing.document.title}
        from={signing.from.name}
        onDeclined={onDeclined}
        onDeadEnd={onDeadEnd}
      />
    </Card>
  );
}

function FieldError({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} className="text-xs text-danger">
      {children}
    </p>
  );
}
