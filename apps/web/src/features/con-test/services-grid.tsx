// Core Services (SPEC §2): per service its name, status, latency in whole ms, last check time, error text,
// a FALLBACK badge while a stand-in covers a fault, an Embedded one (with what runs) for the built-in shape, what its probe measured, and Test Service.
import { SERVICE_NAMES, type ServiceHealth, type ServiceName } from '@mixdesk/contract/diagnostics';
import { FlaskConical } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { formatDetail, formatLatency, formatTime, humanizeKey } from './format';
import { NODE_STATE_LABELS, NODE_STATE_TONE, nodeStateOf } from './status';

interface Props {
  services: Partial<Record<ServiceName, ServiceHealth>>;
  onTest: (name: ServiceName) => void;
  isTesting: (name: ServiceName) => boolean;
}

export function ServicesGrid({ services, onTest, isTesting }: Props) {
  return (
    <ul aria-label="Core services" className="grid grid-cols-1 gap-3 sm:grid-cols-2 2xl:grid-cols-3">
      {SERVICE_NAMES.map((name) => {
        const service = services[name];
        return service ? (
          <li key={name} className="flex min-w-0 *:flex-1">
            <ServiceCard service={service} onTest={() => onTest(name)} testing={isTesting(name)} />
          </li>
        ) : null;
      })}
    </ul>
  );
}

function ServiceCard({
  service,
  onTest,
  testing,
}: {
  service: ServiceHealth;
  onTest: () => void;
  testing: boolean;
}) {
  const titleId = useId();
  const state = nodeStateOf(service);
  const details = Object.entries(service.details);
  return (
    <article
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-2.5 rounded-md border border-border bg-surface-2 px-3.5 py-3"
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <h3 id={titleId} className="mr-auto text-base font-semibold">
          {service.label}
        </h3>
        {service.fallbackActive && <Badge tone="warning">FALLBACK</Badge>}
        {service.embedded && <Badge tone="info">Embedded</Badge>}
        {service.configured ? (
          <Badge tone={NODE_STATE_TONE[state]}>{NODE_STATE_LABELS[state]}</Badge>
        ) : (
          <Badge>Not configured</Badge>
        )}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-muted">Latency</dt>
        <dd className="font-mono tabular-nums">{formatLatency(service.latency)}</dd>
        <dt className="text-muted">Last check</dt>
        <dd className="font-mono tabular-nums">
          <time dateTime={service.lastCheck}>{formatTime(service.lastCheck)}</time>
        </dd>
        {service.fallbackActive && service.fallback && (
          <>
            <dt className="text-muted">Fallback</dt>
            <dd>{service.fallback}</dd>
          </>
        )}
        {service.embedded && (
          <>
            <dt className="text-muted">Runs</dt>
            <dd className="min-w-0 break-words">{service.embedded}</dd>
          </>
        )}
        {details.map(([key, value]) => (
          <DetailRow key={key} name={humanizeKey(key)} value={formatDetail(key, value)} />
        ))}
      </dl>
      {service.error && (
        <p
          className={
            state === 'error' ? 'text-sm break-words text-danger' : 'text-sm break-words text-warning'
          }
        >
          {service.error}
        </p>
      )}
      <Button
        size="sm"
        className="mt-auto self-start"
        loading={testing}
        onClick={onTest}
        aria-label={`Test Service: ${service.label}`}
      >
        {!testing && <FlaskConical aria-hidden="true" />}
        Test Service
      </Button>
    </article>
  );
}

function DetailRow({ name, value }: { name: string; value: string }) {
  return (
    <>
      <dt className="text-muted">{name}</dt>
      <dd className="min-w-0 font-mono break-words tabular-nums">{value}</dd>
    </>
  );
}
