/** The report's stylesheet (inlined: the report is one self-contained file). */
export const REPORT_CSS = `
:root { color-scheme: light dark; --fg:#1f2328; --muted:#59636e; --bg:#fff; --card:#f6f8fa; --line:#d1d9e0; --ok:#1a7f37; --bad:#cf222e; --warn:#9a6700; --accent:#0969da; }
@media (prefers-color-scheme: dark) { :root { --fg:#e6edf3; --muted:#9198a1; --bg:#0d1117; --card:#151b23; --line:#3d444d; --ok:#3fb950; --bad:#f85149; --warn:#d29922; --accent:#4493f8; } }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1200px; padding: 24px; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
h1 { font-size: 24px; margin: 0 0 4px; } h2 { font-size: 18px; margin: 32px 0 12px; border-bottom: 1px solid var(--line); padding-bottom: 6px; }
.muted, .folder { color: var(--muted); }
.totals { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 8px; margin: 16px 0; padding: 0; }
.totals div { background: var(--card); border: 1px solid var(--line); border-radius: 6px; padding: 8px 12px; }
.totals dt { color: var(--muted); font-size: 12px; } .totals dd { margin: 0; font-size: 18px; font-weight: 600; }
.requests li { margin: 2px 0; }
.verdict { background: var(--card); border: 1px solid var(--line); border-radius: 6px; padding: 8px 12px; margin: 8px 0; }
.yes { color: var(--ok); font-weight: 600; } .no { color: var(--bad); font-weight: 600; } .unsure { color: var(--warn); font-weight: 600; }
.step { border: 1px solid var(--line); border-radius: 8px; margin: 12px 0; overflow: hidden; }
.step > header { display: flex; flex-wrap: wrap; gap: 12px; align-items: baseline; background: var(--card); padding: 8px 12px; border-bottom: 1px solid var(--line); }
.step .n { font-weight: 700; } .step .agent { font-weight: 600; } .step .meta { margin-left: auto; color: var(--muted); }
.status-FINISH .transition { color: var(--ok); } .status-ERROR .transition, .status-FAIL .transition { color: var(--bad); }
.status-CONFIRM .transition, .status-PENDING .transition { color: var(--warn); }
.step .body { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 3fr); gap: 16px; padding: 12px; }
.step .body.no-shot { grid-template-columns: 1fr; }
figure { margin: 0; } figure.final { margin-top: 12px; } img.round-final { display: block; width: 40%; min-height: 60px; border: 1px solid var(--line); border-radius: 4px; }
table.actions td:nth-child(2) { white-space: nowrap; } figcaption { color: var(--muted); font-size: 12px; }
img.screenshot { display: block; width: 100%; min-height: 60px; border: 1px solid var(--line); border-radius: 4px; image-rendering: auto; background: var(--card); }
dl.fields { margin: 0; align-content: start; display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 4px 12px; }
dl.fields dt { color: var(--muted); } dl.fields dd { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; font-size: 13px; } th, td { text-align: left; border-bottom: 1px solid var(--line); padding: 3px 6px; vertical-align: top; overflow-wrap: anywhere; }
code, pre { font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; } pre { margin: 0; white-space: pre-wrap; }
.result-success { color: var(--ok); } .result-failure { color: var(--bad); } .result-skipped, .result-none { color: var(--warn); }
.error { color: var(--bad); }
details summary { cursor: pointer; color: var(--accent); }
footer { margin-top: 40px; color: var(--muted); font-size: 12px; }
@media (max-width: 800px) { .step .body { grid-template-columns: 1fr; } }
`;
