#!/usr/bin/env python3
"""Writes the small PNG fixtures of the eog tasks (plain colours, no dependencies beyond Python's zlib).

Their sizes are chosen so a rotation can be checked from the file's text: PNG stores width and height as 4-byte
big-endian numbers right after "IHDR", and 80 = "P", 40 = "(", so an 80 x 40 image has "IHDR\\0\\0\\0P\\0\\0\\0(" and
the same image rotated by 90 degrees has "IHDR\\0\\0\\0(\\0\\0\\0P".
"""
import struct
import sys
import zlib
from pathlib import Path


def png(path: Path, width: int, height: int, rgb: tuple[int, int, int]) -> None:
    raw = b''.join(b'\x00' + bytes(rgb) * width for _ in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0)
    path.write_bytes(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', header) + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b''))


out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent
png(out / 'landscape.png', 80, 40, (200, 60, 40))
png(out / 'beach.png', 80, 40, (40, 120, 200))
png(out / 'blurry.png', 80, 40, (120, 120, 120))
png(out / 'keeper.png', 80, 40, (60, 160, 60))
