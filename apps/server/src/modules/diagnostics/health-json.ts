// The health report as JSON text, for the screens polling it every 5 s. Its 500 kept log lines are most of
// its bytes and change only when a line is written, so their JSON is made once per new line and spliced in;
// the rest (a few hundred bytes that change on every poll) goes through the schema as any answer does.

import type { HealthReport } from '@mixdesk/contract/diagnostics';
import { HealthReportSchema, type LogEntry } from '@mixdesk/contract/diagnostics';

const WithoutLogsSchema = HealthReportSchema.omit({ logs: true });
type WithoutLogs = Omit<HealthReport, 'logs'>;

/** The log buffer hands out the same array until a line arrives: its JSON is kept beside it. */
const logsJson = new WeakMap<readonly LogEntry[], string>();

function jsonOfLogs(logs: readonly LogEntry[]): string {
  let text = logsJson.get(logs);
  if (text === undefined) {
    text = JSON.stringify(logs);
    logsJson.set(logs, text);
  }
  return text;
}

/** `{ success, message, data: { ...report, logs } }` as the envelope's serializer would write it. */
export function healthEnvelopeJson(message: string, report: WithoutLogs, logs: readonly LogEntry[]): string {
  const rest = JSON.stringify(WithoutLogsSchema.parse(report));
  const head = JSON.stringify({ success: true, message });
  // `{...}` + `,"logs":[...]}`: the report's closing brace moves after the logs.
  return `${head.slice(0, -1)},"data":${rest.slice(0, -1)},"logs":${jsonOfLogs(logs)}}}`;
}
