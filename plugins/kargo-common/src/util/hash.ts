import { sha1 } from '@noble/hashes/legacy';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

// @noble/hashes is pure JS (no node:crypto, no WebCrypto promises), so these
// stay synchronous and work the same in the browser and in Node.

/** Lower-case hex SHA-256 of the UTF-8 bytes of `text`. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** Lower-case hex SHA-1 of the UTF-8 bytes of `text` (Kargo's collection ids). */
export function sha1Hex(text: string): string {
  return bytesToHex(sha1(utf8ToBytes(text)));
}
