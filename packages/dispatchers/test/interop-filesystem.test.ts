import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderToolsForPrompt } from '@ufo-ts/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalCommandDispatcher } from '../src/index.js';
import { command, dispatcherFactory, runOne } from './helpers/dispatcher-setup.js';
import { filesystemStdio } from './helpers/outside-servers.js';

// @modelcontextprotocol/server-filesystem over stdio, confined to a fresh temporary folder.
const dispatchers = dispatcherFactory();
const target = { agent: 'AppAgent' };
let root: string;
let dispatcher: LocalCommandDispatcher;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'ufo-fs-interop-'));
  writeFileSync(join(root, 'notes.txt'), 'one\ntwo\nthree\n');
  dispatcher = dispatchers.create({ config: { AppAgent: { default: { action: [filesystemStdio(root)] } } } });
});
afterAll(async () => {
  await dispatchers.closeAll();
  rmSync(root, { recursive: true, force: true });
});

describe('server-filesystem over stdio', () => {
  it('lists and renders every tool', async () => {
    const tools = await dispatcher.listTools({ target });
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['read_text_file', 'read_multiple_files', 'write_file', 'edit_file', 'list_directory', 'directory_tree', 'search_files']),
    );
    const prompt = renderToolsForPrompt(tools);
    for (const tool of tools) expect(prompt).toContain(tool.name);
  });

  it('reads, writes and lists with structured results', async () => {
    const read = await runOne(dispatcher, command('read_text_file', { path: join(root, 'notes.txt'), head: 2 }), target);
    expect(read).toMatchObject({ status: 'success', result: { content: 'one\ntwo' } });
    const written = await runOne(dispatcher, command('write_file', { path: join(root, 'new.txt'), content: 'hello' }), target);
    expect(written.status).toBe('success');
    expect(readFileSync(join(root, 'new.txt'), 'utf8')).toBe('hello');
    const listing = await runOne(dispatcher, command('list_directory', { path: root }), target);
    expect((listing.result as { content: string }).content).toMatch(/\[FILE\] new\.txt/);
    const edited = await runOne(dispatcher, command('edit_file', { path: join(root, 'new.txt'), edits: [{ oldText: 'hello', newText: 'bye' }] }), target);
    expect(edited.status).toBe('success');
    expect(readFileSync(join(root, 'new.txt'), 'utf8')).toBe('bye');
  });

  it("reports the server's own refusal (isError) as TOOL_FAILED with its message", async () => {
    const outside = await runOne(dispatcher, command('read_text_file', { path: '/etc/hostname' }), target);
    expect(outside.status).toBe('failure');
    expect(outside.error).toMatch(/^TOOL_FAILED: .*Access denied/);
  });

  it('refuses arguments the schema rejects before the call, naming the nested field', async () => {
    const nested = await runOne(dispatcher, command('edit_file', { path: join(root, 'new.txt'), edits: [{ oldText: 'x' }] }), target);
    expect(nested.error).toBe('TOOL_ARGUMENTS_INVALID: tool "edit_file" rejected its arguments: argument "edits[0].newText" is required');
    const type = await runOne(dispatcher, command('read_multiple_files', { paths: 'notes.txt' }), target);
    expect(type.error).toMatch(/argument "paths" must be array \(got string\)/);
    const empty = await runOne(dispatcher, command('read_multiple_files', { paths: [] }), target);
    expect(empty.error).toMatch(/argument "paths" must NOT have fewer than 1 items/);
  });
});
