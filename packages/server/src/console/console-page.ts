/**
 * The console's page: a key form, then devices, tasks and the live view of one task. No inline script or style
 * (the Content-Security-Policy forbids them) and no key: the page asks for it and keeps it in sessionStorage.
 */
export const CONSOLE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>ufo-ts console</title>
<link rel="stylesheet" href="./console.css">
<script type="module" src="./console.js"></script>
</head>
<body>
<header><h1>ufo-ts console</h1><span id="connection" class="muted">not connected</span><button id="forget-key" type="button" hidden>Forget key</button></header>
<form id="key-form" autocomplete="off">
  <label for="api-key">API key</label>
  <input id="api-key" name="api-key" type="password" required spellcheck="false">
  <button type="submit">Connect</button>
  <p id="key-error" class="error" role="alert"></p>
</form>
<main id="app" hidden>
  <section id="devices-panel"><h2>Devices</h2><ul id="devices"></ul></section>
  <section id="tasks-panel"><h2>Tasks</h2><ul id="tasks"></ul></section>
  <section id="task-panel" hidden>
    <h2>Task <span id="task-name"></span> <span id="task-status" class="status"></span></h2>
    <div id="waiting" hidden>
      <p id="waiting-text"></p>
      <ul id="waiting-items"></ul>
      <div id="answer-box" hidden><button id="answer-button" type="button">Answer</button></div>
      <div id="decision-box" hidden><button id="approve-button" type="button">Approve</button><button id="reject-button" type="button">Reject</button></div>
      <p id="waiting-error" class="error" role="alert"></p>
    </div>
    <figure id="shot-figure" hidden><img id="shot" alt="Latest screenshot of the task"><figcaption id="shot-caption"></figcaption></figure>
    <ol id="steps"></ol>
  </section>
</main>
</body>
</html>
`;
