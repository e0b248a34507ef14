import type { LogSink } from '@ufo-ts/core';
import { BoundedMap } from '@ufo-ts/core/internal';
import type { ServerEvent } from '../server-events.js';
import { EventHub, type EventHubOptions } from './event-hub.js';
import { streamEventOfServerEvent } from './server-event-translator.js';
import type { StreamEventBus } from './stream-event-bus.js';
import type { StreamEvent } from './stream-event-schema.js';
import { StreamingLogSink } from './streaming-log-sink.js';

/** Options of {@link ServerEventStream}. */
export interface ServerEventStreamOptions extends Omit<EventHubOptions, 'bus'> {
  /** Where events are published and read back (one process, or shared by a cluster's nodes). */
  bus: StreamEventBus;
  /** The id of the API key that owns a task, when tasks are owned per key (its events go to that key only). */
  audienceOfTask: (taskName: string) => string | undefined;
}

/**
 * The live event stream of one server node: it turns server events, engine events and task logs into stream
 * events, publishes them on the bus, and keeps the node's {@link EventHub} (buffers and subscribers) fed from it.
 *
 * @example
 * ```ts
 * const stream = new ServerEventStream({ bus: new LocalStreamEventBus({ clock }), clock, audienceOfTask: () => undefined });
 * await stream.start();
 * stream.publishServerEvent({ type: 'client-registered', clientId: 'pc-1', platform: 'linux', remote: '127.0.0.1' });
 * ```
 */
export class ServerEventStream {
  readonly bus: StreamEventBus;
  readonly hub: EventHub;
  private readonly audienceOfTask: (taskName: string) => string | undefined;
  /** Log folders of the tasks whose logs this node wrote (the screenshots' folders, also in cluster mode). */
  private readonly folders = new BoundedMap<string, string>(1_000);

  constructor(options: ServerEventStreamOptions) {
    const { audienceOfTask, ...hub } = options;
    this.bus = options.bus;
    this.hub = new EventHub(hub);
    this.audienceOfTask = audienceOfTask;
  }

  /** Publishes the stream event of a server event (if the stream carries it). */
  publishServerEvent(event: ServerEvent): void {
    const streamed = streamEventOfServerEvent(event, new Date(this.hub.clock.now()).toISOString());
    if (streamed) this.publish(streamed);
  }

  /** Publishes a stream event; task events go to the owning key only. Never throws. */
  publish(event: StreamEvent): void {
    try {
      const audience = 'task_name' in event ? this.audienceOfTask(event.task_name) : undefined;
      this.bus.publish({ event, ...(audience !== undefined ? { audience } : {}) });
    } catch {
      // the stream never changes the server's behaviour
    }
  }

  /** Wraps a task's log sink so its steps, model calls and screenshots are streamed too. */
  wrapLogSink(sink: LogSink, taskName: string): LogSink {
    if (sink.folder !== undefined) this.folders.set(taskName, sink.folder);
    return new StreamingLogSink({ inner: sink, taskName, publish: (event) => this.publish(event), clock: this.hub.clock });
  }

  /** The log folder of a task whose logs this node wrote (recent tasks only), for serving its screenshots. */
  folderOf(taskName: string): string | undefined {
    return this.folders.get(taskName);
  }

  /** Starts receiving from the underlying event bus (connects, for a shared bus). */
  start(): Promise<void> {
    return this.bus.start();
  }

  /** Closes every subscriber, then stops the event bus and releases its connections. */
  async close(): Promise<void> {
    this.hub.close();
    await this.bus.close();
  }
}
