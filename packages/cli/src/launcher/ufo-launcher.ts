#!/usr/bin/env node
// The `ufo` executable: runs the bundled command (ufo-bundle.cjs beside this file) with a V8 code cache, so a
// command does not compile its few megabytes of JavaScript again on every start (see compile-cache.ts).
import { join } from 'node:path';
import { cacheNameFor, compileCacheDir } from './cache-location.js';
import { runWithCompileCache } from './compile-cache.js';

const run = runWithCompileCache({
  bundle: join(__dirname, 'ufo-bundle.cjs'),
  cacheDir: compileCacheDir(process.env),
  cacheName: cacheNameFor(process.argv.slice(2)),
});
// Saved at exit, after the command ran: the cache then holds every function the command compiled.
if (run.status === 'miss' || run.status === 'rejected') process.once('exit', () => run.save());
if (process.env['UFO_COMPILE_CACHE_REPORT']) process.stderr.write(`compile cache: ${run.status} ${run.cacheFile ?? ''}\n`);
