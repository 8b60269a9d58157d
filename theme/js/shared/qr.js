// qr.js draws QR codes (ISO/IEC 18004, Model 2) in the page, module for
// module as generator/qr draws them for the printed book, so that a link
// gives the same code on paper and on screen. The generator's encoder is
// github.com/piglig/go-qr, a port of Nayuki's QR Code generator; where the
// standard leaves room (which segment modes, version and error correction
// level; how to read the mask penalty rules), this file follows that library.
// generator/e2e/qr_test.go compares the two on some hundreds of texts.

// LEVELS are the error correction levels a code may get: it is asked for at
// M, and raised to Q or H when the data still fit in the same version. FORMAT
// is each level's two-bit indicator in the format information.
const LEVELS = ["M", "Q", "H"];
const FORMAT = [0b00, 0b11, 0b10];

// EC_PER_BLOCK and BLOCKS are the standard's table of error correction
// blocks, per level (as LEVELS) and version 1–40: how many error correction
// codewords each block carries, and into how many blocks the codewords split.
const EC_PER_BLOCK = [
  [10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
  [13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  [17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
];
const BLOCKS = [
  [1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
  [1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
  [1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
];

const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:";

// pushBits appends the low n bits of value to bits, most significant first.
function pushBits(bits, value, n) {
  for (let i = n - 1; i >= 0; i--) bits.push((value >>> i) & 1);
}

// segment returns text as one segment: its mode indicator, the widths of its
// character count for versions 1–9, 10–26 and 27–40, the count and the data
// bits. The mode is the first of numeric, alphanumeric and byte (UTF-8) that
// holds every character, as the Go library chooses; it does not mix modes.
// Empty text has no segment at all, hence null.
function segment(text) {
  if (text === "") return null;
  const bits = [];
  if (/^[0-9]+$/.test(text)) {
    // Three digits make a number below 1000, ten bits; a last two or one
    // make seven or four.
    for (let i = 0; i < text.length; i += 3) {
      const group = text.slice(i, i + 3);
      pushBits(bits, Number(group), group.length * 3 + 1);
    }
    return { mode: 0b0001, widths: [10, 12, 14], count: text.length, bits };
  }
  if (/^[0-9A-Z $%*+\-./:]+$/.test(text)) {
    // Two characters make a number below 45², eleven bits; a last one six.
    for (let i = 0; i < text.length; i += 2) {
      const a = ALPHANUMERIC.indexOf(text[i]);
      if (i + 1 < text.length) pushBits(bits, a * 45 + ALPHANUMERIC.indexOf(text[i + 1]), 11);
      else pushBits(bits, a, 6);
    }
    return { mode: 0b0010, widths: [9, 11, 13], count: text.length, bits };
  }
  const bytes = new TextEncoder().encode(text);
  for (const b of bytes) pushBits(bits, b, 8);
  return { mode: 0b0100, widths: [8, 16, 16], count: bytes.length, bits };
}

// rawModules returns how many modules of a version's symbol hold codewords:
// all but the finders with their separators, the timing patterns, the format
// information with its dark module, the alignment patterns (but where they
// cross the timing patterns) and, from version 7, the version information.
function rawModules(version) {
  const size = 4 * version + 17;
  let n = size * size - 3 * 64 - 2 * (size - 16) - 31;
  if (version >= 2) {
    const a = Math.floor(version / 7) + 2;
    n -= 25 * (a * a - 3) - 10 * (a - 2);
  }
  if (version >= 7) n -= 36;
  return n;
}

// dataCodewords returns how many of a version's codewords carry data at level.
function dataCodewords(version, level) {
  return (rawModules(version) >> 3) - EC_PER_BLOCK[level][version - 1] * BLOCKS[level][version - 1];
}

// EXP and LOG are the powers and logarithms of 2 in GF(256) modulo
// x⁸ + x⁴ + x³ + x² + 1, the field of the standard's Reed–Solomon codes. EXP
// is doubled so that a product needs no reduction modulo 255.
const EXP = new Uint8Array(510);
const LOG = new Uint8Array(256);
for (let i = 0, x = 1; i < 255; i++, x = (x << 1) ^ (x & 0x80 ? 0x11d : 0)) {
  EXP[i] = EXP[i + 255] = x;
  LOG[x] = i;
}
const mul = (a, b) => (a && b ? EXP[LOG[a] + LOG[b]] : 0);

// generators caches, per degree n, the Reed–Solomon generator polynomial
// (x − 2⁰)(x − 2¹)…(x − 2ⁿ⁻¹), its coefficients from the highest power down.
const generators = new Map();
function generator(n) {
  if (!generators.has(n)) {
    let g = [1];
    for (let i = 0; i < n; i++) {
      const next = [...g, 0];
      for (let j = 0; j < g.length; j++) next[j + 1] ^= mul(g[j], EXP[i]);
      g = next;
    }
    generators.set(n, g);
  }
  return generators.get(n);
}

// errorCorrection returns the n error correction codewords of a block: the
// remainder of its polynomial times xⁿ divided by the generator.
function errorCorrection(block, n) {
  const g = generator(n);
  const rem = new Array(n).fill(0);
  for (const byte of block) {
    const factor = byte ^ rem.shift();
    rem.push(0);
    for (let j = 0; j < n; j++) rem[j] ^= mul(g[j + 1], factor);
  }
  return rem;
}

// interleave splits the data codewords into the version's blocks, the short
// ones first, and returns the data of every block a codeword at a time, then
// their error correction codewords the same way, as the symbol holds them.
function interleave(data, version, level) {
  const count = BLOCKS[level][version - 1];
  const ec = EC_PER_BLOCK[level][version - 1];
  const short = Math.floor((rawModules(version) >> 3) / count) - ec;
  const long = data.length - short * count;
  const blocks = [];
  for (let b = 0, at = 0; b < count; b++) {
    const end = at + short + (b >= count - long ? 1 : 0);
    blocks.push(data.slice(at, end));
    at = end;
  }
  const out = [];
  for (let i = 0; i <= short; i++) for (const block of blocks) if (i < block.length) out.push(block[i]);
  const ecs = blocks.map((block) => errorCorrection(block, ec));
  for (let i = 0; i < ec; i++) for (const e of ecs) out.push(e[i]);
  return out;
}

// withCheck returns value followed by the degree bits of its BCH check: the
// remainder of value times x^degree divided by poly.
function withCheck(value, poly, degree) {
  let r = value << degree;
  for (let bit = 31 - Math.clz32(r); bit >= degree; bit--) if ((r >>> bit) & 1) r ^= poly << (bit - degree);
  return (value << degree) | r;
}

// alignmentCentres returns the rows (and columns) of a version's alignment
// pattern centres, as the standard's table lists them: 6, then evenly spaced
// up to size − 7 by the smallest even step that reaches it; version 32 alone
// departs from the rule, with a step of 26 where 28 would do.
function alignmentCentres(version) {
  if (version === 1) return [];
  const n = Math.floor(version / 7) + 2;
  const last = 4 * version + 10;
  const step = version === 32 ? 26 : Math.ceil((last - 6) / (n - 1) / 2) * 2;
  const out = [6];
  for (let k = n - 2; k >= 0; k--) out.push(last - k * step);
  return out;
}

// MASKS are the eight mask conditions: a module where one holds is inverted.
const MASKS = [
  (x, y) => (x + y) % 2 === 0,
  (x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(y / 2) + Math.floor(x / 3)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

// lineScore returns the penalty of one row or column, the size modules of m
// from start on, step apart: 3 for a run of five modules of one colour and
// 1 for each further one; 40 for a dark-light-dark-dark-dark-light-dark
// pattern in the ratio 1:1:3:1:1 with light four times its unit wide on one
// side and once on the other, counted once per side that qualifies, with
// the outside of the symbol taken as light. That reading of the finder rule
// is the Go library's (and Nayuki's); it must be the same to pick the same mask.
function lineScore(m, start, step, size) {
  // Runs alternate light, dark, light…: a line that starts dark begins with
  // an empty light run, and one that ends dark ends with one.
  const runs = [0];
  let colour = 0;
  for (let k = 0; k < size; k++) {
    const v = m[start + k * step];
    if (v !== colour) {
      runs.push(0);
      colour = v;
    }
    runs[runs.length - 1]++;
  }
  if (colour) runs.push(0);
  let score = 0;
  for (const r of runs) if (r >= 5) score += r - 2;
  runs[0] += size;
  runs[runs.length - 1] += size;
  for (let i = 1; i + 5 < runs.length; i += 2) {
    const n = runs[i];
    if (runs[i + 1] !== n || runs[i + 2] !== 3 * n || runs[i + 3] !== n || runs[i + 4] !== n) continue;
    const before = runs[i - 1];
    const after = runs[i + 5];
    if (before >= 4 * n && after >= n) score += 40;
    if (after >= 4 * n && before >= n) score += 40;
  }
  return score;
}

// penalty returns the standard's penalty score of a masked symbol: its rows'
// and columns', 3 for each 2×2 block of one colour, and 10 for each 5 % by
// which the dark share strays from half. The last one rounds as the Go
// library does where the standard's table is ambiguous: a share of exactly
// 60 % (or 40 %, the only such steps a symbol can meet) costs 10, not 20.
function penalty(m, size) {
  let score = 0;
  let darkCount = 0;
  for (let i = 0; i < size; i++) score += lineScore(m, i * size, 1, size) + lineScore(m, i, size, size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const v = m[y * size + x];
      darkCount += v;
      if (x + 1 < size && y + 1 < size && v === m[y * size + x + 1] && v === m[(y + 1) * size + x] && v === m[(y + 1) * size + x + 1]) score += 3;
    }
  }
  const total = size * size;
  return score + 10 * (Math.ceil(Math.abs(darkCount * 20 - total * 10) / total) - 1);
}

// qrMatrix returns the QR code of text as goqr.EncodeText(text, goqr.Medium)
// makes it: its size, its version, level and mask, and dark(x, y), true for a
// dark module (false outside the symbol). It throws when text does not fit
// in a version 40 code at level M.
export function qrMatrix(text) {
  const seg = segment(text);
  const width = (version) => seg.widths[version < 10 ? 0 : version < 27 ? 1 : 2];
  const needs = (version) => (seg ? 4 + width(version) + seg.bits.length : 0);
  // The count fields are wide enough for whatever fits at level M, so that
  // the smallest version with room is the answer.
  let version = 1;
  while (needs(version) > dataCodewords(version, 0) * 8) {
    if (version === 40) throw new Error(`qrMatrix: the text needs ${needs(40)} bits; the largest QR code holds ${dataCodewords(40, 0) * 8} at level M`);
    version++;
  }
  let level = 0;
  while (level < 2 && needs(version) <= dataCodewords(version, level + 1) * 8) level++;

  const capacity = dataCodewords(version, level) * 8;
  const bits = [];
  if (seg) {
    pushBits(bits, seg.mode, 4);
    pushBits(bits, seg.count, width(version));
    for (const b of seg.bits) bits.push(b);
  }
  // A terminator of up to four zeros, zeros to the byte, then the two pad
  // codewords in turn.
  pushBits(bits, 0, Math.min(4, capacity - bits.length));
  pushBits(bits, 0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) pushBits(bits, pad, 8);
  const data = [];
  for (let i = 0; i < bits.length; i += 8) data.push(parseInt(bits.slice(i, i + 8).join(""), 2));

  const size = 4 * version + 17;
  const m = new Uint8Array(size * size);
  const fixed = new Uint8Array(size * size);
  const set = (x, y, dark) => {
    m[y * size + x] = dark ? 1 : 0;
    fixed[y * size + x] = 1;
  };
  for (let i = 0; i < size; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  // Each finder with its light separator: rings at distance 2 and 4 from the
  // centre are light, the ones at 0, 1 and 3 dark.
  for (const [cx, cy] of [[3, 3], [size - 4, 3], [3, size - 4]]) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const d = Math.max(Math.abs(dx), Math.abs(dy));
        if (cx + dx >= 0 && cx + dx < size && cy + dy >= 0 && cy + dy < size) set(cx + dx, cy + dy, d !== 2 && d !== 4);
      }
    }
  }
  const centres = alignmentCentres(version);
  for (const cy of centres) {
    for (const cx of centres) {
      // None where a finder is.
      if ((cx === 6 && cy === 6) || (cx === 6 && cy === size - 7) || (cx === size - 7 && cy === 6)) continue;
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }
  }
  // The format information, bit 0 first, in its two copies; the mask's is
  // drawn before each is scored, as it counts in the penalty.
  const drawFormat = (mask) => {
    const f = withCheck((FORMAT[level] << 3) | mask, 0x537, 10) ^ 0x5412;
    const bit = (i) => (f >>> i) & 1;
    for (let i = 0; i < 6; i++) set(8, i, bit(i));
    set(8, 7, bit(6));
    set(8, 8, bit(7));
    set(7, 8, bit(8));
    for (let i = 9; i < 15; i++) set(14 - i, 8, bit(i));
    for (let i = 0; i < 8; i++) set(size - 1 - i, 8, bit(i));
    for (let i = 8; i < 15; i++) set(8, size - 15 + i, bit(i));
    set(8, size - 8, true);
  };
  drawFormat(0);
  if (version >= 7) {
    const v = withCheck(version, 0x1f25, 12);
    for (let i = 0; i < 18; i++) {
      set(size - 11 + (i % 3), Math.floor(i / 3), (v >>> i) & 1);
      set(Math.floor(i / 3), size - 11 + (i % 3), (v >>> i) & 1);
    }
  }

  // The codewords fill two-module columns from the right edge, upwards then
  // downwards in turn, right module first, around the function patterns; the
  // vertical timing pattern's column is skipped. Remainder modules stay light.
  const words = interleave(data, version, level);
  let i = 0;
  let up = true;
  for (let right = size - 1; right > 0; right -= 2, up = !up) {
    if (right === 6) right = 5;
    for (let k = 0; k < size; k++) {
      const y = up ? size - 1 - k : k;
      for (const x of [right, right - 1]) {
        if (fixed[y * size + x]) continue;
        m[y * size + x] = i < words.length * 8 ? (words[i >> 3] >>> (7 - (i & 7))) & 1 : 0;
        i++;
      }
    }
  }

  const masked = (mask) => m.map((v, at) => (fixed[at] ? v : v ^ MASKS[mask](at % size, Math.floor(at / size))));
  // The lowest penalty wins; on a tie, the first mask.
  let best = 0;
  let bestScore = Infinity;
  for (let mask = 0; mask < 8; mask++) {
    drawFormat(mask);
    const score = penalty(masked(mask), size);
    if (score < bestScore) [best, bestScore] = [mask, score];
  }
  drawFormat(best);
  const final = masked(best);
  return {
    size,
    version,
    level: LEVELS[level],
    mask: best,
    dark: (x, y) => x >= 0 && y >= 0 && x < size && y < size && final[y * size + x] === 1,
  };
}

// qrSVG returns the QR code of text as generator/qr's SVG draws it: an svg
// element of the class "qr" with a quiet zone of two modules, hidden from
// assistive technology, titled label, and one path of the dark modules'
// row runs.
export function qrSVG(text, label) {
  const { size, dark } = qrMatrix(text);
  let d = "";
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      // dark is false past the edge; the loop then steps over a light module.
      const start = x;
      while (dark(x, y)) x++;
      if (x > start) d += `M${start} ${y}h${x - start}v1h-${x - start}z`;
    }
  }
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("class", "qr");
  svg.setAttribute("viewBox", `-2 -2 ${size + 4} ${size + 4}`);
  svg.setAttribute("aria-hidden", "true");
  const title = document.createElementNS(ns, "title");
  title.textContent = label;
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", d);
  svg.append(title, path);
  return svg;
}
