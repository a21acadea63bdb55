// `npm run backup -- <dir> [--with-files]` (scripts/backup.mjs): the command around cli/backup/backup.ts, which
// it hands every area's stored-key columns.
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { storedKeyColumns } from '../modules/stored-keys.ts';
import { BACKUP_USAGE, backup, describeBackup } from './backup/backup.ts';
import { BackupError } from './backup/backup-manifest.ts';

/** The command: answers its exit code (0: backed up; 1: failed, nothing kept; 2: bad usage or refused). */
export async function backupCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  print: (line: string) => void = console.log,
): Promise<number> {
  const withFiles = argv.includes('--with-files');
  const args = argv.filter((a) => a !== '--with-files');
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    print(BACKUP_USAGE);
    return 2;
  }
  const dir = path.resolve(args[0]!);
  try {
    const summary = await backup(loadConfig(env), dir, {
      storedKeys: storedKeyColumns,
      withFiles,
      env,
      print,
    });
    print(describeBackup(summary, dir));
    return 0;
  } catch (err) {
    if (err instanceof BackupError || err instanceof ConfigError) {
      print(`backup: ${err.message}`);
      return err instanceof BackupError ? err.exitCode : 2;
    }
    print(`backup failed: ${(err as Error).message}`);
    return 1;
  }
}
