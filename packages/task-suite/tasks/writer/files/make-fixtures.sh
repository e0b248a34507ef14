#!/bin/sh
# Regenerates the Writer fixtures in this folder from the sources in src/ (run from anywhere).
set -e
here=$(cd "$(dirname "$0")" && pwd)
profile=$(mktemp -d /tmp/lo-fixture-writer.XXXXXX)
for f in "$here"/src/*.html "$here"/src/*.fodt; do
  [ -e "$f" ] || continue
  soffice -env:UserInstallation=file://"$profile" --headless --convert-to odt --outdir "$here" "$f"
done
rm -rf "$profile"
