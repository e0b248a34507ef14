#!/usr/bin/env node
import { runCli } from './cli.js';
import { processIo } from './cli-io.js';

const code = await runCli(process.argv.slice(2), processIo());
process.exit(code);
