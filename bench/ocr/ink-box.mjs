// Ground-truth text boxes: the tight box of the glyphs drawn inside a rectangle that the test knows holds one
// caption (an accessible object's extents, a Tk widget, an X button window).

const luminance = (data, i) => (data[i] * 299 + data[i + 1] * 587 + data[i + 2] * 114) / 1000;

/**
 * The tight box of the ink inside `rect` shrunk by `inset` pixels (to leave out a control's border): pixels whose
 * luminance differs from the rectangle's most common luminance by more than `threshold`. When the ink forms
 * several groups side by side (a caption and a drop-down arrow), the group nearest the rectangle's centre is kept;
 * groups are split at gaps wider than `gapFactor` times the ink's height. Undefined when nothing is drawn.
 */
export function inkBox(image, rect, { inset = 0, threshold = 60, gapFactor = 1.5, anchor = 'center' } = {}) {
  const x0 = Math.max(0, rect.x + inset);
  const y0 = Math.max(0, rect.y + inset);
  const x1 = Math.min(image.width, rect.x + rect.width - inset);
  const y1 = Math.min(image.height, rect.y + rect.height - inset);
  if (x1 <= x0 || y1 <= y0) return undefined;
  const histogram = new Uint32Array(256);
  for (let y = y0; y < y1; y += 1) for (let x = x0; x < x1; x += 1) histogram[Math.round(luminance(image.data, (y * image.width + x) * 3))] += 1;
  const background = histogram.indexOf(Math.max(...histogram));
  const columns = new Array(x1 - x0).fill(false);
  let top = Infinity;
  let bottom = -Infinity;
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      if (Math.abs(luminance(image.data, (y * image.width + x) * 3) - background) <= threshold) continue;
      columns[x - x0] = true;
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  if (top === Infinity) return undefined;
  const height = bottom - top + 1;
  // groups of ink columns
  const groups = [];
  let start = -1;
  let lastInk = -Infinity;
  for (let i = 0; i < columns.length; i += 1) {
    if (!columns[i]) continue;
    if (start < 0 || i - lastInk - 1 > gapFactor * height) {
      if (start >= 0) groups.push([start, lastInk]);
      start = i;
    }
    lastInk = i;
  }
  groups.push([start, lastInk]);
  const centre = anchor === 'left' ? 0 : (x1 - x0) / 2;
  const distance = ([a, b]) => (centre < a ? a - centre : centre > b ? centre - b : 0);
  const [a, b] = groups.reduce((best, g) => (distance(g) < distance(best) ? g : best));
  // the vertical extent of the chosen group alone
  let gTop = Infinity;
  let gBottom = -Infinity;
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0 + a; x <= x0 + b; x += 1) {
      if (Math.abs(luminance(image.data, (y * image.width + x) * 3) - background) <= threshold) continue;
      gTop = Math.min(gTop, y);
      gBottom = Math.max(gBottom, y);
    }
  }
  return { x: x0 + a, y: gTop, width: b - a + 1, height: gBottom - gTop + 1 };
}
