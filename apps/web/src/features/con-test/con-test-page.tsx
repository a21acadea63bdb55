// /con-test (SPEC §2 Connection Test Dashboard), administrators only (the route's guard): the subtitle, Auto
// Refresh and Refresh, the summary tiles, and the System Overview, Connections, System Logs and Performance
// tabs over the health report, with SPEC §8's failure texts.
import { RotateCw } from 'lucide-react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { PageHeader } from '../../ui/page-header';
import { Spinner } from '../../ui/spinner';
import { Switch } from '../../ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { ConnectionsList } from './connections-list';
import { HealthTiles } from './health-tiles';
import { LogsPanel } from './logs-panel';
import { OverviewPanel } from './overview-panel';
import { PerformancePanel } from './performance-panel';
import { useHealthReport } from './use-health-report';
import { useServiceTest } from './use-service-test';

const TABS = [
  { value: 'overview', label: 'System Overview' },
  { value: 'connections', label: 'Connections' },
  { value: 'logs', label: 'System Logs' },
  { value: 'performance', label: 'Performance' },
] as const;

export function ConTestPage() {
  const health = useHealthReport();
  const { test, isTesting } = useServiceTest();
  const snapshot = health.snapshot;
  const report = snapshot?.report;

  return (
    <>
      <PageHeader
        title="Connection Test Dashboard"
        description="Real-time system monitoring and diagnostics"
        actions={
          <>
            <Switch
              label="Auto Refresh"
              checked={health.autoRefresh}
              onCheckedChange={health.setAutoRefresh}
            />
            <Button onClick={health.refresh} loading={health.refreshing} disabled={health.loading}>
              {!health.refreshing && <RotateCw aria-hidden="true" />}
              Refresh
            </Button>
          </>
        }
      />
      {health.errorMessage && (
        <Alert type="error" className="mb-4">
          {health.errorMessage}
        </Alert>
      )}
      {health.loading && (
        <p role="status" className="mb-4 flex items-center gap-2 text-base text-muted">
          <Spinner size="sm" />
          Loading system diagnostics...
        </p>
      )}
      <HealthTiles report={report} failed={!report && !health.loading} />
      {snapshot && report && (
        <Tabs defaultValue="overview" className="flex flex-col gap-4">
          <TabsList
            aria-label="Diagnostics views"
            className="self-start max-sm:grid max-sm:w-full max-sm:grid-cols-2"
          >
            {TABS.map((tab) => (
              <TabsTrigger key={tab.value} value={tab.value}>
                {tab.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="overview">
            <OverviewPanel
              snapshot={snapshot}
              backendReachable={!health.errorMessage}
              onTest={test}
              isTesting={isTesting}
            />
          </TabsContent>
          <TabsContent value="connections">
            <Card>
              <CardHeader>
                <CardTitle>{`Active Connections (${report.connections.length})`}</CardTitle>
              </CardHeader>
              <CardContent>
                <ConnectionsList connections={report.connections} />
              </CardContent>
            </Card>
          </TabsContent>
          <TabsContent value="logs">
            <LogsPanel logs={report.logs} />
          </TabsContent>
          <TabsContent value="performance">
            <PerformancePanel performance={report.performance} />
          </TabsContent>
        </Tabs>
      )}
    </>
  );
}

/** The router's `lazy` takes the module's `Component` (one name for every lazily loaded screen). */
export { ConTestPage as Component };
