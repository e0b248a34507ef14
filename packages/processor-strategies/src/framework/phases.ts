/** The phases of one step, in execution order: set-up, data collection, the model call, actions, memory, clean-up. */
export const PHASES = ['SETUP', 'DATA_COLLECTION', 'LLM_INTERACTION', 'ACTION_EXECUTION', 'MEMORY_UPDATE', 'CLEANUP'] as const;

/** One of the {@link PHASES}. */
export type Phase = (typeof PHASES)[number];
