import { z } from 'zod';
import { runCli } from './cli.js';
import { processIo } from './cli-io.js';

// The command itself, bundled into dist/bin/ufo-bundle.cjs and started by the launcher (launcher/ufo-launcher.ts).

// A command parses a handful of objects per step: zod's JIT (it compiles a parser per object schema on first use)
// costs more start-up time than it ever saves here.
z.config({ jitless: true });

void runCli(process.argv.slice(2), processIo()).then((code) => process.exit(code));
