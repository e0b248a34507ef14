import { Round, type RoundOptions, type RoundOutcome } from '@ufo-ts/core';

/** A {@link Round} with a hook that runs after it ends (the per-round evaluation). */
export class ManagedRound extends Round {
  constructor(
    options: RoundOptions,
    private readonly after: (outcome: RoundOutcome) => Promise<void>,
  ) {
    super(options);
  }

  override async run(): Promise<RoundOutcome> {
    const outcome = await super.run();
    await this.after(outcome);
    return outcome;
  }
}
