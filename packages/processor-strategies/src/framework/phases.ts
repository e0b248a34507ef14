/** The phases of one step, in execution order (inventory §5.1). */
export const PHASES = [
  'SETUP',
  'DATA_COLLECTION',
  'LLM_INTERACTION',
  'ACTION_EXECUTION',
  'MEMORY_UPDATE',
  'CLEANUP',
] as const;

export type Phase = (typeof PHASES)[number];
