/**
 * Tasks that fail today because of a known platform-linux bug, by task id, with the bug in words. They stay in the
 * suite and run every time; the suite's test asserts that every other task passes. Remove an entry when the fix
 * lands (the test then holds the task to passing).
 */
export const KNOWN_PLATFORM_FAILURES: Readonly<Record<string, string>> = {};
