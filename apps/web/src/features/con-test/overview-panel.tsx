// The System Overview tab (SPEC §2): the network topology with its legend, Core Services with Test Service,
// and Environment Information.
import type { ServiceName } from '@mixdesk/contract/diagnostics';
import { useMemo } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import type { HealthSnapshot } from './api';
import { EnvironmentInfo } from './environment-info';
import { ServicesGrid } from './services-grid';
import { TopologyDiagram } from './topology-diagram';
import { buildTopology } from './topology-model';

interface Props {
  snapshot: HealthSnapshot;
  /** False when the last read of the report failed. */
  backendReachable: boolean;
  onTest: (name: ServiceName) => void;
  isTesting: (name: ServiceName) => boolean;
}

export function OverviewPanel({ snapshot, backendReachable, onTest, isTesting }: Props) {
  const { report, roundTripMs } = snapshot;
  const topology = useMemo(
    () => buildTopology({ report, roundTripMs, backendReachable }),
    [report, roundTripMs, backendReachable],
  );
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader>
          <CardTitle>Network Topology</CardTitle>
          <CardDescription>Each link shows the latency measured by the last check.</CardDescription>
        </CardHeader>
        <CardContent>
          <TopologyDiagram nodes={topology.nodes} links={topology.links} />
        </CardContent>
      </Card>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
        <Card className="xl:col-span-2">
          <CardHeader>
            <CardTitle>Core Services</CardTitle>
          </CardHeader>
          <CardContent>
            <ServicesGrid services={report.services} onTest={onTest} isTesting={isTesting} />
          </CardContent>
        </Card>
        <Card className="self-start">
          <CardHeader>
            <CardTitle>Environment Information</CardTitle>
          </CardHeader>
          <CardContent>
            <EnvironmentInfo environment={report.environment} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
