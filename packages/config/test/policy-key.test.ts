import { describe, expect, it } from 'vitest';
import { ConfigError, configJsonSchema, parseConfigText } from '../src/index.js';

describe('the policy key', () => {
  it('takes a policy document, defaults applied', () => {
    const { config } = parseConfigText(
      `policy:
  order: deny-overrides
  rules:
    - id: no-passwords
      match: { kind: password_input }
      decision: deny
      reason: never type into password fields
    - id: system
      match: { arguments: { path: { under: [/etc] } } }
      decision: deny
      reason: system files
`,
      'ufo.yaml',
      { env: {} },
    );
    expect(config.policy).toMatchObject({
      version: 1,
      order: 'deny-overrides',
      default: 'allow',
      unknown: 'restrict',
      rules: [{ id: 'no-passwords' }, { id: 'system' }],
    });
    expect(parseConfigText('session: { maxSteps: 3 }\n', 'ufo.yaml', { env: {} }).config.policy).toBeUndefined();
  });

  it('a bad rule names the file, the line and the key', () => {
    let error: unknown;
    try {
      parseConfigText('policy:\n  rules:\n    - { id: x, decision: maybe, reason: r }\n', 'ufo.yaml', { env: {} });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/ufo\.yaml:3:\d+\s+policy\.rules\.0\.decision/);
  });

  it('is in the JSON Schema', () => {
    const schema = configJsonSchema() as { properties: Record<string, { properties?: Record<string, unknown> }> };
    expect(Object.keys(schema.properties.policy?.properties ?? {})).toEqual(expect.arrayContaining(['rules', 'order', 'default', 'unknown']));
  });
});
