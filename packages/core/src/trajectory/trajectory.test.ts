import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { StepRecordInput } from '../step-record.js';
import { parseTrajectory } from './parse-trajectory.js';
import { readTrajectory } from './read-trajectory.js';
import { trajectoryToMarkdown, writeMarkdownReport } from './markdown-report.js';
import { renderHtmlReport, writeHtmlReport } from './html-report.js';

const step = (n: number, extra: Partial<StepRecordInput> = {}): StepRecordInput => ({
  type: 'step',
  agent: n === 0 ? 'HostAgent' : 'AppAgent/calc',
  agent_kind: n === 0 ? 'HostAgent' : 'AppAgent',
  state: 'CONTINUE',
  status: 'CONTINUE',
  session_step: n,
  round_step: n,
  round_num: 0,
  request: 'compute 12 × 34',
  actions: [],
  cost: 0.01,
  tokens: { input: 100, output: 10 },
  timings: { total: 20 },
  time: `2026-01-01T00:00:0${n}.000Z`,
  ...extra,
});

const lines = (records: unknown[]) => records.map((r) => JSON.stringify(r)).join('\n');
let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

describe('parseTrajectory', () => {
  it('reads steps, confirmations and evaluations, groups rounds and computes totals', () => {
    const trajectory = parseTrajectory({
      responseLog: lines([
        step(0, {
          status: 'ASSIGN',
          actions: [{ function: 'select_application_window', arguments: { id: '1' }, result: { status: 'success', call_id: 'a' } }],
        }),
        step(1, { status: 'CONFIRM', subtask: 'press =', cost: null, actions: [{ function: 'click_input', arguments: { id: '6' }, status: 'CONFIRM' }] }),
        { type: 'confirmation', agent: 'AppAgent/calc', session_step: 2, approved: true, actions: [{ function: 'click_input', arguments: { id: '6' } }] },
        step(2, { round_num: 1, request: 'second', status: 'ERROR', error: { name: 'StrategyFailedError', message: 'boom' } }),
      ]),
      evaluationLog: lines([
        {
          type: 'evaluation',
          level: 'session',
          request: 'compute',
          reason: 'ok',
          sub_scores: [{ name: 'result', evaluation: 'yes' }],
          complete: 'yes',
          cost: 0.002,
          time: 't',
        },
        { type: 'evaluation', level: 'round', round: 1, request: 'second', reason: 'failed', complete: 'no', cost: null, time: 't' },
      ]),
      files: ['action_step1.png', 'action_step1_annotated.png', 'action_round_0_final.png', 'action_round_0_sub_round_0_final.png'],
    });
    expect(trajectory.steps.map((s) => s.record.session_step)).toEqual([0, 1, 2]);
    expect(trajectory.steps[1]!.screenshots).toEqual({ clean: 'action_step1.png', annotated: 'action_step1_annotated.png' });
    expect(trajectory.steps[1]!.confirmations.map((c) => c.approved)).toEqual([true]);
    expect(trajectory.rounds.map((r) => [r.round, r.request, r.steps.length])).toEqual([
      [0, 'compute 12 × 34', 2],
      [1, 'second', 1],
    ]);
    expect(trajectory.rounds[0]!.finalScreenshot).toBe('action_round_0_final.png');
    expect(trajectory.rounds[0]!.subtaskScreenshots).toEqual(['action_round_0_sub_round_0_final.png']);
    expect(trajectory.evaluations.map((e) => e.complete)).toEqual(['yes', 'no']);
    expect(trajectory.totals).toMatchObject({
      steps: 3,
      rounds: 2,
      hostSteps: 1,
      appSteps: 2,
      errors: 1,
      actions: 2,
      cost: 0.02,
      unpricedSteps: 1,
      evaluationCost: 0.002,
      inputTokens: 300,
      outputTokens: 30,
      durationMs: 60,
    });
    expect(trajectory.problems).toEqual([]);
  });

  it('reads the captures of each subtask end and of the round end: window and desktop screenshots, UI trees', () => {
    const trajectory = parseTrajectory({
      responseLog: lines([step(0), step(1, { round_num: 1 })]),
      files: [
        'action_round_0_sub_round_0_final.png',
        'ui_tree_round_0_sub_round_0_final.json',
        'desktop_round_0_sub_round_0_final.png',
        // subtask 1's window screenshot failed; its desktop screenshot was saved
        'desktop_round_0_sub_round_1_final.png',
        'ui_tree_round_0_sub_round_10_final.json',
        'action_round_0_final.png',
        'ui_tree_round_0_final.json',
        'desktop_round_0_final.png',
        'ui_tree_round_1_sub_round_0_final.json',
        'ui_tree_round_1_final.json.tmp',
      ],
    });
    const [first, second] = trajectory.rounds;
    expect(first!.subtaskCaptures).toEqual([
      {
        subtask: 0,
        windowScreenshot: 'action_round_0_sub_round_0_final.png',
        uiTree: 'ui_tree_round_0_sub_round_0_final.json',
        desktopScreenshot: 'desktop_round_0_sub_round_0_final.png',
      },
      { subtask: 1, desktopScreenshot: 'desktop_round_0_sub_round_1_final.png' },
      { subtask: 10, uiTree: 'ui_tree_round_0_sub_round_10_final.json' },
    ]);
    expect(first!.finalCaptures).toEqual({
      windowScreenshot: 'action_round_0_final.png',
      uiTree: 'ui_tree_round_0_final.json',
      desktopScreenshot: 'desktop_round_0_final.png',
    });
    expect(second!.subtaskCaptures).toEqual([{ subtask: 0, uiTree: 'ui_tree_round_1_sub_round_0_final.json' }]);
    expect(second!.finalCaptures).toEqual({});
  });

  it('skips a line cut by a crash and a line that breaks the schema, and says where', () => {
    const trajectory = parseTrajectory({
      responseLog: `${JSON.stringify(step(0))}\n{"type":"step","agent":"x"\n${JSON.stringify({ ...step(1), session_step: 'one' })}\n`,
    });
    expect(trajectory.steps).toHaveLength(1);
    expect(trajectory.problems.map((p) => [p.line, p.message.split(' ')[0]])).toEqual([
      [2, 'not'],
      [3, 'session_step:'],
    ]);
  });
});

