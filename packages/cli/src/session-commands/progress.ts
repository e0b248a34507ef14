import type { EngineEvent } from '@ufo-ts/core';

/** How progress is shown: a live status line (a terminal), plain lines (a pipe or a file), or JSON lines. */
export type ProgressStyle = 'tty' | 'plain' | 'json';

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const CLEAR_LINE = '\r\x1b[2K';

/** Options of {@link ProgressReporter}. */
export interface ProgressReporterOptions {
  style: ProgressStyle;
  /** Where the human-readable progress goes (stderr). */
  write: (text: string) => void;
  /** Where JSON lines go (stdout). */
  writeJson: (text: string) => void;
}

/**
 * Shows a session's progress from its events: in a terminal a live line (step, agent, state, last action, cost so
 * far) above which each finished step is printed; in a pipe one plain line per step and round; with `--json`
 * every event as a JSON line. The engine prints nothing itself.
 */
export class ProgressReporter {
  private cost = 0;
  private live: { step: number; agent: string; state: string; action?: string } | undefined;
  private action: string | undefined;
  private frame = 0;

  constructor(private readonly options: ProgressReporterOptions) {}

  /** Total model cost seen so far (USD). */
  get costSoFar(): number {
    return this.cost;
  }

  /** Handles one engine event. */
  onEvent(event: EngineEvent): void {
    if (this.options.style === 'json') {
      this.options.writeJson(`${JSON.stringify(event)}\n`);
      if (event.type === 'step-end') this.cost += event.cost;
      return;
    }
    switch (event.type) {
      case 'round-start':
        this.print(`round ${event.round}: ${oneLine(event.request)}`);
        break;
      case 'step-start':
        this.action = undefined;
        this.live = { step: event.step, agent: event.agent, state: event.state };
        this.redraw();
        break;
      case 'command':
        if (!/^(capture_|get_)/.test(event.tool)) this.action = `${event.tool}${event.status === 'success' ? '' : ` (${event.status})`}`;
        if (this.live) this.live.action = this.action;
        this.redraw();
        break;
      case 'command-progress':
        if (this.live) {
          const share = event.total ? `${event.progress}/${event.total}` : String(event.progress);
          this.live.action = `${event.tool} ${share}${event.message ? ` ${oneLine(event.message)}` : ''}`;
        }
        this.redraw();
        break;
      case 'step-end':
        this.cost += event.cost;
        this.live = undefined;
        this.print(
          `  step ${String(event.step).padStart(2)}  ${event.agent.padEnd(18)} ${`${event.state} → ${event.status}`.padEnd(22)} ${(this.action ?? '').padEnd(30)} ${money(event.cost)}  total ${money(this.cost)}`,
        );
        break;
      case 'confirmation':
        this.print(`  ${event.agent}: ${event.function} ${event.approved ? 'approved' : 'rejected'}`);
        break;
      case 'round-end':
        this.print(
          `round ${event.round} ended: ${event.state}${event.result !== undefined && event.result !== '' ? ` — ${oneLine(typeof event.result === 'string' ? event.result : JSON.stringify(event.result))}` : ''}`,
        );
        break;
      case 'warning':
        this.print(`  warning: ${event.message}`);
        break;
      default:
        break;
    }
  }

  /** Prints a line above the live line. */
  print(line: string): void {
    if (this.options.style === 'json') return;
    const clear = this.options.style === 'tty' ? CLEAR_LINE : '';
    this.options.write(`${clear}${line}\n`);
    this.redraw();
  }

  /** Removes the live line (before the final summary). */
  finish(): void {
    if (this.options.style === 'tty') this.options.write(CLEAR_LINE);
  }

  private redraw(): void {
    if (this.options.style !== 'tty' || !this.live) return;
    const spin = SPINNER[this.frame++ % SPINNER.length];
    const { step, agent, state, action } = this.live;
    this.options.write(`${CLEAR_LINE}${spin} step ${step} · ${agent} · ${state} · ${action ?? 'thinking…'} · ${money(this.cost)} so far`);
  }
}

function money(cost: number): string {
  return `$${cost.toFixed(4)}`;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 100 ? `${flat.slice(0, 100)}…` : flat;
}

/** The style for this process: `--json`, else a terminal on stderr, else plain. */
export function progressStyle(json: boolean | undefined, isTty: boolean | undefined): ProgressStyle {
  return json ? 'json' : isTty ? 'tty' : 'plain';
}
