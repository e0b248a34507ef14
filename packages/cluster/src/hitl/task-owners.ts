/**
 * The API key owning each recent task this node dispatched or ran, by task name, for the live event stream (whose
 * task events reach the owning key's subscribers only and must be addressed synchronously). Keeps the newest
 * `capacity` tasks.
 * @example
 * const owners = new TaskOwners(10_000);
 * owners.remember('calc-1', 'team-a');
 * owners.ownerOf('calc-1'); // 'team-a'
 */
export class TaskOwners {
  private readonly owners = new Map<string, string>();

  constructor(private readonly capacity = 10_000) {}

  remember(taskName: string, keyId: string): void {
    this.owners.delete(taskName);
    this.owners.set(taskName, keyId);
    if (this.owners.size > this.capacity) this.owners.delete(this.owners.keys().next().value!);
  }

  ownerOf(taskName: string): string | undefined {
    return this.owners.get(taskName);
  }
}
