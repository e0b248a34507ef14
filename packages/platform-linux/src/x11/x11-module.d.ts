// The untyped `x11` package, declared loosely: its types are in x11-types.ts (a regular module, so they reach the
// published .d.ts files).
declare module 'x11' {
  const x11: {
    createClient(options: { display?: string }, cb: (error: Error | null | undefined, display: unknown) => void): unknown;
    eventMask: Record<string, number>;
    keySyms: Record<string, { code: number; description: string }>;
  };
  export default x11;
}
