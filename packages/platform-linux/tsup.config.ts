import { packageBuild } from '../../tsup.base.js';

export default packageBuild(
  { index: 'src/index.ts', 'bin/ufo-desktop': 'src/bin/ufo-desktop.ts', 'bin/ufo-linux-mcp': 'src/bin/ufo-linux-mcp.ts' },
  { dtsEntry: { index: 'src/index.ts' } },
);
