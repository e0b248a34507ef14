// A CommonJS TypeScript consumer: compiled under `nodenext` (consumer.test.mjs) and then run with node.
import core = require('@ufo-ts/core');
import testkit = require('@ufo-ts/testkit');

const error = new core.UfoError('CJS_CONSUMER', 'from CommonJS');
const { desktop } = testkit.createFakeDesktopDispatcher();
if (!core.isUfoError(error) || desktop.windows.length === 0) throw new Error('CommonJS consumer: unexpected values');
console.log('cts consumer ok');
