import { xRequest, type XDisplay } from './x-display.js';

const GRAB_MODE_ASYNC = 1;
const GRAB_SUCCESS = 0;
const ALREADY_GRABBED = 1;

/**
 * Whether another client holds the pointer grabbed (an open menu or a field's completion list grabs it: the next
 * click goes to that popup, which closes, whatever is under the pointer). Asked by trying a grab of our own and
 * letting it go at once.
 */
export async function pointerGrabbed(xd: XDisplay): Promise<boolean> {
  const status = await xRequest<number>((cb) => xd.client.GrabPointer(xd.root, 0, 0, GRAB_MODE_ASYNC, GRAB_MODE_ASYNC, 0, 0, 0, cb)).catch(() => undefined);
  if (status === GRAB_SUCCESS) xd.client.UngrabPointer(0);
  return status === ALREADY_GRABBED;
}
