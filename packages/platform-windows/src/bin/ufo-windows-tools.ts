#!/usr/bin/env node
// `ufo-windows-tools [namespace]`: the Windows tools as an MCP stdio server (default namespace WindowsUI).
import { serveWindowsTools } from './serve-windows-tools.js';

serveWindowsTools({ namespace: process.argv[2] }).catch((error: unknown) => {
  process.stderr.write(`ufo-windows-tools: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
