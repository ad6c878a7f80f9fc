/**
 * Deterministic decisions, so a test or a person can tell in advance what a device will do.
 *
 * A device's band u in [0, 1) comes from its numeric id: the last digit, rotated so that 7 comes
 * first, then the digit before it (u = ((last + 3) % 10) / 10 + (tens / 100)). With the default
 * ratios 0.1 / 0.1: ids ending in 7 never answer, ids ending in 8 fail device-level operations
 * (restarts, time zone, mobile router). Package installations fail per device, name and version
 * (hash below), so the same device can fail one package and install the next (it "recovers").
 */
export function deviceBand(deviceId: string): number {
  if (/^\d+$/.test(deviceId)) {
    const n = Number(deviceId.slice(-2));
    return (((n % 10) + 3) % 10) / 10 + Math.floor(n / 10) / 100;
  }
  return unit(deviceId);
}

export const neverAnswers = (deviceId: string, neverAnswerRatio: number) => deviceBand(deviceId) < neverAnswerRatio;

export function failsDeviceOperation(deviceId: string, neverAnswerRatio: number, failureRatio: number): boolean {
  const u = deviceBand(deviceId);
  return u >= neverAnswerRatio && u < neverAnswerRatio + failureRatio;
}

export const failsPackage = (deviceId: string, name: string, version: string, failureRatio: number) => unit(`${deviceId}|${name}|${version}`) < failureRatio;

/** FNV-1a of a string, as a number in [0, 1). */
export function unit(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h / 2 ** 32;
}

/** A small seeded generator (mulberry32) for the background's choices. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
