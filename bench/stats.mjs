// Shared helpers for benchmarks: timing, percentiles and writing bench/results/<name>.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';

export const resultsDir = join(dirname(fileURLToPath(import.meta.url)), 'results');

/** Percentile (0..100) of a list of numbers, by nearest rank. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/** Summary of samples in milliseconds: n, median, p95, p99, min, max, mean. */
export function summarize(samples) {
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  const round = (v) => Math.round(v * 1000) / 1000;
  return {
    n: samples.length,
    median: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    p99: round(percentile(samples, 99)),
    min: round(Math.min(...samples)),
    max: round(Math.max(...samples)),
    mean: round(mean),
  };
}

/** Runs `fn` `n` times (after `warmup` untimed runs) and returns the per-call milliseconds. */
export async function sample(fn, { n, warmup = Math.min(50, n) }) {
  for (let i = 0; i < warmup; i += 1) await fn(i);
  const out = [];
  for (let i = 0; i < n; i += 1) {
    const t0 = performance.now();
    await fn(i);
    out.push(performance.now() - t0);
  }
  return out;
}

/** Writes a result file with machine information and returns its path. */
export function writeResult(name, data) {
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `${name}.json`);
  const payload = {
    name,
    date: new Date().toISOString(),
    machine: { node: process.version, cpus: os.cpus().length, loadavg: os.loadavg() },
    ...data,
  };
  writeFileSync(file, JSON.stringify(payload, null, 2) + '\n');
  return file;
}
