import { z } from 'zod';

// The body of every failure the API answers; the catalogue that reads it is errors.ts.

export const apiErrorDetailSchema = z.object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string() });
export type ApiErrorDetail = z.infer<typeof apiErrorDetailSchema>;

/** Every failure of the API, whatever the endpoint. */
export const apiErrorBodySchema = z.object({
  error_code: z.number().int().optional(),
  error_title: z.string().optional(),
  message: z.string(),
  /** A 422 names each field it refused. */
  detail: z.array(apiErrorDetailSchema).optional(),
  /** Quote it to support: it finds the request in the server's log. */
  request_id: z.string(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
