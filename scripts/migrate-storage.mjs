// `npm run migrate-storage -- --to s3 | --to disk`: copies stored files between DATA_DIR/files and the S3
// bucket of the S3_* settings (apps/server/src/cli/migrate-storage.ts), with the server's environment.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { register } = await import('tsx/esm/api');
register();
const { migrateStorageCommand } = await import(path.join(root, 'apps/server/src/cli/migrate-storage.ts'));
process.exitCode = await migrateStorageCommand(process.argv.slice(2));
