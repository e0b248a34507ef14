/**
 * `@ufo-ts/core/internal`: plumbing shared by the `@ufo-ts/*` packages (a lazily imported optional module, a
 * size-bounded map, canonical JSON). It is not part of the public API and not covered by semver: it may change
 * in any release. Use the main entry instead.
 *
 * @packageDocumentation
 */
export { canonicalJson } from './canonical-json.js';
export { LazyModule } from './lazy-module.js';
export { BoundedMap } from './bounded-map.js';
