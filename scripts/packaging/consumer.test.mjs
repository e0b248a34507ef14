// The consumer test: every publishable package packed as it would be published, installed from the tarballs into
// a fresh npm project outside the workspace (third-party dependencies from the registry, no workspace links), then
// used the ways an integrator would. Skips, saying so, only when the npm registry cannot be reached.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeBinary, OTHER_NODE_VERSIONS } from '../lib/node-versions.mjs';
import { repoRoot } from '../lib/tool-env.mjs';
import { consumerManifest, entryPoints, exampleThirdPartyDependencies, importAll, requireAll, typeImports } from './consumer-files.mjs';
import { checkTarballs, runAsync } from './check-tarballs.mjs';
import { packAll } from './pack.mjs';
import { tarballManifest } from './tarball.mjs';

const registryUp = spawnSync('npm', ['ping'], { encoding: 'utf8', timeout: 15_000 }).status === 0;
if (!registryUp) process.stderr.write('consumer test SKIPPED: the npm registry does not answer `npm ping` (offline?)\n');

const work = mkdtempSync(join(tmpdir(), 'ufo-consumer-'));
const project = join(work, 'project');
const fixtures = join(repoRoot, 'scripts', 'packaging', 'consumer');
const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
/** The examples that run without a desktop (linux-calculator-demo needs a real one). */
const EXAMPLES = readdirSync(join(repoRoot, 'examples')).filter(
  (name) => name !== 'linux-calculator-demo' && existsSync(join(repoRoot, 'examples', name, 'index.mjs')),
);
let packed = [];
let tarballProblems = [];

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: project, encoding: 'utf8', timeout: 180_000, ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

