// `npm run backup -- <dir> [--with-files]`: a consistent backup of the database, the generated secrets and the
// stored files into an empty folder (apps/server/src/cli/backup.ts), with the server's environment.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { register } = await import('tsx/esm/api');
register();
const { backupCommand } = await import(path.join(root, 'apps/server/src/cli/backup.ts'));
process.exitCode = await backupCommand(process.argv.slice(2));
