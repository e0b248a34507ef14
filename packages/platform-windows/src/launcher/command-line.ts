/**
 * Splits a command line into argv the way Windows programs do (CommandLineToArgvW rules, simplified): spaces and
 * tabs separate arguments, double quotes group (and are removed), `""` inside quotes is a literal quote, and
 * backslashes are kept as they are — so `powerpnt "C:\Users\me\Desktop\test.pptx"` keeps its path (UFO's
 * `shlex.split` turned `\t` into `t`). No shell is ever involved.
 */
export function splitCommandLine(command: string): string[] {
  const argv: string[] = [];
  let current = '';
  let inQuotes = false;
  let started = false;
  for (let i = 0; i < command.length; i += 1) {
    const c = command[i] as string;
    if (c === '"') {
      if (inQuotes && command[i + 1] === '"') {
        current += '"';
        i += 1;
      } else {
        inQuotes = !inQuotes;
      }
      started = true;
    } else if ((c === ' ' || c === '\t') && !inQuotes) {
      if (started) argv.push(current);
      current = '';
      started = false;
    } else {
      current += c;
      started = true;
    }
  }
  if (started) argv.push(current);
  return argv;
}
