import { packageBuild } from '../../tsup.base.js';

export default packageBuild({ index: 'src/index.ts', 'ufo-windows-tools': 'src/bin/ufo-windows-tools.ts' }, { dtsEntry: { index: 'src/index.ts' } });
