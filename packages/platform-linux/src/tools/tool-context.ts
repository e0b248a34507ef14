import type { AppAllowList } from '../desktop/app-allow-list.js';
import type { DesktopSession } from '../desktop/desktop-session.js';

/** What the desktop tool handlers share. */
export interface LinuxToolContext {
  session: DesktopSession;
  /** Applications `launch_application` may start. */
  apps: AppAllowList;
  /** Environment of launched applications (the desktop's DISPLAY and session bus). */
  appEnv: NodeJS.ProcessEnv;
}
