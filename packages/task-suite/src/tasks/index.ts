import type { DesktopTask } from '../task.js';
import { galculatorClicks, galculatorKeyboard, gnomeCalculatorClicks, gnomeCalculatorKeyboard } from './calculators.js';
import { featherpadComboClick, featherpadPreferences, featherpadSaveAs, textEditorSaveAs } from './editors.js';
import { twoWindowsCalculatorToEditor, zenityForm } from './forms-and-windows.js';
import { mousepadFindReplace, mousepadLineEndingSubmenu, mousepadOpenFile, mousepadSaveAs } from './mousepad.js';
import { galculatorPreferences, mousepadPreferences } from './settings.js';
import { mousepadReadDocument, zenityListHeaders, zenitySliderValue } from './perception-content.js';
import { gnumericDrawnTotal, tkOrderForm, xcalcAdd } from './perception-drawn.js';
import { trapOffScreenCheckBox } from './traps.js';
import { trapDisabledReplaceAll, trapHelpOpensNothing, trapModalCoversMenu } from './traps-mousepad.js';
import { trapReadOnlyLicence, trapReminderClosesItself, trapSliderIgnoresDigits, trapTwoZenityWindows } from './traps-zenity.js';

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

/**
 * The trap tasks (group `traps`): each tempts a model into an action with no effect on the real app (`task.trap`),
 * and its reference solution is the right path around it.
 */
export const TRAP_TASKS: readonly DesktopTask[] = [
  trapDisabledReplaceAll,
  trapModalCoversMenu,
  trapOffScreenCheckBox,
  trapReadOnlyLicence,
  trapSliderIgnoresDigits,
  trapHelpOpensNothing,
  trapReminderClosesItself,
  trapTwoZenityWindows,
];

/**
 * The perception tasks (group `perception`): each needs what a listing of roles and names does not show — text an
 * app draws itself or an app without accessibility (read by OCR), a slider's value, table cells with their column
 * headers, a document's text beyond its first lines.
 */
export const PERCEPTION_TASKS: readonly DesktopTask[] = [xcalcAdd, tkOrderForm, gnumericDrawnTotal, zenitySliderValue, zenityListHeaders, mousepadReadDocument];
