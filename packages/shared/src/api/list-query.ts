import { z } from 'zod';

/**
 * A person's list's query string, `?q=&page=`: q searches (trimmed; blank means all) and is at most
 * `searchMaxLength` characters; page counts from 1 and defaults to it.
 */
export function searchPageQuerySchema(searchMaxLength: number) {
  return z.object({
    q: z
      .string()
      .max(searchMaxLength, `A search is at most ${searchMaxLength} characters`)
      .optional()
      .transform((value) => value?.trim() || undefined),
    page: z
      .string()
      .regex(/^[1-9][0-9]{0,5}$/, 'The page is a whole number from 1')
      .optional()
      .transform((value) => (value === undefined ? 1 : Number(value))),
  });
}

/** One page of a person's list: its items under `key`, the page, the page size and the total. */
export function pagedListSchema<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({
    ...({ [key]: z.array(item) } as { [P in K]: z.ZodArray<T> }),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
  });
}
