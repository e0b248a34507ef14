import { z } from 'zod';
import { PlatformSchema } from './enums.js';
import { MetadataSchema } from './identifiers.js';

/**
 * What a device tells the server about itself at registration (the original `DeviceSystemInfo`), plus the tools its
 * tool servers offer.
 */
export const DeviceInfoSchema = z.object({
  /** The device's client id. */
  device_id: z.string().max(128),
  platform: PlatformSchema,
  /** OS name and release, e.g. `Linux 6.8.0`. */
  os_version: z.string().max(256),
  cpu_count: z.number().int().nonnegative(),
  memory_total_gb: z.number().nonnegative(),
  hostname: z.string().max(256),
  /** First non-internal IPv4 address, when there is one. */
  ip_address: z.string().max(64).optional(),
  /** Names of the tools the device's tool servers offer (`tool_type::tool_name`). */
  supported_features: z.array(z.string().max(256)).max(10_000).default([]),
  /** Always `computer` for desktop devices. */
  platform_type: z.string().max(64).default('computer'),
  /** Version of this record's shape. */
  schema_version: z.string().max(16).default('1.0'),
  /** Free-form facts about the device (bounded like every metadata object). */
  custom_metadata: MetadataSchema.default({}),
});
/** The data {@link DeviceInfoSchema} validates. */
export type DeviceInfo = z.infer<typeof DeviceInfoSchema>;
/** What {@link DeviceInfoSchema} accepts, before its defaults are applied (use this type for hand-written input). */
export type DeviceInfoInput = z.input<typeof DeviceInfoSchema>;
