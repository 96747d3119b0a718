import { request } from '@kit/http';
import type {
  LateReplay,
  ReaderInput,
  ReaderRemoval,
  RfidReader,
  RfidReaderWithToken,
  TapRefusal,
  UnknownTap,
} from '@domain/rfid';

export const RFID_READERS_PATH = 'super-admin/rfid-readers';

/** `retired`: list retired readers too (hidden by default). */
export const fetchReaders = (schoolId: string, retired: boolean, signal?: AbortSignal) =>
  request<RfidReader[]>('Failed to fetch RFID readers', (api) =>
    api.get(RFID_READERS_PATH, {
      searchParams: { ...(schoolId ? { schoolId } : {}), ...(retired ? { retired: 'true' } : {}) },
      signal,
    }),
  );

export const createReader = (input: ReaderInput) =>
  request<RfidReaderWithToken>('Failed to create RFID reader', (api) => api.post(RFID_READERS_PATH, { json: input }));

export const updateReader = (id: number, input: Partial<ReaderInput>) =>
  request<RfidReader>('Failed to update RFID reader', (api) => api.patch(`${RFID_READERS_PATH}/${id}`, { json: input }));

export const deleteReader = (id: number) =>
  request<ReaderRemoval>('Failed to delete RFID reader', (api) => api.delete(`${RFID_READERS_PATH}/${id}`));

export const rotateReaderToken = (id: number) =>
  request<RfidReaderWithToken>('Failed to issue a new token', (api) => api.post(`${RFID_READERS_PATH}/${id}/rotate-token`));

export const fetchUnknownTaps = (signal?: AbortSignal) =>
  request<UnknownTap[]>('Failed to fetch unknown cards', (api) => api.get('super-admin/rfid-taps/unknown', { signal }));

/** The latest refused taps (with their reason) of a school's readers, or of all readers. */
export const fetchTapRefusals = (schoolId: string, signal?: AbortSignal) =>
  request<TapRefusal[]>('Failed to fetch refused taps', (api) =>
    api.get('super-admin/rfid-tap-refusals', { searchParams: schoolId ? { schoolId } : {}, signal }),
  );

/** The latest late replays (taps that changed attendance long after their time) of a school's readers, or of all. */
export const fetchLateReplays = (schoolId: string, signal?: AbortSignal) =>
  request<LateReplay[]>('Failed to fetch late replays', (api) =>
    api.get('super-admin/rfid-taps/late-replays', { searchParams: schoolId ? { schoolId } : {}, signal }),
  );
