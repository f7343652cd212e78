// `npx tsx scripts/make-icons.ts`: writes the app's install icons (public/icons/*.png) from the favicon's
// design — three tool nodes joined on a dark tile — with a tiny PNG encoder, so no image tool is needed.
// The maskable icon keeps the drawing inside the 80 % safe zone and fills the whole square.

import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { deflateSync } from 'node:zlib';

type Rgb = [number, number, number];
const hex = (h: string): Rgb => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;

const CRC = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
function png(size: number, rgba: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++)
    raw.set(rgba.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

const distToSegment = (px: number, py: number, [ax, ay, bx, by]: number[]) => {
  const dx = bx! - ax!;
  const dy = by! - ay!;
  const t = Math.max(0, Math.min(1, ((px - ax!) * dx + (py - ay!) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax! + t * dx), py - (ay! + t * dy));
};

/** The favicon's 64-unit drawing at `size` px; `inset` shrinks it toward the centre (maskable safe zone). */
function draw(size: number, maskable: boolean): Uint8Array {
  const out = new Uint8Array(size * size * 4);
  const tile = hex('#1f2937');
  const edge = hex('#60a5fa');
  const nodes: [number, number, Rgb][] = [
    [16, 46, hex('#f59e0b')],
    [32, 18, hex('#34d399')],
    [48, 44, hex('#60a5fa')],
  ];
  const lines = [
    [16, 46, 32, 18],
    [32, 18, 48, 44],
    [16, 46, 48, 44],
  ];
  const scale = maskable ? 0.72 : 1;
  const SS = 4; // supersampling per axis, for smooth edges
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < SS; sy++)
        for (let sx = 0; sx < SS; sx++) {
          // Position in the 64-unit drawing.
          const u0 = ((x + (sx + 0.5) / SS) / size) * 64;
          const v0 = ((y + (sy + 0.5) / SS) / size) * 64;
          const u = 32 + (u0 - 32) / scale;
          const v = 32 + (v0 - 32) / scale;
          let c: Rgb | null = null;
          const r = 12;
          const inTile =
            maskable ||
            Math.hypot(Math.max(r - u0, 0, u0 - (64 - r)), Math.max(r - v0, 0, v0 - (64 - r))) <= r;
          if (inTile) c = tile;
          if (inTile && lines.some((l) => distToSegment(u, v, l) <= 1.5)) c = edge;
          for (const [nx, ny, color] of nodes) if (Math.hypot(u - nx, v - ny) <= 6) c = color;
          if (c) {
            acc[0]! += c[0];
            acc[1]! += c[1];
            acc[2]! += c[2];
            acc[3]! += 255;
          }
        }
      const n = SS * SS;
      const a = acc[3]! / n;
      const i = (y * size + x) * 4;
      const cover = acc[3]! / 255 || 1;
      out.set([acc[0]! / cover, acc[1]! / cover, acc[2]! / cover, a].map(Math.round), i);
    }
  return out;
}

const dir = resolve(import.meta.dirname, '../public/icons');
mkdirSync(dir, { recursive: true });
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
] as const) {
  const file = resolve(dir, name);
  writeFileSync(file, png(size, draw(size, maskable)));
  console.log(`wrote ${file}`);
}
