import type { DesktopTask } from '../task.js';
import { galculatorClicks, galculatorKeyboard, gnomeCalculatorClicks, gnomeCalculatorKeyboard } from './calculators.js';
import { galculatorPreferences, mousepadPreferences } from './settings.js';
import { mousepadFindReplace, mousepadLineEndingSubmenu, mousepadOpenFile, mousepadSaveAs } from './mousepad.js';

/** Every task of the suite, in the order `ufo eval` runs them. */
export const TASKS: readonly DesktopTask[] = [mousepadSaveAs, mousepadOpenFile, mousepadFindReplace, mousepadLineEndingSubmenu, galculatorClicks, galculatorKeyboard, gnomeCalculatorKeyboard, gnomeCalculatorClicks, mousepadPreferences, galculatorPreferences];
