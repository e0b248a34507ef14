// publint (strict) and are-the-types-wrong on packed tarballs, two at a time.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../lib/tool-env.mjs';

/** Runs a command; resolves with its exit status and its output (stdout and stderr). */
export function runAsync(command, args, cwd = repoRoot) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ status: -1, output: String(error) }));
    child.on('close', (status) => resolve({ status, output }));
  });
}

/**
 * Checks every `{ tarball, manifest }`: publint with warnings as errors, attw in every resolution mode (a package
 * without a library entry, the cli executable, has no types for attw). Resolves with one text per failure.
 */
export async function checkTarballs(packed, concurrency = 2) {
  const bin = (tool) => join(repoRoot, 'node_modules', '.bin', tool);
  const jobs = packed.flatMap((pkg) => [
    { pkg, tool: 'publint', args: ['run', pkg.tarball, '--strict'] },
    ...(pkg.manifest.exports?.['.'] ? [{ pkg, tool: 'attw', args: [pkg.tarball, '--format', 'ascii'] }] : []),
  ]);
  const problems = [];
  const worker = async () => {
    for (let job = jobs.shift(); job; job = jobs.shift()) {
      const result = await runAsync(bin(job.tool), job.args);
      if (result.status !== 0) problems.push(`${job.pkg.manifest.name} (${job.tool}):\n${result.output}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return problems;
}
