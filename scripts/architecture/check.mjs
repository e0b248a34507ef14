#!/usr/bin/env node
// `pnpm lint` entry: fails when the package graph breaks the rules in rules.mjs, or when code outside the packages
// (examples, benchmarks, documentation) imports an internal entry point.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkGraph, internalEntryImports, readWorkspaceGraph } from './graph.mjs';
import { ALLOWED_DEPENDENCIES, PUBLIC_API_ONLY } from './rules.mjs';

const packagesDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages');
const problems = [...checkGraph(readWorkspaceGraph(packagesDir), ALLOWED_DEPENDENCIES), ...internalEntryImports(join(packagesDir, '..'), PUBLIC_API_ONLY)];
if (problems.length > 0) {
  for (const p of problems) process.stderr.write(`architecture: ${p}\n`);
  process.exit(1);
}
process.stdout.write('architecture: package graph follows the rules\n');
