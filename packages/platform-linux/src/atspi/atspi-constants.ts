// AT-SPI2 role and state names, indexed by their numeric values (at-spi2-core atspi-constants.h, 2.46).

/** Role names by `AtspiRole` value. */
export const ATSPI_ROLES: readonly string[] = [
  'invalid', 'accelerator label', 'alert', 'animation', 'arrow', 'calendar', 'canvas', 'check box', 'check menu item',
  'color chooser', 'column header', 'combo box', 'date editor', 'desktop icon', 'desktop frame', 'dial', 'dialog',
  'directory pane', 'drawing area', 'file chooser', 'filler', 'focus traversable', 'font chooser', 'frame', 'glass pane',
  'html container', 'icon', 'image', 'internal frame', 'label', 'layered pane', 'list', 'list item', 'menu', 'menu bar',
  'menu item', 'option pane', 'page tab', 'page tab list', 'panel', 'password text', 'popup menu', 'progress bar',
  'push button', 'radio button', 'radio menu item', 'root pane', 'row header', 'scroll bar', 'scroll pane', 'separator',
  'slider', 'spin button', 'split pane', 'status bar', 'table', 'table cell', 'table column header', 'table row header',
  'tearoff menu item', 'terminal', 'text', 'toggle button', 'tool bar', 'tool tip', 'tree', 'tree table', 'unknown',
  'viewport', 'window', 'extended', 'header', 'footer', 'paragraph', 'ruler', 'application', 'autocomplete', 'editbar',
  'embedded', 'entry', 'chart', 'caption', 'document frame', 'heading', 'page', 'section', 'redundant object', 'form',
  'link', 'input method window', 'table row', 'tree item', 'document spreadsheet', 'document presentation',
  'document text', 'document web', 'document email', 'comment', 'list box', 'grouping', 'image map', 'notification',
  'info bar', 'level bar', 'title bar', 'block quote', 'audio', 'video', 'definition', 'article', 'landmark', 'log',
  'marquee', 'math', 'rating', 'timer', 'static', 'math fraction', 'math root', 'subscript', 'superscript',
  'description list', 'description term', 'description value', 'footnote', 'content deletion', 'content insertion',
  'mark', 'suggestion', 'push button menu',
];

/** State names by `AtspiStateType` bit index. */
export const ATSPI_STATES: readonly string[] = [
  'invalid', 'active', 'armed', 'busy', 'checked', 'collapsed', 'defunct', 'editable', 'enabled', 'expandable',
  'expanded', 'focusable', 'focused', 'has-tooltip', 'horizontal', 'iconified', 'modal', 'multi-line',
  'multiselectable', 'opaque', 'pressed', 'resizable', 'selectable', 'selected', 'sensitive', 'showing', 'single-line',
  'stale', 'transient', 'vertical', 'visible', 'manages-descendants', 'indeterminate', 'required', 'truncated',
  'animated', 'invalid-entry', 'supports-autocompletion', 'selectable-text', 'is-default', 'visited', 'checkable',
  'has-popup', 'read-only',
];

/** D-Bus interface names of AT-SPI2. */
export const ATSPI_IFACE = {
  accessible: 'org.a11y.atspi.Accessible',
  component: 'org.a11y.atspi.Component',
  action: 'org.a11y.atspi.Action',
  text: 'org.a11y.atspi.Text',
  editableText: 'org.a11y.atspi.EditableText',
  value: 'org.a11y.atspi.Value',
  table: 'org.a11y.atspi.Table',
  tableCell: 'org.a11y.atspi.TableCell',
  application: 'org.a11y.atspi.Application',
  cache: 'org.a11y.atspi.Cache',
  registry: 'org.a11y.atspi.Registry',
} as const;

/** Bus name and object path of the AT-SPI registry (the desktop root). */
export const ATSPI_REGISTRY_BUS = 'org.a11y.atspi.Registry';
/** Object path every application uses for its root accessible. */
export const ATSPI_ROOT_PATH = '/org/a11y/atspi/accessible/root';
/** Object path meaning "no object". */
export const ATSPI_NULL_PATH = '/org/a11y/atspi/null';

/** Role name of a numeric AT-SPI role. */
export function roleName(role: number): string {
  return ATSPI_ROLES[role] ?? `role ${role}`;
}

/** Decodes an AT-SPI state set (array of 32-bit words) into state names. */
export function decodeStates(words: readonly number[]): string[] {
  const out: string[] = [];
  words.forEach((word, wordIndex) => {
    for (let bit = 0; bit < 32; bit += 1) {
      if ((word >>> bit) & 1) {
        const index = wordIndex * 32 + bit;
        out.push(ATSPI_STATES[index] ?? `state ${index}`);
      }
    }
  });
  return out;
}
