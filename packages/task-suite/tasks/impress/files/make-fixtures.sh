#!/bin/sh
# Regenerates the Impress fixtures: make-fixtures.py writes the flat-XML decks (*.fodp) from deck.fodp,
# then LibreOffice converts each to .odp.
set -e
cd "$(dirname "$0")"
python3 make-fixtures.py
for f in q3-review kickoff acme-pitch budget; do
  soffice -env:UserInstallation=file:///tmp/lo-fixture-impress --headless --convert-to odp --outdir . "$f.fodp"
done
