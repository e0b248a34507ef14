import { appendFileSync, readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * A transcript is the record of a bridge conversation, one JSON object per line: a header line, then one line per
 * request with the bridge's answer. The conformance suite writes them on a real Windows machine
 * (`UFO_WINDOWS_RECORD_DIR`), and the fake bridge replays them in tests on any OS.
 */
export const TranscriptHeaderSchema = z.object({
  transcript: z.literal(1),
  /** Where the answers come from (`recorded on Windows 11 23H2 …` or `synthetic: …`). */
  source: z.string(),
  /** What the hello op answered. */
  hello: z.record(z.string(), z.unknown()).optional(),
  recordedAt: z.string().optional(),
});
/** The first line of a transcript (see {@link TranscriptHeaderSchema}). */
export type TranscriptHeader = z.infer<typeof TranscriptHeaderSchema>;

/** One request of a transcript with the bridge's answer: a result (`ok: true`) or an error (`ok: false`). */
export const TranscriptEntrySchema = z.union([
  z.object({
    op: z.string(),
    args: z.record(z.string(), z.unknown()).default({}),
    ok: z.literal(true),
    result: z.unknown(),
    /** Replay this answer for every later request of the same op once the ordered entries are used up. */
    sticky: z.boolean().optional(),
    /** Wall time the real bridge took, for information. */
    ms: z.number().optional(),
  }),
  z.object({
    op: z.string(),
    args: z.record(z.string(), z.unknown()).default({}),
    ok: z.literal(false),
    error: z.object({ code: z.string(), message: z.string().default('') }),
    sticky: z.boolean().optional(),
    ms: z.number().optional(),
  }),
]);
/** One request with its answer (see {@link TranscriptEntrySchema}). */
export type TranscriptEntry = z.infer<typeof TranscriptEntrySchema>;

/** A parsed transcript: its header and its entries in order. */
export interface Transcript {
  /** The header line. */
  header: TranscriptHeader;
  /** The requests with their answers, in the order they were made. */
  entries: TranscriptEntry[];
}

/** Parses transcript text (JSON lines; blank lines and `//` comment lines are ignored). */
export function parseTranscript(text: string): Transcript {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0 && !l.startsWith('//'));
  const [first, ...rest] = lines;
  if (first === undefined) throw new Error('empty transcript');
  const header = TranscriptHeaderSchema.parse(JSON.parse(first));
  const entries = rest.map((line, i) => {
    try {
      return TranscriptEntrySchema.parse(JSON.parse(line));
    } catch (cause) {
      throw new Error(`transcript line ${i + 2} is not a valid entry`, { cause });
    }
  });
  return { header, entries };
}

/** Reads a transcript file. */
export function readTranscript(path: string): Transcript {
  return parseTranscript(readFileSync(path, 'utf8'));
}

/** Receives every completed bridge exchange (see {@link createFileTranscriptRecorder}). */
export type TranscriptRecorder = (entry: TranscriptEntry) => void;

/**
 * A recorder that appends entries to `path`, writing `header` first. Used by the conformance suite to capture real
 * UIA answers as fixtures.
 */
export function createFileTranscriptRecorder(path: string, header: TranscriptHeader): TranscriptRecorder {
  appendFileSync(path, JSON.stringify(header) + '\n');
  return (entry) => appendFileSync(path, JSON.stringify(entry) + '\n');
}
