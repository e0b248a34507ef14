import type { DesktopTask } from '../task.js';
import { mousepadFindReplace, mousepadOpenFile, mousepadSaveAs } from './mousepad.js';

/** Every task of the suite, in the order `ufo eval` runs them. */
export const TASKS: readonly DesktopTask[] = [mousepadSaveAs, mousepadOpenFile, mousepadFindReplace];
