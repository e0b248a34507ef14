import type { DesktopTask } from '../task.js';
import { galculatorClicks, galculatorKeyboard, gnomeCalculatorClicks, gnomeCalculatorKeyboard } from './calculators.js';
import { featherpadComboClick, featherpadPreferences, featherpadSaveAs, textEditorSaveAs } from './editors.js';
import { twoWindowsCalculatorToEditor, zenityForm } from './forms-and-windows.js';
import { mousepadFindReplace, mousepadLineEndingSubmenu, mousepadOpenFile, mousepadSaveAs } from './mousepad.js';
import { galculatorPreferences, mousepadPreferences } from './settings.js';

/** Every task of the suite, in the order `ufo eval` runs them. */
export const TASKS: readonly DesktopTask[] = [
  mousepadSaveAs,
  mousepadOpenFile,
  mousepadFindReplace,
  mousepadLineEndingSubmenu,
  mousepadPreferences,
  galculatorClicks,
  galculatorKeyboard,
  galculatorPreferences,
  gnomeCalculatorKeyboard,
  gnomeCalculatorClicks,
  zenityForm,
  twoWindowsCalculatorToEditor,
  featherpadSaveAs,
  featherpadPreferences,
  featherpadComboClick,
  textEditorSaveAs,
];
