import { z } from 'zod';

/** One application `launch_application` may start. */
export const AllowedAppSchema = z.object({
  /** Name the model uses, e.g. `gnome-calculator`. */
  name: z.string().regex(/^[A-Za-z0-9._+-]{1,64}$/),
  /** Program to run: a name looked up in PATH, or an absolute path. Never run through a shell. */
  command: z.string().min(1),
  /** Fixed arguments. */
  args: z.array(z.string()).default([]),
  /** Shown to the model in the tool description. */
  description: z.string().default(''),
});
/** An application `launch_application` may start (see {@link AllowedAppSchema}). */
export type AllowedApp = z.infer<typeof AllowedAppSchema>;

/** The applications `launch_application` may start. */
export const AppAllowListSchema = z.array(AllowedAppSchema);
/** The applications `launch_application` may start. */
export type AppAllowList = z.infer<typeof AppAllowListSchema>;

/** Default allow-list: the test applications. */
export const DEFAULT_APP_ALLOW_LIST: AppAllowList = [
  { name: 'gnome-calculator', command: 'gnome-calculator', args: [], description: 'GNOME Calculator (GTK 4)' },
  { name: 'galculator', command: 'galculator', args: [], description: 'galculator, a GTK 3 calculator' },
  { name: 'mousepad', command: 'mousepad', args: [], description: 'Mousepad text editor (GTK 3)' },
];
