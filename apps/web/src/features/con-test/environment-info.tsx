// Environment Information (SPEC §2): the server's Node version, environment, port, timezone and memory (the
// process's resident set).
import type { Environment } from '@mixdesk/contract/diagnostics';
import { formatBytes } from './format';

export function EnvironmentInfo({ environment }: { environment: Environment }) {
  const rows: Array<[string, string]> = [
    ['Node Version', environment.nodeVersion],
    ['Environment', environment.environment],
    ['Port', String(environment.port)],
    ['Timezone', environment.timezone],
    ['Memory', formatBytes(environment.memory)],
  ];
  return (
    <dl className="flex flex-col divide-y divide-border text-base">
      {rows.map(([label, value]) => (
        <div key={label} className="flex items-baseline justify-between gap-4 py-2 first:pt-0 last:pb-0">
          <dt className="text-muted">{label}</dt>
          <dd className="min-w-0 truncate text-right font-mono tabular-nums" title={value}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
