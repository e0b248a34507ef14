/**
 * UFO's `CONTROL_LIST` (config/ufo/system.yaml): the UIA control types an agent may act on. Controls of other types
 * are not enumerated unless a caller passes its own list.
 */
export const DEFAULT_CONTROL_LIST: readonly string[] = Object.freeze([
  'Button',
  'Edit',
  'TabItem',
  'Document',
  'ListItem',
  'MenuItem',
  'ScrollBar',
  'TreeItem',
  'Hyperlink',
  'ComboBox',
  'RadioButton',
  'Spinner',
  'CheckBox',
  'Group',
  'Text',
]);

/** UFO's cap on enumerated controls per window (`find_control_elements_in_descendants`). */
export const DEFAULT_MAX_CONTROLS = 500;