describe('reports', () => {
  function folderWithLogs(): string {
    const dir = mkdtempSync(join(tmpdir(), 'ufo-traj-'));
    dirs.push(dir);
    writeFileSync(
      join(dir, 'response.log'),
      `${lines([
        step(0, { thought: 'pick the <calculator> & go', plan: ['open', 'compute'], status: 'ASSIGN' }),
        step(1, {
          thought: 'press keys',
          status: 'FINISH',
          result: '408',
          screenshots: { screenshot: join(dir, 'action_step1.png'), annotated_screenshot: '/moved/elsewhere/action_step1_annotated.png' },
          actions: [{ function: 'click_input', arguments: { id: '1' }, status: 'FINISH', result: { status: 'failure', error: 'no control 1', call_id: 'c' } }],
        }),
      ])}\n`,
    );
    writeFileSync(join(dir, 'action_step1.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    writeFileSync(join(dir, 'action_step1_annotated.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1]));
    return dir;
  }

  it('writes output.md with the summary, the reasoning and relative image links', () => {
    const dir = folderWithLogs();
    const md = readFileSync(writeMarkdownReport(dir), 'utf8');
    expect(md).toContain('- **Steps**: 2 (HostAgent 1, other agents 1, errors 0)');
    expect(md).toContain('### Step 1: AppAgent/calc (CONTINUE → FINISH)');
    expect(md).toContain('- **Thought**: press keys');
    expect(md).toContain('`click_input(id="1")` → failure: no control 1');
    expect(md).toContain('<img src="action_step1_annotated.png"');
    expect(trajectoryToMarkdown(parseTrajectory({ responseLog: '' }))).toContain('No trajectory data found');
  });

  it('output.md escapes what the model wrote: no HTML, no images or links of its choosing, no closing its code', () => {
    const hostile = '<img src=x onerror=alert(1)> ![pixel](https://evil.example/t.png) [click](https://evil.example) <script>x</script>';
    const md = trajectoryToMarkdown(
      parseTrajectory({
        responseLog: lines([
          step(0, {
            request: `do it ${hostile}`,
            thought: hostile,
            result: 'line one\n```\n<script>alert(2)</script>',
            actions: [
              { function: 'type_text', arguments: { text: '`</code><script>alert(3)</script>' }, result: { status: 'failure', error: hostile, call_id: 'c' } },
            ],
          } as Partial<StepRecordInput>),
        ]),
      }),
    );
    // outside code (where markup is text anyway) nothing renders as HTML, an image or a link
    const prose = md.replace(/(`{3,})\n[\s\S]*?\n\1/g, '').replace(/(`+) [\s\S]*? \1|(`+)[^`\s][\s\S]*?\2/g, '');
    expect(prose).not.toMatch(/<(script|img src=x)/);
    expect(prose).not.toMatch(/(^|[^\\])!\[pixel/);
    expect(prose).not.toMatch(/(^|[^\\])\[click/);
    expect(md).toContain('- **Thought**: &lt;img src=x onerror=alert(1)&gt;');
    expect(md).toContain('- **Action**: ``type_text(text="`</code><script>alert(3)</script>")`` →');
    expect(md).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // the multi-line result sits in a fence longer than the one it contains
    expect(md).toContain('````\nline one\n```\n<script>alert(2)</script>\n````');
  });

  it('writes one self-contained HTML page: images inlined, text escaped, no external resources', () => {
    const dir = folderWithLogs();
    const html = readFileSync(writeHtmlReport(dir, readTrajectory(dir), { generatedAt: new Date(0) }), 'utf8');
    expect(html).toContain('data-steps="2"');
    expect(html.match(/<article class="step/g)).toHaveLength(2);
    expect(html).toContain(`src="data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 1]).toString('base64')}"`);
    expect(html).toContain('pick the &lt;calculator&gt; &amp; go');
    expect(html).not.toMatch(/(src|href)="(https?:|file:|\/)/);
    const noImages = renderHtmlReport(readTrajectory(dir));
    expect(noImages).not.toContain('<img');
    expect(html).not.toContain('class="captures"');
  });

  it('both reports link the captures of the subtask and round ends', () => {
    const dir = folderWithLogs();
    for (const file of [
      'action_round_0_sub_round_0_final.png',
      'ui_tree_round_0_sub_round_0_final.json',
      'desktop_round_0_final.png',
      'ui_tree_round_0_final.json',
    ]) {
      writeFileSync(join(dir, file), file.endsWith('.json') ? '{}' : Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    }
    const md = readFileSync(writeMarkdownReport(dir), 'utf8');
    expect(md).toContain(
      '- **End of subtask 0**: [window screenshot](action_round_0_sub_round_0_final.png) · [UI tree](ui_tree_round_0_sub_round_0_final.json)',
    );
    expect(md).toContain('- **End of round 0**: [UI tree](ui_tree_round_0_final.json) · [desktop screenshot](desktop_round_0_final.png)');
    const html = readFileSync(writeHtmlReport(dir), 'utf8');
    expect(html).toContain(
      '<li data-end="subtask-0">End of subtask 0: <a class="capture-windowScreenshot" href="action_round_0_sub_round_0_final.png">window screenshot</a> · <a class="capture-uiTree" href="ui_tree_round_0_sub_round_0_final.json">UI tree</a></li>',
    );
    expect(html).toContain(
      '<li data-end="round">End of round 0: <a class="capture-uiTree" href="ui_tree_round_0_final.json">UI tree</a> · <a class="capture-desktopScreenshot" href="desktop_round_0_final.png">desktop screenshot</a></li>',
    );
  });
});
