import { request, toFormData } from '@kit/http';
import type { Profile } from '@domain/auth';

export const fetchProfile = () => request<Profile>('Failed to fetch profile', (api) => api.get('super-admin/profile'));

export const updateProfile = (
  fields: Partial<Pick<Profile, 'firstName' | 'lastName' | 'email' | 'phoneNumber'>>,
  picture?: File | null,
) =>
  request<Profile>('Failed to update profile', (api) =>
    api.patch('super-admin/profile', { body: toFormData(fields, { profilePicture: picture }) }),
  );
