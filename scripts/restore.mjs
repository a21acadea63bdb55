// `npm run restore -- <dir>`: puts a backup back into an empty data dir or PostgreSQL schema, every checksum
// verified first (apps/server/src/cli/backup/restore.ts), with the server's environment.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { register } = await import('tsx/esm/api');
register();
const { restoreCommand } = await import(path.join(root, 'apps/server/src/cli/backup/restore.ts'));
process.exitCode = await restoreCommand(process.argv.slice(2));
