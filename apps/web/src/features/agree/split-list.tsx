// The whole split as every party was asked: what it is about (title, ISWC or ISRC), then each party with their
// part in it, their share and where they stand. One row per party: name and part on the left, share and answer
// on the right, so it reads the same on a phone.
import { type AgreeView, formatBasisPoints } from '@mixdesk/contract/catalog';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';

type Party = AgreeView['parties'][number];

const KIND: Record<Party['kind'], string> = {
  writer: 'Writer',
  publisher: 'Publisher',
  master_owner: 'Master owner',
};

const ANSWER: Record<Party['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Waiting', tone: 'neutral' },
  accepted: { label: 'Accepted', tone: 'success' },
  declined: { label: 'Declined', tone: 'danger' },
};

export function SubjectLine({ subject }: { subject: AgreeView['subject'] }) {
  const code = subject.kind === 'work' ? subject.iswc : subject.isrc;
  return (
    <p className="text-base text-muted">
      {subject.kind === 'work' ? 'Song (composition)' : 'Master recording'}
      {code ? (
        <>
          {' · '}
          {subject.kind === 'work' ? 'ISWC' : 'ISRC'} <span className="font-mono text-text">{code}</span>
        </>
      ) : null}
    </p>
  );
}

export function SplitList({ view }: { view: AgreeView }) {
  return (
    <Card aria-labelledby="split-heading">
      <CardHeader>
        <CardTitle id="split-heading">The split</CardTitle>
      </CardHeader>
      <CardContent className="pt-2">
        <ul className="flex flex-col divide-y divide-border">
          {view.parties.map((party) => {
            const answer = ANSWER[party.status];
            const you = party._id === view.you._id;
            return (
              <li
                key={party._id}
                className="flex items-start justify-between gap-3 py-3"
                data-testid="split-party"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words">
                    {party.name}
                    {you ? <span className="ml-1.5 text-sm font-normal text-muted">(you)</span> : null}
                  </p>
                  <p className="text-sm text-muted">{KIND[party.kind]}</p>
                  {party.status === 'declined' && party.reason ? (
                    <p className="mt-1 text-sm break-words text-muted">“{party.reason}”</p>
                  ) : null}
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <span className="text-lg font-semibold tabular-nums">
                    {formatBasisPoints(party.shareBasisPoints)}
                  </span>
                  <Badge tone={answer.tone}>{answer.label}</Badge>
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
