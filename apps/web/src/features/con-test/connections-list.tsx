// The Connections tab (SPEC §2): 'Active Connections (n)' with each connection's name, status, type, url,
// latency, last connected time and error. A table on wide screens, one card per connection below lg.
import type { Connection } from '@mixdesk/contract/diagnostics';
import { useId } from 'react';
import { Badge } from '../../ui/badge';
import { formatDateTime, formatLatency } from './format';
import { CONNECTION_STATUS_LABELS, CONNECTION_STATUS_TONE, CONNECTION_TYPE_LABELS } from './status';

export function ConnectionsList({ connections }: { connections: Connection[] }) {
  if (connections.length === 0) return <p className="text-base text-muted">No connections reported.</p>;
  return (
    <>
      <table className="w-full table-fixed text-left text-base max-lg:hidden">
        <caption className="sr-only">Connections</caption>
        <thead className="border-b border-border text-xs text-muted">
          <tr>
            <th scope="col" className="w-40 py-2 pr-2 font-medium max-xl:w-36">
              Name
            </th>
            <th scope="col" className="w-28 px-2 py-2 font-medium">
              Status
            </th>
            <th scope="col" className="w-24 px-2 py-2 font-medium">
              Type
            </th>
            <th scope="col" className="px-2 py-2 font-medium">
              URL
            </th>
            <th scope="col" className="w-20 px-2 py-2 text-right font-medium">
              Latency
            </th>
            <th scope="col" className="w-52 px-2 py-2 font-medium max-xl:w-36">
              Last Connected
            </th>
            <th scope="col" className="w-44 py-2 pl-2 font-medium">
              Error
            </th>
          </tr>
        </thead>
        <tbody>
          {connections.map((c) => (
            <tr key={`${c.type}-${c.name}`} className="border-b border-border align-top last:border-0">
              <td className="py-2 pr-2 font-medium break-words">{c.name}</td>
              <td className="px-2 py-2">
                <Badge tone={CONNECTION_STATUS_TONE[c.status]}>{CONNECTION_STATUS_LABELS[c.status]}</Badge>
              </td>
              <td className="px-2 py-2 text-muted">{CONNECTION_TYPE_LABELS[c.type]}</td>
              <td className="px-2 py-2">
                <span className="font-mono text-sm break-all">{c.url}</span>
              </td>
              <td className="px-2 py-2 text-right font-mono whitespace-nowrap tabular-nums">
                {formatLatency(c.latency)}
              </td>
              <td className="px-2 py-2 text-sm text-muted">{formatDateTime(c.lastConnected)}</td>
              <td className="py-2 pl-2 text-sm break-words">
                {c.error ? (
                  <span className="text-danger">{c.error}</span>
                ) : (
                  <span className="text-subtle">—</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul aria-label="Connections" className="flex flex-col gap-2 lg:hidden">
        {connections.map((c) => (
          <li key={`${c.type}-${c.name}`}>
            <ConnectionCard connection={c} />
          </li>
        ))}
      </ul>
    </>
  );
}

function ConnectionCard({ connection: c }: { connection: Connection }) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-2 rounded-md border border-border bg-surface-2 px-3.5 py-3"
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <h3 id={titleId} className="mr-auto text-base font-semibold break-words">
          {c.name}
        </h3>
        <Badge>{CONNECTION_TYPE_LABELS[c.type]}</Badge>
        <Badge tone={CONNECTION_STATUS_TONE[c.status]}>{CONNECTION_STATUS_LABELS[c.status]}</Badge>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-muted">URL</dt>
        <dd className="min-w-0 font-mono break-all">{c.url}</dd>
        <dt className="text-muted">Latency</dt>
        <dd className="font-mono tabular-nums">{formatLatency(c.latency)}</dd>
        <dt className="text-muted">Last connected</dt>
        <dd>{formatDateTime(c.lastConnected)}</dd>
      </dl>
      {c.error && <p className="text-sm break-words text-danger">{c.error}</p>}
    </article>
  );
}
