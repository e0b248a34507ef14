/** The console's style sheet (served as `/console/console.css`). */
export const CONSOLE_CSS = `
:root { font-family: system-ui, sans-serif; color: #1d2330; background: #f6f7f9; }
body { margin: 0; }
header { display: flex; gap: 1rem; align-items: center; padding: .6rem 1rem; background: #1d2330; color: #fff; }
header h1 { font-size: 1.1rem; margin: 0; }
.muted { color: #8a93a6; font-size: .85rem; }
form#key-form { max-width: 28rem; margin: 3rem auto; display: grid; gap: .5rem; }
main { display: grid; grid-template-columns: 16rem 1fr; gap: 1rem; padding: 1rem; }
#devices-panel, #tasks-panel { grid-column: 1; }
#task-panel { grid-column: 2; grid-row: 1 / span 2; }
section { background: #fff; border: 1px solid #dde1e8; border-radius: 6px; padding: .5rem 1rem; }
h2 { font-size: 1rem; }
ul { list-style: none; padding: 0; margin: 0; }
#tasks li button { all: unset; cursor: pointer; display: block; padding: .25rem 0; }
#tasks li button:focus-visible { outline: 2px solid #3b6fd8; }
.status { font-size: .8rem; padding: .1rem .4rem; border-radius: 4px; background: #e8ebf1; }
.status.running { background: #dbe8ff; } .status.waiting { background: #fff1c2; }
.status.completed { background: #d7f5dc; } .status.failed, .status.cancelled, .status.budget_exceeded { background: #fbdada; }
#waiting { border: 2px solid #e0b400; border-radius: 6px; padding: .5rem; margin-bottom: .5rem; background: #fffbea; }
#steps li { border-top: 1px solid #eef0f4; padding: .4rem 0; }
#steps .thought { font-style: italic; }
#steps code { background: #f0f2f6; padding: 0 .2rem; }
#shot { max-width: 100%; border: 1px solid #dde1e8; }
.error { color: #b42318; }
button { font: inherit; padding: .3rem .8rem; }
`;
