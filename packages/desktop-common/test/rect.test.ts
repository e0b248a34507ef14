import { describe, expect, it } from 'vitest';
import {
  containsPoint,
  intersectRects,
  isEmptyRect,
  rectCenter,
  rectFromXywh,
  rectHeight,
  rectIou,
  rectToLtrb,
  rectToXywh,
  rectWidth,
  relativeRect,
  unionRects,
  type Rect,
} from '../src/index.js';

const rect = (left: number, top: number, right: number, bottom: number): Rect => ({ left, top, right, bottom });

describe('rectangles', () => {
  it('measures, and a reversed rectangle is empty', () => {
    expect([rectWidth(rect(10, 20, 40, 60)), rectHeight(rect(10, 20, 40, 60))]).toEqual([30, 40]);
    expect([rectWidth(rect(40, 0, 10, 5)), isEmptyRect(rect(40, 0, 10, 5)), isEmptyRect(rect(0, 0, 1, 1))]).toEqual([0, true, false]);
  });

  it('centres on the middle pixel, rounding down (an odd width has one middle pixel)', () => {
    expect(rectCenter(rect(0, 0, 5, 5))).toEqual({ x: 2, y: 2 });
    expect(rectCenter(rect(10, 10, 14, 14))).toEqual({ x: 12, y: 12 });
    expect(rectCenter(rect(-2560, -360, 0, 1080))).toEqual({ x: -1280, y: 360 });
    expect(rectCenter(rect(-5, -5, 0, 0))).toEqual({ x: -3, y: -3 });
    expect(rectCenter(rectFromXywh({ x: 10, y: 0, width: 5, height: 1 }))).toEqual({ x: 12, y: 0 });
  });

  it('intersects, with touching edges sharing nothing', () => {
    expect(intersectRects(rect(0, 0, 10, 10), rect(5, 5, 20, 20))).toEqual(rect(5, 5, 10, 10));
    expect(intersectRects(rect(0, 0, 10, 10), rect(10, 0, 20, 10))).toBeUndefined();
  });

  it('unites the non-empty rectangles', () => {
    expect(unionRects([rect(0, 0, 10, 10), rect(20, 5, 30, 8), rect(-50, -50, -50, 100)])).toEqual(rect(0, 0, 30, 10));
    expect(unionRects([rect(1, 1, 1, 1)])).toBeUndefined();
    expect(unionRects([])).toBeUndefined();
  });

  it('contains its pixels, not its right and bottom edges', () => {
    expect(containsPoint(rect(0, 0, 10, 10), { x: 0, y: 9 })).toBe(true);
    expect(containsPoint(rect(0, 0, 10, 10), { x: 10, y: 5 })).toBe(false);
    expect(containsPoint(rect(0, 0, 10, 10), { x: 5, y: 10 })).toBe(false);
  });

  it('converts between shapes', () => {
    expect(relativeRect(rect(-100, 50, -50, 80), rect(-200, 0, 0, 100))).toEqual(rect(100, 50, 150, 80));
    expect(rectToLtrb(rect(1, 2, 3, 4))).toEqual([1, 2, 3, 4]);
    expect(rectToXywh(rect(10, 20, 40, 60))).toEqual({ x: 10, y: 20, width: 30, height: 40 });
    expect(rectFromXywh({ x: 10, y: 20, width: 30, height: 40 })).toEqual(rect(10, 20, 40, 60));
  });

  it('scores overlap as intersection over union', () => {
    expect(rectIou(rect(0, 0, 10, 10), rect(0, 0, 10, 10))).toBe(1);
    expect(rectIou(rect(0, 0, 10, 10), rect(0, 0, 10, 20))).toBe(0.5);
    expect(rectIou(rect(0, 0, 10, 10), rect(20, 20, 30, 30))).toBe(0);
  });
});
