/**
 * `@ufo-ts/server/internal`: the server's plumbing for `@ufo-ts/cluster` and the other `@ufo-ts/*` packages (the
 * task lifecycle a cluster worker runs, the decisions and log lines of waiting tasks, budget guards, task log
 * folders, device credential hashing, the task policy a dispatch carries). It is not a stable public API and not
 * covered by semver: it may change in any release. Embed the server through the main entry, `@ufo-ts/server`,
 * instead.
 *
 * @packageDocumentation
 */
export { agentKindForPlatform } from './sessions/service-session.js';
export { claimTaskLogFolder, taskLogFolderName, LOG_FOLDER_OWNER_FILE } from './sessions/task-log-folder.js';
export { credentialMatches, generateDeviceCredential, hashDeviceCredential } from './auth/device-credentials.js';
export { taskOwnerKey } from './auth/api-key-ids.js';
export { taskPolicyOf, type TaskPolicyDefaults } from './scale-out/task-policy.js';
export { MAX_APPROVAL_TIMEOUT_MS } from './hitl/hitl-schemas.js';
export { resumeDecisionFor, timeoutDecisionFor } from './hitl/decisions.js';
export { BudgetGuard, type BudgetGuardOptions } from './budgets/budget-guard.js';
export * from './lifecycle/index.js';
