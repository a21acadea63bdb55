import { STEM_NAME_MAX } from '@mixdesk/contract/stems';
import { describe, expect, it } from 'vitest';
import { isStemFile, pickStemFiles, stemNameOf } from './stem-files';

const file = (path: string, type = '') => ({
  name: path.split('/').pop()!,
  type,
  webkitRelativePath: path.includes('/') ? path : '',
});

describe('which chosen or dropped files are stems', () => {
  it('takes audio by its extension or its type, in any case', () => {
    expect(isStemFile(file('Kick.WAV'))).toBe(true);
    expect(isStemFile(file('pad.aiff'))).toBe(true);
    expect(isStemFile(file('vox.flac'))).toBe(true);
    expect(isStemFile(file('bounce', 'audio/x-wav'))).toBe(true);
    expect(isStemFile(file('notes.txt', 'text/plain'))).toBe(false);
    expect(isStemFile(file('session.ptx'))).toBe(false);
  });

  it("leaves out a folder's hidden files, macOS's ._ companions included", () => {
    expect(isStemFile(file('Stems/.DS_Store'))).toBe(false);
    expect(isStemFile(file('Stems/._Kick.wav', 'audio/wav'))).toBe(false);
    expect(isStemFile(file('Stems/Kick.wav'))).toBe(true);
  });

  it('sorts a folder by name, numbers as numbers, and says what was left out', () => {
    const picked = pickStemFiles([
      file('Song/10 Pad.wav'),
      file('Song/readme.txt'),
      file('Song/2 Bass.wav'),
      file('Song/1 Kick.wav'),
    ]);
    expect(picked.stems.map((f) => f.name)).toEqual(['1 Kick.wav', '2 Bass.wav', '10 Pad.wav']);
    expect(picked.skipped.map((f) => f.name)).toEqual(['readme.txt']);
  });
});

describe("a stem's name from its file", () => {
  it('is the file name without its folders and extension', () => {
    expect(stemNameOf('Stems/Drums/Kick In.wav')).toBe('Kick In');
    expect(stemNameOf('bass.final.aiff')).toBe('bass.final');
    expect(stemNameOf('.wav')).toBe('.wav');
    expect(stemNameOf('noextension')).toBe('noextension');
  });

  it('is cut at the longest name a stem takes', () => {
    const long = `${'é'.repeat(STEM_NAME_MAX + 1)}.wav`;
    expect(Array.from(stemNameOf(long))).toHaveLength(STEM_NAME_MAX);
    expect(Array.from(stemNameOf(`${'a'.repeat(STEM_NAME_MAX)}.wav`))).toHaveLength(STEM_NAME_MAX);
  });
});
