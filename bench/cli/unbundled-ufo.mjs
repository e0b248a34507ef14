// The `ufo` command run from the packages' library builds (each @ufo-ts package and SDK resolved and loaded from
// node_modules) instead of the bundled executable: bench/cli's same-run baseline for the bundle's effect. The cli's
// library build exists in the workspace only (the published package is the executable), so it is loaded by path.
import { processIo, runCli } from '../../packages/cli/dist/index.js';
import { z } from 'zod';

z.config({ jitless: true });
process.exit(await runCli(process.argv.slice(2), processIo()));
