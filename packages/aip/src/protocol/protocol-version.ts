/**
 * The AIP protocol version spoken by this package (SemVer). It is independent of the package version: a device and
 * a server interoperate when their protocol versions have the same major number (for `0.x`, the same minor).
 */
export const AIP_PROTOCOL_VERSION = '1.0.0';

/** Outcome of {@link checkProtocolVersion}. */
export type ProtocolVersionCheck = { ok: true } | { ok: false; reason: string };

const SEMVER = /^(\d{1,6})\.(\d{1,6})\.(\d{1,6})(?:[-+][0-9A-Za-z.+-]{0,64})?$/;

/**
 * Tells whether a peer speaking `remote` can talk to one speaking `local` (default {@link AIP_PROTOCOL_VERSION}),
 * with a sentence explaining a refusal.
 */
export function checkProtocolVersion(remote: string, local: string = AIP_PROTOCOL_VERSION): ProtocolVersionCheck {
  const theirs = SEMVER.exec(remote);
  const ours = SEMVER.exec(local);
  if (!ours) return { ok: false, reason: `local protocol version "${local}" is not SemVer` };
  if (!theirs) return { ok: false, reason: `protocol version "${remote}" is not a SemVer version like ${local}` };
  const sameMajor = theirs[1] === ours[1];
  const sameMinorOfZero = ours[1] !== '0' || theirs[2] === ours[2];
  if (sameMajor && sameMinorOfZero) return { ok: true };
  return {
    ok: false,
    reason: `protocol version ${remote} is not compatible with this server's ${local} (the major versions must match${ours[1] === '0' ? ', and for 0.x the minor versions too' : ''}); upgrade the older side`,
  };
}
