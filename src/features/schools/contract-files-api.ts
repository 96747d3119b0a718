import { request, toFormData } from '@kit/http';
import type { ContractFile } from '@domain/schools';

export const fetchContractFiles = (schoolId: number, signal?: AbortSignal) =>
  request<ContractFile[]>('Failed to fetch contract files', (api) =>
    api.get(`super-admin/schools/${schoolId}/contract-files`, { signal }),
  );

/** Several files at once (`files` repeated); answers the school's new list. */
export const uploadContractFiles = (schoolId: number, files: File[]) =>
  request<ContractFile[]>('Failed to upload contract files', (api) =>
    api.post(`super-admin/schools/${schoolId}/contract-files`, { body: toFormData({}, { files }) }),
  );

/** Deletes the file (record and stored file); answers the school's remaining list. */
export const deleteContractFile = (fileId: number) =>
  request<ContractFile[]>('Failed to delete contract file', (api) => api.delete(`super-admin/contract-files/${fileId}`));
