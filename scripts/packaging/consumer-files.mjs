// The files of the consumer test's fresh project that depend on which packages were packed.

/** The project's package.json: every tarball as a `file:` dependency (and as an override, so a dependency between
 * two @ufo-ts packages resolves to its tarball, never to the registry), zod 4 from the registry. */
export function consumerManifest(packed, thirdParty = {}) {
  const tarballs = Object.fromEntries(packed.map((p) => [p.manifest.name, `file:${p.tarball}`]));
  return { name: 'ufo-consumer', private: true, type: 'commonjs', dependencies: { ...thirdParty, ...tarballs, zod: '^4.0.0' }, overrides: tarballs };
}

/** The examples' own dependencies that are not @ufo-ts packages (an AI SDK provider), at the versions they pin. */
export function exampleThirdPartyDependencies(manifests) {
  const out = {};
  for (const manifest of manifests) {
    for (const [name, range] of Object.entries(manifest.dependencies ?? {})) if (!name.startsWith('@ufo-ts/')) out[name] = range;
  }
  return out;
}

/** Every code entry of every packed package: `@ufo-ts/core`, `@ufo-ts/core/testing`, ... (JSON subpaths apart). */
export function entryPoints(packed) {
  const out = [];
  for (const { manifest } of packed) {
    for (const [key, target] of Object.entries(manifest.exports ?? {})) {
      if (typeof target === 'string') continue;
      out.push(key === '.' ? manifest.name : `${manifest.name}/${key.slice(2)}`);
    }
  }
  return out;
}

/** A CommonJS script that `require()`s every entry and checks it exports something. */
export function requireAll(entries) {
  return `${entries.map((e) => `if (Object.keys(require(${JSON.stringify(e)})).length === 0) throw new Error('nothing exported by ${e}');`).join('\n')}
console.log('require ok: ${entries.length} entries');
`;
}

/** An ES module that `import()`s every entry and checks it exports something. */
export function importAll(entries) {
  return `for (const entry of ${JSON.stringify(entries)}) {
  if (Object.keys(await import(entry)).length === 0) throw new Error('nothing exported by ' + entry);
}
console.log('import ok: ${entries.length} entries');
`;
}

/** A TypeScript module that loads the declarations of every entry (so each is typechecked). */
export function typeImports(entries) {
  return `${entries.map((e, i) => `export type * as entry${i} from ${JSON.stringify(e)};`).join('\n')}\n`;
}
