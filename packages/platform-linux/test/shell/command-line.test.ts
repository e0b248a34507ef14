import { describe, expect, it } from 'vitest';
import { ShellRefusedError } from '../../src/errors.js';
import { splitCommandLine } from '../../src/shell/command-line.js';

describe('splitCommandLine', () => {
  it('splits words and honours quotes and escapes without expanding anything', () => {
    expect(splitCommandLine('ls -la /tmp')).toEqual(['ls', '-la', '/tmp']);
    expect(splitCommandLine(`grep -r 'a b' "c \\"d\\"" e\\ f`)).toEqual(['grep', '-r', 'a b', 'c "d"', 'e f']);
    expect(splitCommandLine(`echo 'it''s' ""`)).toEqual(['echo', 'its', '']);
    expect(splitCommandLine(`echo '$(id); ` + '`id`' + ` | x > y'`)).toEqual(['echo', '$(id); `id` | x > y']);
    expect(splitCommandLine('  echo   a\tb  ')).toEqual(['echo', 'a', 'b']);
  });

  it.each([
    ['ls | sh', /pipes/],
    ['ls; rm -rf /', /command lists/],
    ['ls && id', /background jobs and &&/],
    ['ls & id', /background/],
    ['echo $(id)', /substitution/],
    ['echo `id`', /backticks/],
    ['echo "$(id)"', /substitution/],
    ['echo "`id`"', /backticks/],
    ['echo $HOME', /variable/],
    ['cat < /etc/passwd', /redirections/],
    ['echo x > /tmp/owned', /redirections/],
    ['echo x >> /tmp/owned', /redirections/],
    ['ls\nid', /several lines/],
    ['ls\r\nid', /several lines/],
    ['echo "a\nb"', /several lines/],
    ['ls \\\nid', /several lines/],
    ['ls *.txt', /globbing/],
    ['ls /tm?', /globbing/],
    ['ls [ab]', /globbing/],
    ['echo {a,b}', /brace expansion/],
    ['ls ~', /~/],
    ['(id)', /subshells/],
    ["echo 'unterminated", /unterminated single quote/],
    ['echo "unterminated', /unterminated double quote/],
  ])('refuses %j', (line, reason) => {
    expect(() => splitCommandLine(line)).toThrow(ShellRefusedError);
    expect(() => splitCommandLine(line)).toThrow(reason);
  });
});
