#!/bin/sh
# Regenerates the Calc task fixtures from the CSV sources in src/.
set -e
cd "$(dirname "$0")"
PROFILE="-env:UserInstallation=file:///tmp/lo-fixture-calc"
for f in sales expenses scores inventory fruit; do
  soffice "$PROFILE" --headless --convert-to ods --outdir . "src/$f.csv"
done
