// The inner loop of the directory's "most shared interests" order as a tiny WebAssembly function with
// 128-bit SIMD: four 32-member words per instruction instead of one. It is the one per-request pass over
// all members (docs/decisions.md, "The directory index"), so it is worth the few lines of encoding below.
// The JavaScript reference it must agree with is in member-index.test.ts.
//
// count(offsets, k, cand, planes, max, from, to), all byte addresses in the index's memory; for every
// 16-byte vector v in [from, to) (words 4v…4v+3):
//   - adds the k interest bitsets whose addresses are in offsets[0..k) (ANDed with the candidates at cand)
//     into bit-sliced counters p0…p6 (lane bit b of plane p = bit p of member b's count), stored at
//     planes + 128·v + 16·p;
//   - stores, per word, 1 + the highest count among its candidates (0 when it has none) at max + 16·v.

/** Unsigned LEB128, as WebAssembly encodes integers. */
function uleb(value: number): number[] {
  const out: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    out.push(byte);
  } while (value !== 0);
  return out;
}

/** Signed LEB128 (i32.const operands). */
function sleb(value: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = value & 0x7f;
    value >>= 7;
    const done = (value === 0 && (byte & 0x40) === 0) || (value === -1 && (byte & 0x40) !== 0);
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
}

const name = (text: string) => [...uleb(text.length), ...new TextEncoder().encode(text)];
const section = (id: number, body: number[]) => [id, ...uleb(body.length), ...body];

// Opcodes (WebAssembly core and SIMD proposals).
const BLOCK = 0x02;
const LOOP = 0x03;
const BR = 0x0c;
const BR_IF = 0x0d;
const END = 0x0b;
const VOID = 0x40;
const I32 = 0x7f;
const V128 = 0x7b;
const get = (l: number) => [0x20, ...uleb(l)];
const set = (l: number) => [0x21, ...uleb(l)];
const tee = (l: number) => [0x22, ...uleb(l)];
const i32 = (n: number) => [0x41, ...sleb(n)];
const I32_LOAD = [0x28, 2, 0];
const I32_ADD = [0x6a];
const I32_SHL = [0x74];
const I32_GE_U = [0x4f];
const simd = (op: number, ...immediates: number[]) => [0xfd, ...uleb(op), ...immediates];
const V128_LOAD = simd(0x00, 4, 0);
const v128Store = (offset: number) => simd(0x0b, 4, ...uleb(offset));
const I32X4_SPLAT = simd(0x11);
const I32X4_NE = simd(0x38);
const V128_AND = simd(0x4e);
const V128_OR = simd(0x50);
const V128_XOR = simd(0x51);
const V128_BITSELECT = simd(0x52);
const I32X4_ADD = simd(0xae);

// Parameters 0–6, then locals.
const [OFFSETS, K, CAND, PLANES, MAX, FROM, TO] = [0, 1, 2, 3, 4, 5, 6];
const [V, I, BYTE] = [7, 8, 9];
const [M, X, N] = [10, 11, 12];
const P = (p: number) => 13 + p; // p0…p6: 13…19
const [REST, MX, WB, NZ, ZERO] = [20, 21, 22, 23, 24];
const PLANE_COUNT = 7;

