// A prompt as the LinuxAgent's processor builds it (buildAppPrompt): system text, then the step's sections.
import type { ChatMessage } from '@ufo-ts/core';

/** The user message of one step, with the given control and window lines and last-action lines. */
export function promptWith(controls: string[], windows: string[] = [], lastActions = '(none)'): ChatMessage[] {
  const text = [
    `<Windows on the desktop (id, name):>\n${windows.join('\n') || '(none)'}`,
    `<Controls of the selected window (id, type, name):>\n${controls.join('\n') || '(none)'}`,
    `<Your previous plan:>\n(none)`,
    `<Your last actions and their results:>\n${lastActions}`,
    `<Overall user request:>\n<user_input name="user_request">Save the document</user_input>`,
  ].join('\n\n');
  return [
    { role: 'system', content: 'You operate one application on a desktop.' },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'Current Screenshot:' },
        { type: 'image', image: 'data:image/png;base64,AAAA', mediaType: 'image/png' },
        { type: 'text', text },
      ],
    },
  ];
}

/** The mousepad listing with its File menu open and a Save As dialog's parts. */
export const MOUSEPAD_CONTROLS = [
  '[a1] menu "File" [selected]',
  '[a2] menu item "Save As..."',
  '[a3] text "" labelled "Name:" (inferred from the layout) shows "" [focused, editable]',
  '[a4] label "Name:"',
  '[a5] check box "Show line numbers" [checked]',
  '[a6] push button "Save"',
  '[a7] push button "Save" [disabled]',
  '[a8] text "" shows "say \\"hi\\"\\n"',
];
