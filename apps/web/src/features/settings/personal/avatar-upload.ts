/**
 * POST /users/me/avatar and DELETE: the upload as multipart/form-data, its bytes and boundary
 * made by the browser (a Response over the FormData), sent through the typed client.
 */
import { settingsEndpoints } from '@chat/contracts';
import { api, client } from '../../../api';

export async function uploadAvatar(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const encoded = new Response(form);
  const contentType = encoded.headers.get('content-type') ?? 'multipart/form-data';
  const body = new Uint8Array(await encoded.arrayBuffer());
  return (await client.call(settingsEndpoints.uploadOwnAvatar, {}, { body, contentType })).avatar_url;
}

export async function deleteAvatar(): Promise<void> {
  await api(settingsEndpoints.deleteOwnAvatar, {});
}
