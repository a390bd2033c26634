import { type APIRequestContext, expect } from '@playwright/test';

/** The ingestion API's token for the suite's server (global-setup sets INGESTION_TOKEN to it). */
export const E2E_INGESTION_TOKEN = 'e2e-ingestion-token-4d1c8a7f2b9e6035';

/** Adds a Markdown document through the ingestion API, waits for its job, and answers the stored document's id. */
export async function ingestMarkdown(
  request: APIRequestContext,
  file: { name: string; text: string },
  fields: Record<string, string>,
): Promise<string> {
  const upload = await request.post('/api/ingest/documents', {
    headers: { token: E2E_INGESTION_TOKEN },
    multipart: { file: { name: file.name, mimeType: 'text/markdown', buffer: Buffer.from(file.text) }, ...fields },
  });
  expect(upload.status(), await upload.text()).toBe(202);
  const { job_id } = (await upload.json()) as { job_id: string };
  let documentId: string | undefined;
  await expect
    .poll(
      async () => {
        const job = (await (await request.get(`/api/ingest/jobs/${job_id}`, { headers: { token: E2E_INGESTION_TOKEN } })).json()) as {
          status: string;
          document_id?: string;
        };
        documentId = job.document_id;
        return job.status;
      },
      { timeout: 20_000 },
    )
    .toBe('succeeded');
  return documentId as string;
}
