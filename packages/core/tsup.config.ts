import { packageBuild } from '../../tsup.base.js';

export default packageBuild({ index: 'src/index.ts', testing: 'src/testing.ts', internal: 'src/internal.ts' });
