/**
 * Small deterministic random source for the demo fleet. Every device draws from its own stream
 * (seeded from the fleet seed and its index), so any single device can be rebuilt without
 * generating the ones before it, and adding a field to one family does not shift the others.
 */

/** 32-bit integer mix (murmur3 finaliser): spreads nearby seeds over the whole range. */
export function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Stream seed of one purpose ('device', 'alarms', ...) and index under the fleet seed. */
export function streamSeed(seed: number, salt: string, index: number): number {
  let h = mix32(seed ^ 0x9e3779b9);
  for (let i = 0; i < salt.length; i++) h = mix32(h ^ salt.charCodeAt(i));
  return mix32(h ^ Math.imul(index + 1, 0x27d4eb2d));
}

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** mulberry32: uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of entries) total += w;
    let r = this.next() * total;
    for (const [v, w] of entries) {
      r -= w;
      if (r < 0) return v;
    }
    return entries[entries.length - 1][0];
  }

  /** k distinct items in a random order (k is clamped to the list length). */
  sample<T>(items: readonly T[], k: number): T[] {
    const copy = items.slice();
    const n = Math.min(k, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, n);
  }

  /** Poisson-distributed count with the given mean (Knuth; the means here are small). */
  poisson(mean: number): number {
    const limit = Math.exp(-mean);
    let k = 0;
    let p = this.next();
    while (p > limit) {
      k++;
      p *= this.next();
    }
    return k;
  }

  hex(length: number): string {
    let s = '';
    while (s.length < length) s += ((this.next() * 4294967296) >>> 0).toString(16).padStart(8, '0');
    return s.slice(0, length);
  }

  digits(length: number): string {
    let s = '';
    for (let i = 0; i < length; i++) s += Math.floor(this.next() * 10);
    return s;
  }
}

export const rngFor = (seed: number, salt: string, index: number): Rng => new Rng(streamSeed(seed, salt, index));
