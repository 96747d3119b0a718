import { timingSafeEqual } from 'node:crypto';

/** Constant-time comparison of two strings (different lengths are simply unequal). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

// The Messenger webhook reads the devices feature's signature check from here until it imports it from devices.
// eslint-disable-next-line import-x/no-restricted-paths
export { verifyHubSignature } from '../../features/devices/hub-signature';
