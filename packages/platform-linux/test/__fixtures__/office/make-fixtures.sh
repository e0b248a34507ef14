#!/bin/sh
# Rebuilds the office fixtures of test/desktop/libreoffice.test.ts from their sources (needs LibreOffice).
#   budget.csv  -> budget.ods (Calc: texts, numbers, a formula B4 = B2*2 and a range formula B5 = SUM(B2:B3))
#   letter.html -> letter.odt (Writer: two paragraphs)
#   styled.html -> styled.odt (Writer: a Heading 1, bold, then two plain paragraphs)
#   q3-review.odp is a copy of packages/task-suite/tasks/impress/files/q3-review.odp (Impress: four slides)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
profile=$(mktemp -d /tmp/lo-test-fixtures.XXXXXX)
trap 'rm -rf "$profile"' EXIT
soffice -env:UserInstallation="file://$profile" --headless --convert-to ods --outdir "$here" "$here/budget.csv"
# read as a Writer document (not Writer/Web, whose .odt LibreOffice opens as a web document)
soffice -env:UserInstallation="file://$profile" --headless --infilter="HTML (StarWriter)" --convert-to odt:writer8 --outdir "$here" "$here/letter.html"
soffice -env:UserInstallation="file://$profile" --headless --infilter="HTML (StarWriter)" --convert-to odt:writer8 --outdir "$here" "$here/styled.html"
