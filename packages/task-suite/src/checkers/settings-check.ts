import type { z } from 'zod';
import type { CheckResult } from '../task.js';
import { iniValue, readUntil } from '../tasks/checks.js';
import type { SettingsCheckerSchema } from './checker-schema.js';
import { CHECK_RETRY_MS, readText } from './file-checks.js';

/** A value of a JSON settings text by a dotted key path (`editor.tabSize`), as text; undefined when absent or not JSON. */
export function jsonSettingValue(text: string, key: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  // The whole key first (JSON settings often have dotted keys: `"editor.tabSize": 4`), then a path.
  const direct = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  if (direct === undefined) {
    for (const part of key.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  } else value = direct;
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The `settings` checker: one key of an INI, GLib keyfile or JSON settings file. */
export async function checkSettings(spec: z.infer<typeof SettingsCheckerSchema>, retryMs = CHECK_RETRY_MS): Promise<CheckResult> {
  const judge = (text: string | undefined): CheckResult => {
    if (text === undefined) return { passed: false, detail: `${spec.path} does not exist` };
    const value = spec.format === 'json' ? jsonSettingValue(text, spec.key) : iniValue(text, spec.key, spec.section);
    const where = `${spec.path}${spec.section ? ` [${spec.section}]` : ''}`;
    const passed = value === spec.equals;
    return {
      passed,
      detail: `${where} ${spec.key}=${value === undefined ? '(unset)' : JSON.stringify(value)}${passed ? '' : `, expected ${JSON.stringify(spec.equals)}`}`,
    };
  };
  return readUntil(
    () => judge(readText(spec.path)),
    (r) => r.passed,
    retryMs,
  );
}
