import type { CommandResultsMessage, ServerCommandMessage, ServerMessageInput } from '@ufo-ts/aip';
import type { ClusterKeys } from '../keys.js';
import { NodeReplySchema, parseJson, type DeviceEnvelope, type DeviceEnvelopeInput } from '../messages.js';
import type { MessageBus } from '../redis/message-bus.js';

/** Options of {@link CommandRouter}. */
export interface CommandRouterOptions {
  nodeId: string;
  keys: ClusterKeys;
  bus: MessageBus;
}

/** A reply being waited for. */
export interface PendingReply {
  /** Resolves with the device's COMMAND_RESULTS (the first that arrives). */
  readonly reply: Promise<CommandResultsMessage>;
  /** Stops waiting (the promise then never resolves). */
  dispose(): void;
}

/**
 * The sending side of command routing, used by the sessions a node's workers run: publishes a command on the
 * device's sharded channel with this node's reply channel, and hands the replies arriving there to whoever waits
 * for that command id. SPUBLISH tells how many nodes got it, so an offline device is known at once (0).
 */
export class CommandRouter {
  private readonly waiting = new Map<string, (message: CommandResultsMessage) => void>();
  private started = false;

  constructor(private readonly options: CommandRouterOptions) {}

  /** This node's reply channel. */
  get replyChannel(): string {
    return this.options.keys.nodeChannel(this.options.nodeId);
  }

  /** Subscribes to the reply channel. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.options.bus.subscribe(this.replyChannel, (text) => {
      const reply = parseJson(NodeReplySchema, text, 'a command reply');
      this.waiting.get(reply.message.prev_response_id)?.(reply.message);
    });
  }

  /** Waits for the results of a command id (register before sending, so a fast reply is not missed). */
  expect(commandId: string): PendingReply {
    let resolve!: (message: CommandResultsMessage) => void;
    const reply = new Promise<CommandResultsMessage>((r) => (resolve = r));
    this.waiting.set(commandId, (message) => {
      this.waiting.delete(commandId);
      resolve(message);
    });
    return { reply, dispose: () => void this.waiting.delete(commandId) };
  }

  /** Publishes a command for a device; resolves with the number of nodes that got it (0: the device is offline). */
  sendCommand(clientId: string, message: ServerCommandMessage): Promise<number> {
    return this.publish(clientId, { kind: 'command', replyTo: this.replyChannel, message });
  }

  /** Publishes a message with no reply (TASK, TASK_END, CANCEL) for a device; resolves with the receiver count. */
  deliver(clientId: string, message: ServerMessageInput): Promise<number> {
    return this.publish(clientId, { kind: 'deliver', message } as DeviceEnvelopeInput);
  }

  /** Number of commands waiting for replies. */
  get pendingCount(): number {
    return this.waiting.size;
  }

  private publish(clientId: string, envelope: DeviceEnvelope | DeviceEnvelopeInput): Promise<number> {
    return this.options.bus.publish(this.options.keys.deviceChannel(clientId), JSON.stringify(envelope));
  }
}
