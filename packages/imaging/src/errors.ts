import { UfoError, type UfoErrorOptions } from '@ufo-ts/core';

/** Codes of the errors `@ufo-ts/imaging` throws. */
export type ImagingErrorCode = 'IMAGE_FORMAT_INVALID';

/** Bytes that should be a PNG image (or a PNG data URL) are not one. Code `IMAGE_FORMAT_INVALID`. */
export class ImageFormatError extends UfoError<ImagingErrorCode> {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('IMAGE_FORMAT_INVALID', message, options);
  }
}
