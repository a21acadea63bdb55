import { describe, expect, it } from 'vitest';
import { multiLine, oneLine, passwordStrength, RegisterSchema } from './auth.ts';
import { CommentBodySchema } from './comments.ts';
import { TrackTitleSchema } from './media.ts';
import { CreateShareLinkSchema, GuestNameSchema } from './share-links.ts';

describe('passwordStrength', () => {
  it.each([
    ['', 'Very Weak', 0],
    ['abc', 'Very Weak', 1],
    ['abcdefgh', 'Weak', 2],
    ['abcdefgH', 'Fair', 3],
    ['abcdefH1', 'Good', 4],
    ['abcdeH1!', 'Strong', 5],
  ])('%j is %s (%i criteria)', (password, label, score) => {
    const s = passwordStrength(password);
    expect(s.label).toBe(label);
    expect(s.score).toBe(score);
  });
});

describe('RegisterSchema', () => {
  it('normalises the email and defaults the role to artist', () => {
    const parsed = RegisterSchema.parse({ name: ' Ann ', email: ' Ann@Example.COM ', password: 'abcdefgh' });
    expect(parsed).toEqual({ name: 'Ann', email: 'ann@example.com', password: 'abcdefgh', role: 'artist' });
  });
});

describe('hidden characters (issue #20)', () => {
  const register = (name: string) =>
    RegisterSchema.safeParse({ name, email: 'a@example.com', password: 'Sound-Check-42' });

  it.each([
    ['a right-to-left override', 'Ana\u202Egnp.exe'],
    ['a first-strong isolate', 'Ana \u2068Ben'],
    ['a NUL', 'Ana\u0000'],
    ['a line break', 'Ana\nBen'],
    ['a C1 control', 'Ana\u0085Ben'],
  ])('a name with %s is refused with a message that says why', (_label, name) => {
    const result = register(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'Name must not contain control or text-direction characters',
    );
  });

  it('a name of letters, accents and other scripts is kept as typed', () => {
    expect(register('  Zoë Ødegård 李 ').data?.name).toBe('Zoë Ødegård 李');
  });

  it('one-line fields turn controls into spaces and drop bidi controls; multi-line ones keep line breaks', () => {
    expect(oneLine('Mix\u202E3vaw.exe\u0000end')).toBe('Mix3vaw.exe end');
    expect(multiLine('line one\r\nline\u2066 two\u0007')).toBe('line one\nline two');
  });

  it('every free-text field of the contract drops them: a comment, a track title, a share label', () => {
    expect(CommentBodySchema.parse('too loud\u202E at 1:12')).toBe('too loud at 1:12');
    expect(TrackTitleSchema.parse('Glass\u202Ehouse')).toBe('Glasshouse');
    expect(
      CreateShareLinkSchema.parse({ label: 'A&R\u2067 first', allowDownload: false, allowComments: false })
        .label,
    ).toBe('A&R first');
    expect(GuestNameSchema.safeParse('Gina\u202E').success).toBe(false);
  });
});
