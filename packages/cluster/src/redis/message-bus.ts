import type { RedisClient } from './redis-connections.js';

type Handler = (text: string) => void;

/** Options of {@link MessageBus}. */
export interface MessageBusOptions {
  /** Connection for publishing (SPUBLISH, PUBLISH). */
  publisher: RedisClient;
  /** Connection in subscriber mode (SSUBSCRIBE, SUBSCRIBE); used for nothing else. */
  subscriber: RedisClient;
  /** A handler threw or a message could not be handled. */
  onError?: (error: unknown) => void;
}

/**
 * Redis pub/sub for one node: sharded channels (SSUBSCRIBE/SPUBLISH, Redis 7) for device commands and replies,
 * classic channels for broadcasts. One handler per channel. ioredis re-subscribes after a reconnect.
 */
export class MessageBus {
  private readonly sharded = new Map<string, Handler>();
  private readonly classic = new Map<string, Handler>();

  constructor(private readonly options: MessageBusOptions) {
    options.subscriber.on('smessage', (channel: string, text: string) => this.deliver(this.sharded, channel, text));
    options.subscriber.on('message', (channel: string, text: string) => this.deliver(this.classic, channel, text));
  }

  /**
   * Publishes on a sharded channel; resolves with the number of subscribers that received it (0: nobody holds
   * the channel).
   */
  async publish(channel: string, text: string): Promise<number> {
    return Number(await this.options.publisher.spublish(channel, text));
  }

  /** Subscribes to a sharded channel (replacing its handler). */
  async subscribe(channel: string, handler: Handler): Promise<void> {
    const had = this.sharded.has(channel);
    this.sharded.set(channel, handler);
    if (!had) await this.options.subscriber.ssubscribe(channel);
  }

  /** Leaves a sharded channel. */
  async unsubscribe(channel: string): Promise<void> {
    if (!this.sharded.delete(channel)) return;
    await this.options.subscriber.sunsubscribe(channel);
  }

  /** Publishes on a classic (broadcast) channel. */
  async broadcast(channel: string, text: string): Promise<number> {
    return Number(await this.options.publisher.publish(channel, text));
  }

  /** Subscribes to a classic (broadcast) channel. */
  async listen(channel: string, handler: Handler): Promise<void> {
    const had = this.classic.has(channel);
    this.classic.set(channel, handler);
    if (!had) await this.options.subscriber.subscribe(channel);
  }

  private deliver(handlers: Map<string, Handler>, channel: string, text: string): void {
    const handler = handlers.get(channel);
    if (!handler) return;
    try {
      handler(text);
    } catch (error) {
      this.options.onError?.(error);
    }
  }
}
