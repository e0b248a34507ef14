import packageJson from '../package.json' with { type: 'json' };

/** The version of `@ufo-ts/cli` (`ufo --version`): read from package.json when this module is built or bundled. */
export const CLI_VERSION: string = packageJson.version;