describe.skipIf(!registryUp)('packed packages in a fresh project', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    mkdirSync(join(work, 'tarballs'));
    packed = await packAll(join(work, 'tarballs'));
    mkdirSync(project);
    const exampleManifests = EXAMPLES.map((example) => JSON.parse(readFileSync(join(repoRoot, 'examples', example, 'package.json'), 'utf8')));
    writeFileSync(join(project, 'package.json'), `${JSON.stringify(consumerManifest(packed, exampleThirdPartyDependencies(exampleManifests)), null, 2)}\n`);
    // The install waits on the network, the checks on the CPU: run them side by side.
    const [install, problems] = await Promise.all([
      runAsync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], project),
      checkTarballs(packed),
    ]);
    if (install.status !== 0) throw new Error(`npm install failed:\n${install.output}`);
    tarballProblems = problems;
    const entries = entryPoints(packed);
    writeFileSync(join(project, 'require-all.cjs'), requireAll(entries));
    writeFileSync(join(project, 'import-all.mjs'), importAll(entries));
    writeFileSync(join(project, 'all-packages.mts'), typeImports(entries));
    for (const file of ['consumer.mts', 'consumer.cts', 'tsconfig.nodenext.json', 'tsconfig.bundler.json']) cpSync(join(fixtures, file), join(project, file));
    for (const example of EXAMPLES) {
      cpSync(join(repoRoot, 'examples', example), join(project, 'examples', example), {
        recursive: true,
        filter: (source) => !/[\\/](node_modules|logs|package\.json)$/.test(source),
      });
    }
  }, 240_000);
  afterAll(() => rm(work, { recursive: true, force: true }), 300_000);

  it('tarballs hold dist and versions, no workspace: range', () => {
    for (const pkg of packed) {
      const { manifest, files } = tarballManifest(pkg.tarball);
      expect(
        files.some((f) => f.startsWith('package/dist/')),
        `${pkg.manifest.name} has dist`,
      ).toBe(true);
      expect(files, `${pkg.manifest.name} has LICENSE`).toContain('package/LICENSE');
      expect(JSON.stringify(manifest), `${pkg.manifest.name} has no workspace: range`).not.toContain('workspace:');
      expect(manifest.version).toBe(pkg.manifest.version);
    }
  });

  it('each tarball passes publint (strict) and are-the-types-wrong (node10, node16 CJS and ESM, bundler)', () => {
    expect(tarballProblems.join('\n')).toBe('');
  });

  it('installs from the tarballs alone: no @ufo-ts package came from elsewhere, none twice', () => {
    const tree = JSON.parse(run('npm', ['ls', '--all', '--json']));
    const seen = [];
    const walk = (deps = {}) => {
      for (const [name, info] of Object.entries(deps)) {
        if (name.startsWith('@ufo-ts/') && info.resolved) seen.push([name, info.resolved]);
        walk(info.dependencies);
      }
    };
    walk(tree.dependencies);
    for (const [name, resolved] of seen) expect(resolved, name).toMatch(/^file:/);
    expect(readFileSync(join(project, 'node_modules', '@ufo-ts', 'core', 'package.json'), 'utf8')).toContain('"version"');
  });

  it(`CommonJS require() and ESM import of every entry on Node ${process.versions.node}`, () => {
    expect(run('node', ['require-all.cjs'])).toContain('require ok');
    expect(run('node', ['import-all.mjs'])).toContain('import ok');
  });

  it.each(OTHER_NODE_VERSIONS)(
    'CommonJS require() and ESM import of every entry on Node %s',
    (version) => {
      const node = nodeBinary(version);
      expect(node.reason).toBeUndefined();
      expect(run(node.binary, ['--version']).trim()).toBe(`v${version}`);
      expect(run(node.binary, ['require-all.cjs'])).toContain('require ok');
      expect(run(node.binary, ['import-all.mjs'])).toContain('import ok');
      const ufo = join(project, 'node_modules', '@ufo-ts', 'cli', 'dist', 'bin', 'ufo.cjs');
      expect(run(node.binary, [ufo, '--help'], { env: { ...process.env, UFO_COMPILE_CACHE: 'off' } })).toContain('Usage: ufo <command>');
    },
    300_000,
  );

  it('a TypeScript consumer typechecks under nodenext (every declaration file checked; its .cts runs) and under bundler', () => {
    run('node', [tsc, '-p', 'tsconfig.nodenext.json']);
    expect(run('node', ['out/consumer.cjs'])).toContain('cts consumer ok');
    run('node', [tsc, '-p', 'tsconfig.bundler.json']);
  }, 120_000);

  it.each(EXAMPLES)('runs examples/%s from the published packages', (example) => {
    run('node', ['index.mjs', '--quiet'], { cwd: join(project, 'examples', example) });
  });

  it('the packed ufo answers --help and --version', () => {
    const ufo = join(project, 'node_modules', '.bin', 'ufo');
    expect(run(ufo, ['--help'], { env: { ...process.env, UFO_COMPILE_CACHE: 'off' } })).toContain('Usage: ufo <command>');
    const cli = packed.find((p) => p.manifest.name === '@ufo-ts/cli');
    expect(run(ufo, ['--version'], { env: { ...process.env, UFO_COMPILE_CACHE: 'off' } }).trim()).toBe(cli.manifest.version);
  });

  it('the packed ufo ships the office task files and their file parser', () => {
    const ufo = join(project, 'node_modules', '.bin', 'ufo');
    const listed = run(ufo, ['eval', '--suite', 'office', '--list'], { env: { ...process.env, UFO_COMPILE_CACHE: 'off' } });
    for (const task of ['writer-bold-title', 'calc-sum-total', 'impress-retitle']) expect(listed).toContain(task);
    const bundle = join(project, 'node_modules', '@ufo-ts', 'cli', 'dist', 'bin', 'ufo-bundle.cjs');
    expect(run('node', ['-e', `console.log(require('node:module').createRequire(${JSON.stringify(bundle)}).resolve('officeparser'))`])).toContain(
      'officeparser',
    );
  });
});
