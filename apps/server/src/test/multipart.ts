/** A value for one multipart field: text, or a file (Blob/File, e.g. `new File([bytes], 'a.png', { type: 'image/png' })`). */
export type MultipartValue = string | Blob;

/**
 * A multipart/form-data body for `app.inject`, encoded by the platform's own FormData (the same
 * encoder a browser uses), so tests send exactly what the web app sends:
 * `app.inject({ method: 'POST', url, ...(await multipart({ email, password })) })`.
 */
export async function multipart(
  fields: Record<string, MultipartValue | MultipartValue[]>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  const response = new Response(form);
  const contentType = response.headers.get('content-type');
  if (!contentType) throw new Error('FormData produced no content type');
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': contentType } };
}
