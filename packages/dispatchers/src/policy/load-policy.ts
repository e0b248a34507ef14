import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { compilePolicy, PolicyInvalidError, type CompiledPolicy } from '@ufo-ts/policy';

/**
 * Parses a policy from YAML (or JSON) text: the document is the policy itself, or has it under a top-level
 * `policy` key (so a ufo-ts configuration file works too). Throws `PolicyInvalidError` (from `@ufo-ts/policy`).
 *
 * @example
 * ```ts
 * const policy = parsePolicyYaml('rules:\n  - { id: no-rm, match: { kind: delete }, decision: deny, reason: never delete }\n');
 * ```
 */
export function parsePolicyYaml(text: string, source = 'policy'): CompiledPolicy {
  let doc: unknown;
  try {
    doc = parse(text);
  } catch (error) {
    throw new PolicyInvalidError(`${source}: not valid YAML: ${(error as Error).message}`, { cause: error });
  }
  if (doc && typeof doc === 'object' && !Array.isArray(doc) && 'policy' in doc) doc = (doc as { policy: unknown }).policy;
  try {
    return compilePolicy((doc ?? {}) as never);
  } catch (error) {
    if (error instanceof PolicyInvalidError) throw new PolicyInvalidError(`${source}: ${(error as Error).message}`, { cause: error });
    throw error;
  }
}

/**
 * Reads and parses a policy file (see {@link parsePolicyYaml}).
 *
 * @example
 * ```ts
 * const policy = loadPolicyFile('policy.yaml');
 * ```
 */
export function loadPolicyFile(path: string): CompiledPolicy {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new PolicyInvalidError(`cannot read the policy file ${path}: ${(error as Error).message}`, { cause: error });
  }
  return parsePolicyYaml(text, path);
}
