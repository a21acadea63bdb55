// Which errors mean a full disk: the ones the file system, better-sqlite3 and PostgreSQL throw, also when
// wrapped; the full disk itself is made for real in disk-full.test.ts and test/reliability/disk-full.test.ts.
import { describe, expect, it } from 'vitest';
import { fileNotSaved, isDiskFull } from './disk-full.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDiskFull', () => {
  it.each([
    ['ENOSPC (no space left on the device)', withCode('ENOSPC')],
    ['EDQUOT (the disk quota is used up)', withCode('EDQUOT')],
    ['SQLITE_FULL (database or disk is full)', withCode('SQLITE_FULL', 'database or disk is full')],
    ["PostgreSQL's disk_full (SQLSTATE 53100)", withCode('53100', 'could not extend file')],
    ['an error that wraps one', new Error('store failed', { cause: withCode('ENOSPC') })],
    ['the 507 a stored file answers', fileNotSaved(withCode('ENOSPC'))],
  ])('%s is a full disk', (_name, err) => {
    expect(isDiskFull(err)).toBe(true);
  });

  it.each([
    ['another errno', withCode('EACCES')],
    ['another SQLite error', withCode('SQLITE_CONSTRAINT_UNIQUE')],
    ['a PostgreSQL connection failure', withCode('57P01')],
    ['no error at all', undefined],
    ['a string', 'ENOSPC'],
    ['a code that is no string', { code: 28 }],
  ])('%s is not', (_name, err) => {
    expect(isDiskFull(err)).toBe(false);
  });
});
