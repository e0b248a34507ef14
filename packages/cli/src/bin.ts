#!/usr/bin/env node
import { z } from 'zod';
import { runCli } from './cli.js';
import { processIo } from './cli-io.js';

// A command parses a handful of objects per step: zod's JIT (it compiles a parser per object schema on first use)
// costs more start-up time than it ever saves here.
z.config({ jitless: true });

const code = await runCli(process.argv.slice(2), processIo());
process.exit(code);
