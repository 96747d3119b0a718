import { request, requestBody } from '@kit/http';
import type { DeviceClaim, DeviceClaimDecision, DeviceClaimKind } from '@domain/devices/device-claims';

/** The super admin's device claims (open ones of a kind) and their resolution. */
export const fetchOpenClaims = (kind: DeviceClaimKind, signal?: AbortSignal) =>
  request<DeviceClaim[]>('Failed to fetch claims', (api) =>
    api.get('super-admin/device-claims', { searchParams: { kind, status: 'OPEN' }, signal }),
  );

export const resolveClaim = (id: number, decision: DeviceClaimDecision) =>
  requestBody<DeviceClaim>('Failed to resolve the claim', (api) =>
    api.post(`super-admin/device-claims/${id}/resolve`, { json: { decision } }),
  );