function body(): number[] {
  const code: number[] = [
    ...i32(0),
    ...I32X4_SPLAT,
    ...set(ZERO),
    ...get(FROM),
    ...set(V),
    BLOCK,
    VOID,
    LOOP,
    VOID,
    // while (v < to)
    ...get(V),
    ...get(TO),
    ...I32_GE_U,
    BR_IF,
    1,
    ...get(V),
    ...i32(4),
    ...I32_SHL,
    ...set(BYTE),
    ...get(CAND),
    ...get(BYTE),
    ...I32_ADD,
    ...V128_LOAD,
    ...set(M),
    // p0…p6 = 0
    ...get(ZERO),
    ...Array.from({ length: PLANE_COUNT - 1 }, (_, p) => tee(P(p))).flat(),
    ...set(P(PLANE_COUNT - 1)),
    ...i32(0),
    ...set(I),
    BLOCK,
    VOID,
    LOOP,
    VOID,
    ...get(I),
    ...get(K),
    ...I32_GE_U,
    BR_IF,
    1,
    // x = bitset_i[v] & m, where bitset_i's address is offsets[i]
    ...get(OFFSETS),
    ...get(I),
    ...i32(2),
    ...I32_SHL,
    ...I32_ADD,
    ...I32_LOAD,
    ...get(BYTE),
    ...I32_ADD,
    ...V128_LOAD,
    ...get(M),
    ...V128_AND,
    ...set(X),
  ];
  // Ripple-carry addition of x into the planes: n = p & x; p ^= x; x = n.
  for (let p = 0; p < PLANE_COUNT - 1; p += 1) {
    code.push(...get(P(p)), ...get(X), ...V128_AND, ...set(N));
    code.push(...get(P(p)), ...get(X), ...V128_XOR, ...set(P(p)));
    code.push(...get(N), ...set(X));
  }
  code.push(...get(P(PLANE_COUNT - 1)), ...get(X), ...V128_XOR, ...set(P(PLANE_COUNT - 1)));
  code.push(...get(I), ...i32(1), ...I32_ADD, ...set(I), BR, 0, END, END);
  // Store the planes: planes + 128·v + 16·p.
  for (let p = 0; p < PLANE_COUNT; p += 1) {
    code.push(
      ...get(PLANES),
      ...get(V),
      ...i32(7),
      ...I32_SHL,
      ...I32_ADD,
      ...get(P(p)),
      ...v128Store(16 * p),
    );
  }
  // The highest count per lane: from the top plane down, keep the candidates that have the plane's bit.
  code.push(...get(M), ...set(REST), ...get(ZERO), ...set(MX));
  for (let p = PLANE_COUNT - 1; p >= 0; p -= 1) {
    code.push(...get(REST), ...get(P(p)), ...V128_AND, ...set(WB));
    code.push(...get(WB), ...get(ZERO), ...I32X4_NE, ...set(NZ));
    code.push(...get(WB), ...get(REST), ...get(NZ), ...V128_BITSELECT, ...set(REST));
    code.push(...get(MX), ...get(NZ), ...i32(1 << p), ...I32X4_SPLAT, ...V128_AND, ...V128_OR, ...set(MX));
  }
  // max[v] = (highest + 1) where the word has candidates, else 0.
  code.push(...get(MAX), ...get(BYTE), ...I32_ADD);
  code.push(...get(MX), ...i32(1), ...I32X4_SPLAT, ...I32X4_ADD);
  code.push(...get(M), ...get(ZERO), ...I32X4_NE, ...V128_AND, ...v128Store(0));
  code.push(...get(V), ...i32(1), ...I32_ADD, ...set(V), BR, 0, END, END, END);
  const locals = [2, 3, I32, 15, V128]; // 2 groups: 3 × i32 (v, i, byte), 15 × v128
  return [...uleb(locals.length + code.length), ...locals, ...code];
}

function moduleBytes(): Uint8Array<ArrayBuffer> {
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00], // "\0asm", version 1
    ...section(1, [1, 0x60, 7, ...Array<number>(7).fill(I32), 0]), // type: (7 × i32) → ()
    ...section(2, [1, ...name('env'), ...name('memory'), 0x02, 0x00, 1]), // import env.memory (min 1 page)
    ...section(3, [1, 0]), // function 0 has type 0
    ...section(7, [1, ...name('count'), 0x00, 0]), // export "count" = function 0
    ...section(10, [1, ...body()]),
  ]);
}

const KERNEL = new WebAssembly.Module(moduleBytes());

export type CountKernel = (
  offsets: number,
  k: number,
  cand: number,
  planes: number,
  max: number,
  fromVector: number,
  toVector: number,
) => void;

/** The kernel bound to a memory (the index's bitsets live in it). */
export function countKernel(memory: WebAssembly.Memory): CountKernel {
  if (implementation === 'plain') return plainCount(memory);
  const instance = new WebAssembly.Instance(KERNEL, { env: { memory } });
  return instance.exports.count as CountKernel;
}

/**
 * The same count in plain TypeScript, word by word over the same memory: the reference the kernel is
 * tested against (kernel.test.ts), and what `pnpm bench directory --count kernel,plain` measures it
 * against (docs/decisions.md, "The directory index": the kernel stays while it wins by more than 2×).
 */
export function plainCount(memory: WebAssembly.Memory): CountKernel {
  const planes = new Int32Array(PLANE_COUNT);
  return (offsets, k, cand, planesAt, maxAt, fromVector, toVector) => {
    const mem = new Int32Array(memory.buffer);
    const bitsets = Array.from({ length: k }, (_, i) => mem[(offsets >>> 2) + i]! >>> 2);
    for (let w = fromVector << 2; w < toVector << 2; w += 1) {
      const m = mem[(cand >>> 2) + w]!;
      planes.fill(0);
      for (const at of bitsets) {
        // Ripple-carry addition of this interest's candidates into the bit-sliced counters.
        let x = mem[at + w]! & m;
        for (let p = 0; p < PLANE_COUNT && x !== 0; p += 1) {
          const carry = planes[p]! & x;
          planes[p]! ^= x;
          x = carry;
        }
      }
      // Plane p of word w: vector w / 4, plane p, lane w % 4 (as the kernel stores them).
      const at = (planesAt >>> 2) + ((w >>> 2) << 5) + (w & 3);
      let rest = m;
      let highest = 0;
      for (let p = PLANE_COUNT - 1; p >= 0; p -= 1) {
        mem[at + 4 * p] = planes[p]!;
        const withBit = rest & planes[p]!;
        if (withBit !== 0) {
          rest = withBit;
          highest |= 1 << p;
        }
      }
      mem[(maxAt >>> 2) + w] = m !== 0 ? highest + 1 : 0;
    }
  };
}

let implementation: 'kernel' | 'plain' = 'kernel';

/** Which count indexes built from now on use: only the directory bench switches it. */
export function setDirectoryCount(name: 'kernel' | 'plain'): void {
  implementation = name;
}
