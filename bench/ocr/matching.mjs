// Scoring of OCR regions against known text boxes.

/** Intersection over union of two boxes. */
export function iou(a, b) {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / (a.width * a.height + b.width * b.height - w * h);
}

function editDistance(a, b) {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const up = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = up;
    }
  }
  return row[b.length];
}

/** Same words, case-insensitively; a word of 5 characters or more may differ by one edit. */
export function textMatches(read, expected) {
  const words = (s) => s.toLowerCase().trim().split(/\s+/).filter(Boolean);
  const a = words(read);
  const b = words(expected);
  return a.length === b.length && a.every((w, i) => w === b[i] || (b[i].length >= 5 && editDistance(w, b[i]) <= 1));
}

/** Each target with the region that finds it (IoU ≥ 0.5 and the text matches), if any. */
export function scoreTargets(targets, regions) {
  return targets.map((t) => {
    const hit = regions.find((r) => iou(r.box, t.box) >= 0.5 && textMatches(r.text, t.text));
    const near = hit ? undefined : regions.filter((r) => iou(r.box, t.box) > 0).map((r) => `${JSON.stringify(r.text)}@${iou(r.box, t.box).toFixed(2)}`);
    // a wrong read: a region at the target's place (IoU ≥ 0.5) with another text, worse than a miss (a wrong click)
    const wrong = hit ? undefined : regions.find((r) => iou(r.box, t.box) >= 0.5);
    return { text: t.text, found: Boolean(hit), ...(near ? { read_instead: near } : {}), ...(wrong ? { wrong_read: wrong.text } : {}) };
  });
}

/** Texts with no box (a sheet's cells): found when a region reads exactly that text. */
export function scoreTexts(texts, regions) {
  return texts.map((text) => ({ text, found: regions.some((r) => textMatches(r.text, text)) }));
}
