// Preloaded into bench:realtime's servers (NODE_OPTIONS=--import), no server code changed: on SIGUSR2, a
// full garbage collection, then the process's memory figures written to memoryFileOf(pid) (realtime-setup.ts).
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');
process.on('SIGUSR2', () => {
  gc();
  const file = path.join(tmpdir(), `mixdesk-bench-memory-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(process.memoryUsage()));
});
